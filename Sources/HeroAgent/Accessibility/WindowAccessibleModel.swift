import Accessibility

/// What a window shows, as the value a screen reader's tree is made of (`DropAccessibleTree`, `CatalogAccessibleTree`):
/// its rows (`AccessibleRows`), whether it has the keyboard focus, and the tree those make. `WindowAccessibility`
/// keeps one on the bus.
protocol WindowAccessibleModel {
    var rows: AccessibleRows { get set }
    /// Whether the window has the keyboard focus (the frame is then active).
    var active: Bool { get set }
    var tree: AccessibleTree { get }
    /// The frame's id: its extents are the whole window.
    static var frameID: String { get }
    /// The row of the hero `name` is selected now (nil: none), by the window's keys or a screen reader's
    /// SelectChild; false, changing nothing, when no such row is shown.
    mutating func select(_ name: String?) -> Bool
}

extension WindowAccessibleModel {
    mutating func select(_ name: String?) -> Bool { rows.select(name) }

    /// The application `application` with its one frame `frame` (active while the window has the focus) holding
    /// `children`.
    func application(_ application: String, frame: String, children: [AccessibleNode]) -> AccessibleTree {
        let states = active ? AccessibleRows.shown.union([.active]) : AccessibleRows.shown
        let window = AccessibleNode(id: Self.frameID, role: .frame, name: frame, states: states, children: children)
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: application, children: [window]))
    }

    /// The layout a Component call is answered with: the window where `places` says, its parts and its rows.
    func layout(_ places: WindowPlaces) -> AccessibleLayout {
        var bounds = places.parts.merging(rows.bounds(places.rows)) { part, _ in part }
        bounds[Self.frameID] = AccessibleRect(x: 0, y: 0, width: Int32(clamping: places.width), height: Int32(clamping: places.height))
        return AccessibleLayout(originX: Int32(clamping: places.x), originY: Int32(clamping: places.y), bounds: bounds)
    }
}
