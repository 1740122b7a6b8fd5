import CCairo
import CX11
import FoundationEssentials
import HeroCore
import X11Bridge

/// The drop window: a top-level X window drawn with cairo, showing the "Drop here!" circle, the favorites and a
/// status line. It handles its own Expose, resize, scrolling, star clicks and WM_DELETE_WINDOW (hide); the XDND
/// protocol is `XdndTarget`'s, which reports hovers here. It reads no database and decodes no image: the agent
/// hands it the rows (`show(rows:)`), and the thumbnails it asks for (`onThumbnailsWanted`, for the rows it draws
/// and lacks them for; until then a row shows its initial) once its worker made them (`store(thumbnail:for:)`).
public final class DropWindowView {
    public let window: Window
    private let connection: XConnection
    private var surface: OpaquePointer
    private var layout: DropLayout
    /// The window's size in device pixels; `layout` is this divided by the scale.
    private var pixelSize: (width: Int, height: Int)
    private var scale: DisplayScale
    /// The geometry the user gave (`--geometry`): a size in it is kept in pixels whatever the scale, never resized
    /// by us; a place alone leaves the size to the scale.
    private let givenGeometry: WindowGeometry?
    private var rows: [Favorite] = []
    private var hover: (x: Double, y: Double, acceptable: Bool, carriesImage: Bool)?
    private var status = "Copy a hero's name, or drop text or images here."
    private var pauseNote: String?
    private let thumbnails: ThumbnailCache
    private(set) public var isShown = true
    private var gesture = DragGesture()
    /// Called when a row is pressed and dragged past the threshold: the favorite, the root point and the time of
    /// the motion that started the drag. Whoever owns it runs the XDND source.
    public var onDragOut: ((Favorite, _ x: Int, _ y: Int, _ time: Time) -> Void)?
    /// Called when a row's star is clicked: whoever owns the favorites removes it, then shows the new rows.
    public var onRemove: ((Favorite) -> Void)?
    /// Called by a draw with the rows on screen whose portrait has no thumbnail yet and was not asked for (each
    /// portrait once), and the side in device pixels to make them at: whoever owns the worker makes them there
    /// and hands each back with `store(thumbnail:for:)`. Rows off screen, or drawn while the window is hidden,
    /// ask for nothing: a thousand favorites cost the thumbnails of the few rows shown.
    public var onThumbnailsWanted: ((_ rows: [Favorite], _ pixels: Int) -> Void)?

    /// The logical size of the window when the user gives none; its pixels are this times the scale.
    public static let defaultGeometry = WindowGeometry.default
    /// The smallest logical size the window manager may give.
    static let minimumSize = (width: 240, height: 360)

