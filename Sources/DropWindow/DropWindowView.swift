import CCairo
import FoundationEssentials
import HeroCore
import X11Bridge

/// The drop window: a top-level X window drawn with cairo, showing the "Drop here!" circle, the favorites and a
/// status line. It handles its own Expose, resize, scrolling, star clicks, keys and WM_DELETE_WINDOW (hide); the
/// XDND protocol is `XdndTarget`'s, which reports hovers here. It takes the keyboard focus on a click and on
/// `show()`; then the keys of `ListKeys` select a row (with a focus ring), copy it (Enter, Ctrl+C: `onCopy`),
/// remove it (Delete: `onRemove`, as its star does), filter the rows by what is typed (the status line shows the
/// filter), and Escape clears the filter, then hides the window. It reads no database and decodes no image: the
/// agent hands it the rows (`show(rows:)`, then the following pages with `append(rows:)`, then what changed with
/// `show(changes:)`), and the thumbnails it asks for (`onThumbnailsWanted`, for the rows it draws and lacks them
/// for; until then a row shows its initial) once its worker made them (`store(thumbnail:for:)`). It holds a
/// `FavoriteRow` per favorite (name, description, portrait's SHA-256), in listing order; a change is applied by
/// binary search and an insert or removal in that array, never by building it again, and the keyboard's
/// selection is found in it by binary search (`ShownNames`).
public final class DropWindowView {
    private let connection: XConnection
    /// The window with its surface, size and scale; it does what this window and the catalog's do alike with
    /// their events.
    private let frame: TopLevelWindow
    private var layout: DropLayout
    /// Every favorite's row, in listing order, as the agent handed them.
    private var allRows: [FavoriteRow] = []
    /// The rows the typed filter leaves, nil while none is typed (then the rows shown are `allRows` itself: no
    /// second array holds them, so a change mutates `allRows` in place).
    private var filtered: [FavoriteRow]?
    /// The favorites shown: `allRows` through the typed filter.
    private var rows: [FavoriteRow] { filtered ?? allRows }
    /// The names of `rows` for `ListKeys`.
    private var names: ShownNames { ShownNames(rows: rows, sorted: filtered == nil) }
    /// The selected row and the typed filter.
    private var keys = ListKeys()
    private var focused = false
    /// `show()` mapped the window: it takes the focus once the server says it is mapped.
    private var focusWhenMapped = false
    private var hover: (x: Double, y: Double, acceptable: Bool, carriesImage: Bool)?
    private var status = "Copy a hero's name, or drop text or images here."
    private var pauseNote: String?
    private let thumbnails: ThumbnailCache
    private(set) public var isShown = true
    /// Called when a row is pressed and dragged past the threshold: the favorite, the root point and the time of
    /// the motion that started the drag. Whoever owns it runs the XDND source.
    public var onDragOut: ((FavoriteRow, _ x: Int, _ y: Int, _ time: Time) -> Void)?
    /// Called when a row's star is clicked, or Delete is pressed on the selected row: whoever owns the favorites
    /// removes it, then shows the new rows.
    public var onRemove: ((FavoriteRow) -> Void)?
    /// Called when Enter or Ctrl+C is pressed on the selected row: whoever owns the worker puts the hero on the
    /// clipboard, as `herobridge copy` does.
    public var onCopy: ((FavoriteRow) -> Void)?
    /// Called when the selection moved to another row, by a key or because the rows changed under it: the
    /// favorite and its row among the rows shown, nil for none (what an accessibility bridge announces).
    public var onSelectionChanged: ((FavoriteRow?, Int?) -> Void)?
    /// Called when the typed filter changed, with the rows it leaves (in order).
    public var onFilterChanged: ((_ filter: String, _ shown: [FavoriteRow]) -> Void)?
    /// Called by a draw with the rows on screen whose portrait has no thumbnail yet and was not asked for (each
    /// portrait once), and the side in device pixels to make them at: whoever owns the worker makes them there
    /// and hands each back with `store(thumbnail:for:)`. Rows off screen, or drawn while the window is hidden,
    /// ask for nothing: a thousand favorites cost the thumbnails of the few rows shown.
    public var onThumbnailsWanted: ((_ rows: [FavoriteRow], _ pixels: Int) -> Void)?

    /// The logical size of the window when the user gives none; its pixels are this times the scale.
    public static let defaultGeometry = WindowGeometry.default
    /// The smallest logical size the window manager may give.
    static let minimumSize = (width: 240, height: 360)

