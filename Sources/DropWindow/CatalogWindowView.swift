import CCairo
import FoundationEssentials
import HeroCore
import X11Bridge

/// The catalog window (`herobridge catalog --window`): every catalog hero in a scrolling list under a
/// type-to-filter search field, drawn with cairo like the drop window. Rows are dragged out like the drop window's
/// (`onDragOut`); the XDND source is the owner's business. WM_CLASS `herobridge-catalog` / `HeroBridge`.
public final class CatalogWindowView {
    private let connection: XConnection
    /// The window with its surface, size and scale; it does what this window and the drop window do alike with
    /// their events.
    private let frame: TopLevelWindow
    private let catalog: () -> Catalog
    private let favoriteNames: () -> Set<String>
    private var layout: CatalogLayout
    private var search = SearchText()
    private var heroes: [Hero] = []
    private var favorites: Set<String> = []
    private var focused = false
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
                palette: Palette = .light, catalog: @escaping () -> Catalog, favoriteNames: @escaping () -> Set<String>) {
        self.connection = connection
        self.catalog = catalog
        self.favoriteNames = favoriteNames
        // The propertyChange mask: the XdndSelection owner on this window may ask the server for the time.
        frame = TopLevelWindow(connection: connection, given: given, defaultGeometry: Self.defaultGeometry, scale: scale,
                               palette: palette, names: .init(title: "HeroBridge catalog", instance: "herobridge-catalog",
                                            className: "HeroBridge"),
                               eventMask: [.exposure, .structure, .buttonPress, .buttonRelease, .button1Motion,
                                           .propertyChange, .keyPress, .focusChange],
                               minimum: Self.minimumSize)
        // Ask the window manager for keyboard focus: the search field is typed into.
        connection.setWantsInput(frame.window)
        layout = CatalogLayout(width: frame.logicalSize.width, height: frame.logicalSize.height, rowCount: 0)
        reload()
        connection.mapRaised(frame.window)
    }

    /// The catalog window's X window.
    public var window: Window { frame.window }
    /// The heroes shown, in order (the catalog filtered by the search text).
    public var shown: [Hero] { heroes }
    /// The scale the window is drawn at (what a drag image out of it is drawn at too).
    public var displayScale: DisplayScale { frame.scale }
    /// The colours the window is drawn with (what a drag image out of it is drawn with too).
    public var currentPalette: Palette { frame.palette }
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
        guard frame.rescale(to: new) else { return false }
        relayout(resetScroll: false)
        draw()
        return true
    }

    /// Follows a new look as `DropWindowView.setPalette` does. False when the palette is the same.
    @discardableResult
    public func setPalette(_ new: Palette) -> Bool {
        let changed = frame.repaint(in: new)
        if changed { draw() }
        return changed
    }

    /// The layout for the window's pixels at the current scale.
    private func relayout(resetScroll: Bool) {
        layout.update(width: frame.logicalSize.width, height: frame.logicalSize.height, rowCount: heroes.count,
                      resetScroll: resetScroll)
    }

    /// Feeds an event; true when it was for this window (its mapping is not: nothing here depends on it).
    public func handle(_ event: X11Event) -> Bool {
        guard let input = frame.input(from: event) else { return false }
        switch input {
        case .draw:
            draw()
        case let .focus(focused):
            self.focused = focused
            draw()
        case let .key(key):
            keyPressed(key)
        case let .scroll(by):
            layout.scrollBy(Double(by) * CatalogLayout.rowHeight)
            draw()
        case let .press(press):
            // With no window manager nobody gives us the focus; take it on a click, as click-to-focus would.
            connection.focus(window, time: press.time)
            frame.pressed(row: layout.row(at: press.x, press.y), at: press)
        case let .dragOut(row, x, y, time):
            if row < heroes.count { onDragOut?(heroes[row], x, y, time) }
        case .resized:
            relayout(resetScroll: false)
            draw()
        case .close:
            onClose?()
        case .shown:
            return false
        case .nothing:
            break
        }
        return true
    }

    /// A key in the search field: Backspace, Escape (clears), Up and Down (scroll), or the text it types.
    private func keyPressed(_ key: X11Event.Key) {
        let changed: Bool
        switch key.keysym {
        case Self.backSpace: changed = search.backspace()
        case Self.escape: changed = search.clear()
        case Self.up: layout.scrollBy(-CatalogLayout.rowHeight); draw(); return
        case Self.down: layout.scrollBy(CatalogLayout.rowHeight); draw(); return
        default: changed = search.type(key.text)
        }
        if changed { refilter(resetScroll: true) }
    }

    private func refilter(resetScroll: Bool) {
        heroes = catalog().search(search.text)
        relayout(resetScroll: resetScroll)
        draw()
    }

    private func draw() {
        let cr = cairo_create(frame.surface.pointer)!
        CatalogRenderer.draw(CatalogScene(layout: layout, scale: frame.scale.factor, heroes: heroes, query: search.text,
                                          favorites: favorites, focused: focused, palette: frame.palette), on: cr)
        cairo_destroy(cr)
        connection.flush()
    }
}
