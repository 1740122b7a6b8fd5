import CCairo
import FoundationEssentials
import HeroCore
import X11Bridge

/// The catalog window (`herobridge catalog --window`): every catalog hero in a scrolling list under a
/// type-to-filter search field, drawn with cairo like the drop window. Rows are dragged out like the drop window's
/// (`onDragOut`); the XDND source is the owner's business. The keys are the drop window's (`ListKeys`): a row is
/// selected with the arrows, Home, End, PageUp and PageDown, Enter adds its hero to the favorites (`onActivate`),
/// Ctrl+C copies it (`onCopy`), typing filters, Escape clears the filter (and closes nothing: the window is a
/// program of its own, closed by its window manager). WM_CLASS `herobridge-catalog` / `HeroBridge`.
public final class CatalogWindowView {
    private let connection: XConnection
    /// The window with its surface, size and scale; it does what this window and the drop window do alike with
    /// their events.
    private let frame: TopLevelWindow
    private let catalog: () -> Catalog
    private let favoriteNames: () -> Set<String>
    private var layout: CatalogLayout
    /// The selected row and the search text.
    private var keys = ListKeys()
    private var heroes: [Hero] = []
    /// The names of `heroes`, made once per search for `ListKeys` (not at each key and draw).
    private var names: [String] = []
    private var favorites: Set<String> = []
    private var focused = false
    /// Called when a row is pressed and dragged past the threshold: the hero, the root point, the motion's time.
    public var onDragOut: ((Hero, _ x: Int, _ y: Int, _ time: Time) -> Void)?
    /// Called when Enter is pressed on the selected row: the hero to add to the favorites.
    public var onActivate: ((Hero) -> Void)?
    /// Called when Ctrl+C is pressed on the selected row: the hero to put on the clipboard.
    public var onCopy: ((Hero) -> Void)?
    /// Called when the selection moved to another row: the hero and its row among those shown, nil for none.
    public var onSelectionChanged: ((Hero?, Int?) -> Void)?
    /// Called when the heroes shown, the search text or the selected row changed, once the window shows them (what
    /// a screen reader's picture of the window follows).
    public var onShownChanged: (() -> Void)?
    /// Called when the window manager asks to close the window.
    public var onClose: (() -> Void)?

    /// The logical size when the user gives none; its pixels are this times the scale.
    public static let defaultGeometry = WindowGeometry(width: 360, height: 520)
    /// The smallest logical size the window manager may give.
    static let minimumSize = (width: 240, height: 240)

    /// Creates and maps the window at `geometry` (pixels), else at the default size times `scale`; `catalog` and
    /// `favoriteNames` are asked again on every `reload`; `startup` is the launch that started the process, ended
    /// when the window maps.
    public init(connection: XConnection, geometry given: WindowGeometry?, scale: DisplayScale,
                palette: Palette = .light, catalog: @escaping () -> Catalog, favoriteNames: @escaping () -> Set<String>,
                startup: StartupNotification? = nil) {
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
        layout = CatalogLayout(width: frame.logicalSize.width, height: frame.logicalSize.height, rowCount: 0)
        reload()
        frame.show(startup: startup)
    }

    /// The catalog window's X window.
    public var window: Window { frame.window }
    /// The heroes shown, in order (the catalog filtered by the search text).
    public var shown: [Hero] { heroes }
    /// The scale the window is drawn at (what a drag image out of it is drawn at too).
    public var displayScale: DisplayScale { frame.scale }
    public var query: String { keys.filter.text }
    /// The hero whose row is selected, if any.
    public var selectedHero: Hero? { keys.selectedIndex(in: names).map { heroes[$0] } }
    /// The colours the window is drawn with (what a drag image out of it is drawn with too).
    public var currentPalette: Palette { frame.palette }
    /// The window's size in device pixels.
    public var pixelSize: (width: Int, height: Int) { frame.pixelSize }

    /// Where the search field, the list and each row shown are, in the window's device pixels (a row scrolled out
    /// of the list lies outside it): what a screen reader's extents are made of.
    public var partsInPixels: (search: Rect, list: Rect, rows: [Rect]) {
        let factor = frame.scale.factor
        return (layout.searchField.scaled(by: factor), layout.listViewport.scaled(by: factor),
                heroes.indices.map { layout.rowRect($0).scaled(by: factor) })
    }

    /// Selects the row of the hero named `name` (nil: no row), as a key would but without telling
    /// `onShownChanged`: the one who asks (a screen reader's SelectChild) already knows.
    public func select(named name: String?) {
        let names = heroes.map(\.name)
        let before = keys.selectedIndex(in: names)
        let index = keys.select(named: name, in: names)
        guard index != before else { return }
        if let index { layout.scrollToShow(index) }
        draw()
    }

    /// The monitors changed from `previous` to `monitors`: back onto one if the change left the window (partly) off
    /// screen. Where it went, nil when it stayed.
    @discardableResult
    public func keepOnScreen(_ monitors: MonitorLayout, previous: MonitorLayout) -> (x: Int, y: Int)? {
        frame.keepOnScreen(monitors, previous: previous)
    }

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
            if !event.isSent, let key = ListKeys.Key(key) { pressed(key) }
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

    /// Performs what `ListKeys` makes of a key over the heroes shown. Delete and Escape with no search text do
    /// nothing here.
    private func pressed(_ key: ListKeys.Key) {
        switch keys.press(key, rows: names, pageRows: layout.pageRows) {
        case let .select(index):
            layout.scrollToShow(index)
            draw()
            onSelectionChanged?(heroes[index], index)
            onShownChanged?()
        case let .activate(index): onActivate?(heroes[index])
        case let .copy(index): onCopy?(heroes[index])
        case .filterChanged: refilter(resetScroll: true)
        case .remove, .hide, .none: break
        }
    }

    /// Searches the catalog for the search text; the selection stays on its hero (`ListKeys.rowsChanged`) and is
    /// scrolled to after a new search or when its row moved.
    private func refilter(resetScroll: Bool) {
        let before = selectedHero
        let beforeIndex = keys.selectedIndex(in: names)
        heroes = catalog().search(keys.filter.text)
        names = heroes.map(\.name)
        let selected = keys.rowsChanged(names)
        relayout(resetScroll: resetScroll)
        if let selected, resetScroll || selected != beforeIndex { layout.scrollToShow(selected) }
        draw()
        if selectedHero?.name != before?.name || selected != beforeIndex { onSelectionChanged?(selectedHero, selected) }
        onShownChanged?()
    }

    private func draw() {
        let cr = cairo_create(frame.surface.pointer)!
        CatalogRenderer.draw(CatalogScene(layout: layout, scale: frame.scale.factor, heroes: heroes, query: keys.filter.text,
                                          favorites: favorites, focused: focused,
                                          selected: keys.selectedIndex(in: names), palette: frame.palette), on: cr)
        cairo_destroy(cr)
        connection.flush()
    }
}