    /// Creates and maps the window at `geometry` (pixels), else at the default size times `scale`, with no rows
    /// until `show(rows:)`; `startup` is the launch that started the agent, ended when the window maps.
    public init(connection: XConnection, geometry given: WindowGeometry?, scale: DisplayScale, palette: Palette = .light,
                startup: StartupNotification? = nil) {
        self.connection = connection
        thumbnails = ThumbnailCache(pixelSize: scale.pixels(DropLayout.thumbnailSize))
        // Button-1 motion and releases tell a click on a row from the start of a drag out of it; property changes
        // let the XdndSelection owner on this window ask the server for the time (ICCCM's zero-length append).
        frame = TopLevelWindow(connection: connection, given: given, defaultGeometry: Self.defaultGeometry, scale: scale,
                               palette: palette, names: .init(title: "HeroBridge", instance: "herobridge", className: "HeroBridge"),
                               eventMask: [.exposure, .structure, .buttonPress, .buttonRelease, .button1Motion,
                                           .propertyChange, .keyPress, .focusChange],
                               minimum: Self.minimumSize)
        layout = DropLayout(width: frame.logicalSize.width, height: frame.logicalSize.height, rowCount: 0)
        frame.show(startup: startup)
    }

    /// The drop window's X window.
    public var window: Window { frame.window }

    /// Shows `rows` (the favorites' rows, sorted; the first page of them at a start) through the typed filter
    /// and redraws; thumbnails of portraits no longer shown go, and those of the rows now on screen are asked for
    /// (`onThumbnailsWanted`). The selection stays on its hero (`ListKeys.rowsChanged`).
    public func show(rows new: [FavoriteRow]) {
        thumbnails.keep(only: Set(new.compactMap(\.portrait)))
        rowsChanged {
            allRows = new
            filtered = filter(allRows)
        }
    }

    /// Adds `page`, the rows that sort after every row shown (the next page of a start's read), and redraws.
    public func append(rows page: [FavoriteRow]) {
        guard !page.isEmpty else { return }
        rowsChanged {
            allRows.append(contentsOf: page)
            if filtered != nil { filtered = filter(allRows) }
        }
    }

    /// How many favorites the window holds (every row, whatever the filter).
    public var rowCount: Int { allRows.count }

    /// The favorites shown, in order: all of them, or those the typed filter matches.
    public var shownRows: [FavoriteRow] { rows }
    /// The typed filter ("" for none).
    public var filter: String { keys.filter.text }
    /// The favorite whose row is selected, if any.
    public var selectedFavorite: FavoriteRow? { keys.selectedIndex(in: names).map { rows[$0] } }
    /// The window's size in device pixels.
    public var pixelSize: (width: Int, height: Int) { frame.pixelSize }

    /// Where the drop target (the circle's square), the list, the status line and each row given to a screen
    /// reader (`accessibleRows`, in order) are, in the window's device pixels (a row scrolled out of the list lies
    /// outside it): what a screen reader's extents are made of.
    public var partsInPixels: (target: Rect, list: Rect, status: Rect, rows: [Rect]) {
        let factor = frame.scale.factor, center = layout.circleCenter, radius = layout.circleRadius
        let target = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        return (target.scaled(by: factor), layout.listViewport.scaled(by: factor), layout.statusLine.scaled(by: factor),
                accessibleRange.map { layout.rowRect($0).scaled(by: factor) })
    }

    /// At most `accessibleRowLimit` of the rows shown, around the selected row (else the first ones): what a
    /// screen reader is given as the list's items. A tree of 100,000 items, built again at each change, would cost
    /// the X thread a pass over every row; a screen reader reads the rows near the focus. It moves with the
    /// selection only (not with the scroll), so the rows the agent gave at the last change or move are the ones
    /// `partsInPixels` places.
    public var accessibleRows: [FavoriteRow] {
        let rows = self.rows
        guard rows.count > Self.accessibleRowLimit else { return rows }
        return Array(rows[accessibleRange])
    }

    /// The indices of `accessibleRows` among the rows shown.
    private var accessibleRange: Range<Int> {
        let count = rows.count
        guard count > Self.accessibleRowLimit else { return 0..<count }
        return Self.accessibleRange(rowCount: count, around: keys.selectedIndex(in: names) ?? 0)
    }

    /// The most rows `accessibleRows` gives.
    public static let accessibleRowLimit = 200

    /// The `limit` rows (all of them when there are fewer) of `rowCount` with `center` in their middle, moved
    /// inside the rows at either end.
    static func accessibleRange(rowCount: Int, around center: Int, limit: Int = accessibleRowLimit) -> Range<Int> {
        guard rowCount > limit else { return 0..<rowCount }
        let start = max(0, min(center - limit / 2, rowCount - limit))
        return start..<start + limit
    }

    /// The rows through the typed filter; nil when none is typed.
    private func filter(_ rows: [FavoriteRow]) -> [FavoriteRow]? {
        keys.filter.text.isEmpty ? nil : HeroQuery(keys.filter.text).filter(rows, name: \.name, description: \.description)
    }

