import CCairo
import CX11
import FoundationEssentials
import HeroCore
import X11Bridge

/// The catalog window (`herobridge catalog --window`): every catalog hero in a scrolling list under a
/// type-to-filter search field, drawn with cairo like the drop window. Rows are dragged out like the drop window's
/// (`onDragOut`); the XDND source is the owner's business. WM_CLASS `herobridge-catalog` / `HeroBridge`.
public final class CatalogWindowView {
    public let window: Window
    private let connection: XConnection
    private let catalog: () -> Catalog
    private let favoriteNames: () -> Set<String>
    private var surface: OpaquePointer
    private var layout: CatalogLayout
    /// The window's size in device pixels; `layout` is this divided by the scale.
    private var pixelSize: (width: Int, height: Int)
    private var scale: DisplayScale
    /// The geometry the user gave (`--geometry`): a size in it is kept in pixels whatever the scale.
    private let givenGeometry: WindowGeometry?
    private var search = SearchText()
    private var heroes: [Hero] = []
    private var favorites: Set<String> = []
    private var focused = false
    private var gesture = DragGesture()
    /// Called when a row is pressed and dragged past the threshold: the hero, the root point, the motion's time.
    public var onDragOut: ((Hero, _ x: Int, _ y: Int, _ time: Time) -> Void)?
    /// Called when the window manager asks to close the window.
    public var onClose: (() -> Void)?

    /// The logical size when the user gives none; its pixels are this times the scale.
    public static let defaultGeometry = WindowGeometry(width: 360, height: 520)
    /// The smallest logical size the window manager may give.
    static let minimumSize = (width: 240, height: 240)
    /// Keysyms (keysymdef.h) the field handles besides text.
    private static let backSpace: KeySym = 0xff08, escape: KeySym = 0xff1b, up: KeySym = 0xff52, down: KeySym = 0xff54