    /// Creates and maps the window at `geometry` (pixels), else at the default size times `scale`, with no rows
    /// until `show(rows:)`.
    public init(connection: XConnection, geometry given: WindowGeometry?, scale: DisplayScale) {
        self.connection = connection
        self.scale = scale
        givenGeometry = given
        thumbnails = ThumbnailCache(pixelSize: scale.pixels(DropLayout.thumbnailSize))
        let geometry = scale.windowGeometry(given: given, default: Self.defaultGeometry)
        // Button-1 motion and releases tell a click on a row from the start of a drag out of it; property changes
        // let the XdndSelection owner on this window ask the server for the time (ICCCM's zero-length append).
        window = TopLevelWindow.create(connection: connection, geometry: geometry,
                                       names: .init(title: "HeroBridge", instance: "herobridge", className: "HeroBridge"),
                                       eventMask: ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
                                           | Button1MotionMask | PropertyChangeMask,
                                       minimum: scale.minimumSize(Self.minimumSize, given: given))
        pixelSize = (geometry.width, geometry.height)
        layout = DropLayout(width: Double(geometry.width) / scale.factor, height: Double(geometry.height) / scale.factor,
                            rowCount: 0)
        surface = cairo_xlib_surface_create(connection.display, window, connection.defaultVisual,
                                            Int32(geometry.width), Int32(geometry.height))
        connection.mapRaised(window)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Shows `rows` (the favorites, sorted) and redraws; thumbnails of portraits no longer shown go, and those of
    /// the rows now on screen are asked for (`onThumbnailsWanted`).
    public func show(rows: [Favorite]) {
        self.rows = rows
        thumbnails.keep(only: Set(rows.compactMap { $0.hero.portrait?.sha256 }))
        layout.update(width: layout.width, height: layout.height, rowCount: rows.count)
        draw()
    }

    /// Stores the thumbnail made for portrait `sha256` (nil: it cannot be decoded, the row keeps its initial) and
    /// redraws when a row on screen shows it. One made at another size than `thumbnailPixels` (asked for before
    /// the scale changed) is dropped.
    public func store(thumbnail: Thumbnail?, for sha256: String) {
        thumbnails.store(thumbnail, sha256: sha256)
        if layout.visibleRows.contains(where: { rows[$0].hero.portrait?.sha256 == sha256 }) { draw() }
    }

    /// The scale the window is drawn at (what a drag image out of it is drawn at too).
    public var displayScale: DisplayScale { scale }

    /// The thumbnail the window shows for `favorite` (a cairo surface it owns), nil when it has none.
    public func thumbnail(of favorite: Favorite) -> OpaquePointer? {
        favorite.hero.portrait.flatMap { thumbnails.surface(sha256: $0.sha256) }
    }

    /// The side, in device pixels, of the thumbnails this window wants: `DropLayout.thumbnailSize` scaled, so a
    /// portrait is as sharp as the screen allows.
    public var thumbnailPixels: Int { thumbnails.pixelSize }

    /// Follows a new scale: when the factor changed, the window is resized by the ratio (unless the user gave its
    /// geometry), its minimum size follows, the thumbnails are forgotten, and it is redrawn (which asks for those
    /// of the rows shown again, at the new `thumbnailPixels`). False when the factor is the same and nothing was
    /// done.
    @discardableResult
    public func setScale(_ new: DisplayScale) -> Bool {
        guard new.factor != scale.factor else { return false }
        TopLevelWindow.rescale(window, connection: connection, from: scale, to: new, pixelSize: pixelSize,
                               given: givenGeometry, minimum: Self.minimumSize)
        scale = new
        thumbnails.reset(pixelSize: new.pixels(DropLayout.thumbnailSize))
        relayout()
        draw()
        return true
    }

    /// The layout for the window's pixels at the current scale.
    private func relayout() {
        layout.update(width: Double(pixelSize.width) / scale.factor, height: Double(pixelSize.height) / scale.factor,
                      rowCount: rows.count)
    }

    /// Shows `text` in the status line.
    public func setStatus(_ text: String) {
        status = text
        draw()
    }

    /// "Paused until 14:05" while the clipboard is paused, nil otherwise. It stays in front of whatever the status
    /// line says next (a drop still works while paused, and its outcome must not hide that nothing is read).
    public func setPauseNote(_ note: String?) {
        pauseNote = note
        draw()
    }

    /// Maps the window again and raises it (`herobridge show`).
    public func show() {
        connection.mapRaised(window)
        isShown = true
        connection.flush()
    }

    /// Unmaps the window (the tray icon's click): hidden, not destroyed; the agent goes on watching.
    public func hide() {
        connection.unmap(window)
        isShown = false
        connection.flush()
    }

    /// Hover feedback from the XDND target: root coordinates, or nil when the drag is gone.
    public func hover(root point: (x: Int, y: Int)?, acceptable: Bool, carriesImage: Bool) {
        guard let point else {
            if hover != nil { hover = nil; draw() }
            return
        }
        let local = windowPoint(root: point)
        hover = (local.x, local.y, acceptable, carriesImage)
        draw()
    }

    /// The favorite whose row is under a root point (where an image dropped there goes), if any.
    public func favorite(atRoot point: (x: Int, y: Int)) -> Favorite? {
        let local = windowPoint(root: point)
        return layout.row(at: local.x, local.y).map { rows[$0] }
    }

    /// Feeds an event; true when it was for this window.
    public func handle(_ event: XEvent) -> Bool {
        switch event.type {
        case Expose where event.xexpose.window == window:
            if event.xexpose.count == 0 { draw() }
        case ConfigureNotify where event.xconfigure.window == window:
            guard let size = TopLevelWindow.resize(event.xconfigure, surface: surface, from: pixelSize) else { return true }
            pixelSize = size
            relayout()
            draw()
        case MapNotify where event.xmap.window == window:
            isShown = true
        case UnmapNotify where event.xunmap.window == window:
            isShown = false
        case ButtonPress where event.xbutton.window == window:
            click(event.xbutton)
        case MotionNotify where event.xmotion.window == window:
            guard let index = gesture.moved(x: Int(event.xmotion.x_root), y: Int(event.xmotion.y_root)),
                  index < rows.count else { return true }
            onDragOut?(rows[index], Int(event.xmotion.x_root), Int(event.xmotion.y_root), event.xmotion.time)
        case ButtonRelease where event.xbutton.window == window:
            gesture.released()
        case ClientMessage where TopLevelWindow.isDeleteRequest(event, window: window, connection: connection):
            // Closing the window only hides it: the agent keeps watching the clipboard.
            connection.unmap(window)
            isShown = false
        default:
            return false
        }
        return true
    }

    private func click(_ press: XButtonEvent) {
        let (x, y) = scale.logical(x: Int(press.x), y: Int(press.y))
        switch press.button {
        case 4: layout.scrollBy(-DropLayout.rowHeight); draw()
        case 5: layout.scrollBy(DropLayout.rowHeight); draw()
        case 1:
            // A press on a row (not its star) may become a drag out of the window once the pointer moves.
            guard let index = layout.star(at: x, y) else {
                gesture.pressed(row: layout.row(at: x, y), x: Int(press.x_root), y: Int(press.y_root))
                return
            }
            gesture.released()
            onRemove?(rows[index])
        default: break
        }
    }

    /// A root point in the window's logical units.
    private func windowPoint(root point: (x: Int, y: Int)) -> (x: Double, y: Double) {
        let local = connection.translate(rootX: point.x, rootY: point.y, to: window)
        return scale.logical(x: local?.x ?? 0, y: local?.y ?? 0)
    }

    private func draw() {
        guard isShown else { return }
        let cr = cairo_create(surface)!
        let scene = DropScene(layout: layout, scale: scale.factor, favorites: rows, hover: hover,
                              status: pauseNote.map { "\($0) · \(status)" } ?? status)
        DropRenderer.draw(scene, on: cr) { [thumbnails] favorite in
            favorite.hero.portrait.flatMap { thumbnails.surface(sha256: $0.sha256) }
        }
        cairo_destroy(cr)
        connection.flush()
        requestThumbnails()
    }

    /// Asks for the thumbnails the rows just drawn lack (each portrait once: the cache keeps what is pending).
    private func requestThumbnails() {
        guard let onThumbnailsWanted else { return }
        let visible = layout.visibleRows.map { rows[$0] }
        let wanted = Set(thumbnails.request(visible.compactMap { $0.hero.portrait?.sha256 }))
        guard !wanted.isEmpty else { return }
        var seen: Set<String> = []
        let asked = visible.filter { favorite in
            guard let sha = favorite.hero.portrait?.sha256, wanted.contains(sha) else { return false }
            return seen.insert(sha).inserted
        }
        onThumbnailsWanted(asked, thumbnails.pixelSize)
    }
}