    /// Changes the rows with `change` (which sets `allRows` and `filtered`), keeps the selection on its hero, lays
    /// out and redraws. When the selected row moved (rows added or removed above it, its hero gone), it is
    /// scrolled into view; a reload that leaves it in place keeps the scroll the wheel gave.
    private func rowsChanged(_ change: () -> Void) {
        let before = selectedFavorite
        let beforeIndex = keys.selectedIndex(in: names)
        change()
        let selected = keys.rowsChanged(names)
        layout.update(width: layout.width, height: layout.height, rowCount: rows.count)
        if let selected, selected != beforeIndex { layout.scrollToShow(selected) }
        draw()
        if selectedFavorite?.name != before?.name || selected != beforeIndex {
            onSelectionChanged?(selectedFavorite, selected)
        }
    }

    /// Applies what changed since the rows last shown (`FavoritesChanges`: the favorites that changed, or every
    /// favorite when the store could not say) and redraws; nothing changed, nothing is done. Only the changed rows
    /// are touched (while a filter is typed, the filter runs again over the names held), and only the thumbnails
    /// of the portraits they no longer show are dropped.
    public func show(changes: FavoritesChanges) {
        guard !changes.isEmpty else { return }
        rowsChanged {
            let removed = changes.apply(to: &allRows)
            var gone = Set(removed.compactMap(\.portrait))
            if changes.all != nil {
                gone.subtract(allRows.compactMap(\.portrait))
            } else {
                gone.subtract(changes.changed.compactMap { $0.now?.hero.portrait?.sha256 })
            }
            if !gone.isEmpty { thumbnails.keep(only: thumbnails.known.union(thumbnails.pending).subtracting(gone)) }
            if filtered != nil { filtered = filter(allRows) }
        }
    }

    /// Stores the thumbnail made for portrait `sha256` (nil: it cannot be decoded, the row keeps its initial) and
    /// redraws when a row on screen shows it. One made at another size than `thumbnailPixels` (asked for before
    /// the scale changed) is dropped.
    public func store(thumbnail: Thumbnail?, for sha256: String) {
        thumbnails.store(thumbnail, sha256: sha256)
        let rows = self.rows
        if layout.visibleRows.contains(where: { rows[$0].portrait == sha256 }) { draw() }
    }

    /// The scale the window is drawn at (what a drag image out of it is drawn at too).
    public var displayScale: DisplayScale { frame.scale }

    /// The thumbnail the window shows for `favorite` (a cairo surface it owns), nil when it has none.
    public func thumbnail(of favorite: FavoriteRow) -> OpaquePointer? {
        favorite.portrait.flatMap { thumbnails.surface(sha256: $0) }
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
        guard frame.rescale(to: new) else { return false }
        thumbnails.reset(pixelSize: new.pixels(DropLayout.thumbnailSize))
        relayout()
        draw()
        return true
    }

    /// Follows a new look (light or dark): the window's background and everything drawn on it. False when the
    /// palette is the same and nothing was done.
    @discardableResult
    public func setPalette(_ new: Palette) -> Bool {
        guard frame.repaint(in: new) else { return false }
        draw()
        return true
    }

    /// The colours the window is drawn with (what a drag image out of it is drawn with too).
    public var currentPalette: Palette { frame.palette }