    /// Creates and maps the window at `geometry` (pixels), else at the default size times `scale`; `catalog` and
    /// `favoriteNames` are asked again on every `reload`.
    public init(connection: XConnection, geometry given: WindowGeometry?, scale: DisplayScale,
                catalog: @escaping () -> Catalog, favoriteNames: @escaping () -> Set<String>) {
        self.connection = connection
        self.scale = scale
        givenGeometry = given
        let geometry = scale.windowGeometry(given: given, default: Self.defaultGeometry)
        pixelSize = (geometry.width, geometry.height)
        self.catalog = catalog
        self.favoriteNames = favoriteNames
        // PropertyChangeMask: the XdndSelection owner on this window may ask the server for the time.
        window = TopLevelWindow.create(connection: connection, geometry: geometry,
                                       names: .init(title: "HeroBridge catalog", instance: "herobridge-catalog",
                                                    className: "HeroBridge"),
                                       eventMask: ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
                                           | Button1MotionMask | PropertyChangeMask | KeyPressMask | FocusChangeMask,
                                       minimum: scale.minimumSize(Self.minimumSize, given: given))
        // Ask the window manager for keyboard focus: the search field is typed into.
        connection.setWantsInput(window)
        layout = CatalogLayout(width: Double(geometry.width) / scale.factor, height: Double(geometry.height) / scale.factor,
                               rowCount: 0)
        surface = cairo_xlib_surface_create(connection.display, window, connection.defaultVisual,
                                            Int32(geometry.width), Int32(geometry.height))
        reload()
        connection.mapRaised(window)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The heroes shown, in order (the catalog filtered by the search text).
    public var shown: [Hero] { heroes }
    /// The scale the window is drawn at (what a drag image out of it is drawn at too).
    public var displayScale: DisplayScale { scale }
    public var query: String { search.text }

    /// Re-reads the catalog and the favorites (a change by another process) and redraws.
    public func reload() {
        favorites = favoriteNames()
        refilter(resetScroll: false)
    }

    /// Follows a new scale as `DropWindowView.setScale` does (this window has no thumbnails). False when the factor
    /// is the same and nothing was done.
    @discardableResult
    public func setScale(_ new: DisplayScale) -> Bool {
        guard new.factor != scale.factor else { return false }
        TopLevelWindow.rescale(window, connection: connection, from: scale, to: new, pixelSize: pixelSize,
                               given: givenGeometry, minimum: Self.minimumSize)
        scale = new
        relayout(resetScroll: false)
        draw()
        return true
    }

    /// The layout for the window's pixels at the current scale.
    private func relayout(resetScroll: Bool) {
        layout.update(width: Double(pixelSize.width) / scale.factor, height: Double(pixelSize.height) / scale.factor,
                      rowCount: heroes.count, resetScroll: resetScroll)
    }

    /// Feeds an event; true when it was for this window.
    public func handle(_ event: XEvent) -> Bool {
        switch event.type {
        case Expose where event.xexpose.window == window:
            if event.xexpose.count == 0 { draw() }
        case ConfigureNotify where event.xconfigure.window == window:
            guard let size = TopLevelWindow.resize(event.xconfigure, surface: surface, from: pixelSize) else { return true }
            pixelSize = size
            relayout(resetScroll: false)
            draw()
        case FocusIn where event.xfocus.window == window:
            focused = true; draw()
        case FocusOut where event.xfocus.window == window:
            focused = false; draw()
        case KeyPress where event.xkey.window == window:
            key(event.xkey)
        case ButtonPress where event.xbutton.window == window:
            press(event.xbutton)
        case MotionNotify where event.xmotion.window == window:
            guard let index = gesture.moved(x: Int(event.xmotion.x_root), y: Int(event.xmotion.y_root)),
                  index < heroes.count else { return true }
            onDragOut?(heroes[index], Int(event.xmotion.x_root), Int(event.xmotion.y_root), event.xmotion.time)
        case ButtonRelease where event.xbutton.window == window:
            gesture.released()
        case ClientMessage where TopLevelWindow.isDeleteRequest(event, window: window, connection: connection):
            onClose?()
        default:
            return false
        }
        return true
    }

    private func key(_ event: XKeyEvent) {
        let (bytes, keysym) = connection.typed(by: event)
        let changed: Bool
        switch keysym {
        case Self.backSpace: changed = search.backspace()
        case Self.escape: changed = search.clear()
        case Self.up: layout.scrollBy(-CatalogLayout.rowHeight); draw(); return
        case Self.down: layout.scrollBy(CatalogLayout.rowHeight); draw(); return
        default:
            // XLookupString gives Latin-1 in the C locale; as Latin-1 every byte is its own code point.
            changed = search.type(String(bytes.map { Character(Unicode.Scalar($0)) }))
        }
        if changed { refilter(resetScroll: true) }
    }

    private func press(_ event: XButtonEvent) {
        switch event.button {
        case 4: layout.scrollBy(-CatalogLayout.rowHeight); draw()
        case 5: layout.scrollBy(CatalogLayout.rowHeight); draw()
        case 1:
            // With no window manager nobody gives us the focus; take it on a click, as click-to-focus would.
            connection.focus(window, time: event.time)
            let point = scale.logical(x: Int(event.x), y: Int(event.y))
            gesture.pressed(row: layout.row(at: point.x, point.y), x: Int(event.x_root), y: Int(event.y_root))
        default: break
        }
    }

    private func refilter(resetScroll: Bool) {
        heroes = catalog().search(search.text)
        relayout(resetScroll: resetScroll)
        draw()
    }

    private func draw() {
        let cr = cairo_create(surface)!
        CatalogRenderer.draw(CatalogScene(layout: layout, scale: scale.factor, heroes: heroes, query: search.text, favorites: favorites,
                                          focused: focused), on: cr)
        cairo_destroy(cr)
        connection.flush()
    }
}