    /// The layout for the window's pixels at the current scale.
    private func relayout() {
        layout.update(width: frame.logicalSize.width, height: frame.logicalSize.height, rowCount: rows.count)
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

    /// Maps the window again, raises it and gives it the keyboard focus (`herobridge show`, the tray icon), on the
    /// monitor that holds `point` (the tray icon's middle; nil: the pointer) unless the user gave its place
    /// (`TopLevelWindow.moveForShowing`), ending `startup`'s launch when there is one (`herobridge show` run from the
    /// desktop entry). A window still unmapped cannot take the focus: it is given once the MapNotify comes.
    public func show(near point: (x: Int, y: Int)? = nil, startup: StartupNotification? = nil) {
        frame.moveForShowing(near: point)
        frame.show(startup: startup)
        if isShown { connection.focus(window, time: XConnection.currentTime) } else { focusWhenMapped = true }
        isShown = true
        connection.flush()
    }

    /// The monitors changed from `previous` to `monitors`: back onto one if the change left the window (partly) off
    /// screen, shown or hidden. Where it went, nil when it stayed.
    @discardableResult
    public func keepOnScreen(_ monitors: MonitorLayout, previous: MonitorLayout) -> (x: Int, y: Int)? {
        frame.keepOnScreen(monitors, previous: previous)
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
    public func favorite(atRoot point: (x: Int, y: Int)) -> FavoriteRow? {
        let local = windowPoint(root: point)
        return layout.row(at: local.x, local.y).map { rows[$0] }
    }

    /// Feeds an event; true when it was for this window.
    public func handle(_ event: X11Event) -> Bool {
        guard let input = frame.input(from: event) else { return false }
        switch input {
        case .draw:
            draw()
        case .resized:
            relayout()
            draw()
        case let .shown(shown):
            isShown = shown
            if shown && focusWhenMapped { connection.focus(window, time: XConnection.currentTime) }
            focusWhenMapped = false
        case let .focus(focused):
            self.focused = focused
            draw()
        case let .key(key):
            if !event.isSent, let key = ListKeys.Key(key) { pressed(key) }
        case let .press(press):
            // With no window manager nobody gives us the focus; take it on a click, as click-to-focus would.
            connection.focus(window, time: press.time)
            click(press)
        case let .dragOut(row, x, y, time):
            if row < rows.count { onDragOut?(rows[row], x, y, time) }
        case let .scroll(by):
            layout.scrollBy(Double(by) * DropLayout.rowHeight)
            draw()
        case .close:
            // Closing the window only hides it: the agent keeps watching the clipboard.
            connection.unmap(window)
            isShown = false
        case .nothing:
            break
        }
        return true
    }

    /// Selects the row of the hero named `name` (nil: no row), as a key would but without telling
    /// `onSelectionChanged`: the one who asks (a screen reader's SelectChild) already knows.
    public func select(named name: String?) {
        let before = keys.selectedIndex(in: names)
        let index = keys.select(named: name, in: names)
        guard index != before else { return }
        if let index { layout.scrollToShow(index) }
        draw()
    }

    /// Performs what `ListKeys` makes of a key over the rows shown.
    private func pressed(_ key: ListKeys.Key) {
        switch keys.press(key, rows: names, pageRows: layout.pageRows) {
        case .none: break
        case let .select(index):
            layout.scrollToShow(index)
            draw()
            onSelectionChanged?(rows[index], index)
        case let .activate(index), let .copy(index): onCopy?(rows[index])
        case let .remove(index): onRemove?(rows[index])
        case .filterChanged:
            rowsChanged { filtered = filter(allRows) }
            onFilterChanged?(keys.filter.text, rows)
        case .hide: hide()
        }
    }

    /// Button 1 on a row's star removes that favorite; on the rest of a row it may become a drag out of the
    /// window once the pointer moves.
    private func click(_ press: TopLevelWindow.Press) {
        guard let index = layout.star(at: press.x, press.y) else {
            frame.pressed(row: layout.row(at: press.x, press.y), at: press)
            return
        }
        frame.cancelDrag()
        onRemove?(rows[index])
    }

    /// A root point in the window's logical units.
    private func windowPoint(root point: (x: Int, y: Int)) -> (x: Double, y: Double) {
        let local = connection.translate(rootX: point.x, rootY: point.y, to: window)
        return frame.scale.logical(x: local?.x ?? 0, y: local?.y ?? 0)
    }

    private func draw() {
        guard isShown else { return }
        let cr = cairo_create(frame.surface.pointer)!
        let scene = DropScene(layout: layout, scale: frame.scale.factor, favorites: rows, hover: hover,
                              status: pauseNote.map { "\($0) · \(statusText)" } ?? statusText,
                              selected: keys.selectedIndex(in: names), focused: focused,
                              filter: keys.filter.text, palette: frame.palette)
        DropRenderer.draw(scene, on: cr) { [thumbnails] favorite in
            favorite.portrait.flatMap { thumbnails.surface(sha256: $0) }
        }
        cairo_destroy(cr)
        connection.flush()
        requestThumbnails()
    }

    /// The status line: while a filter is typed, the filter and how many rows it leaves; else the last status.
    private var statusText: String {
        let filter = keys.filter.text
        guard !filter.isEmpty else { return status }
        return "Filter \u{201C}\(filter)\u{201D}: \(rows.count) of \(allRows.count) · Esc clears"
    }

    /// Asks for the thumbnails the rows just drawn lack (each portrait once: the cache keeps what is pending).
    private func requestThumbnails() {
        guard let onThumbnailsWanted else { return }
        let rows = self.rows
        let visible = layout.visibleRows.map { rows[$0] }
        let wanted = Set(thumbnails.request(visible.compactMap(\.portrait)))
        guard !wanted.isEmpty else { return }
        var seen: Set<String> = []
        let asked = visible.filter { favorite in
            guard let sha = favorite.portrait, wanted.contains(sha) else { return false }
            return seen.insert(sha).inserted
        }
        onThumbnailsWanted(asked, thumbnails.pixelSize)
    }
}
