import Accessibility

/// The rows a window lists, as a screen reader's list sees them, shared by the drop window and the catalog: the
/// heroes shown in order, each with its id (`RowIDs`), and the selected one (the keyboard's focus ring). A value.
struct AccessibleRows: Equatable {
    private(set) var names: [String] = []
    /// The hero whose row is selected, nil for none; always one of `names`.
    private(set) var selected: String?
    private(set) var ids: RowIDs

    /// What every object a window shows has.
    static let shown: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing]

    init(prefix: String) {
        ids = RowIDs(prefix: prefix)
    }

    /// Shows `new`: heroes that went lose their ids, new ones get new ones, the selection goes if its row did.
    mutating func show(_ new: [String]) {
        names = new
        ids.keep(new)
        if let selected, !new.contains(selected) { self.selected = nil }
    }

    /// Selects `name`'s row (nil: none); false, changing nothing, when it is not shown.
    @discardableResult
    mutating func select(_ name: String?) -> Bool {
        guard name == nil || names.contains(name ?? "") else { return false }
        selected = name
        return true
    }

    /// The hero an item's id names.
    func hero(ofItem id: String) -> String? { ids.name(of: id) }

    /// The list: one item per row, named after its hero, described by `describe`, with `actions`; the selected one
    /// selected, and focused when `focused` (the keyboard is on the list, not elsewhere in the window).
    func list(id: String, name: String, actions: [AccessibleAction], focused: Bool = true,
              describe: (Int) -> String) -> AccessibleNode {
        let items = names.enumerated().compactMap { index, hero -> AccessibleNode? in
            guard let item = ids.id(of: hero) else { return nil }
            var states = Self.shown.union([.selectable, .focusable])
            if hero == selected { states.formUnion(focused ? [.selected, .focused] : [.selected]) }
            return AccessibleNode(id: item, role: .listItem, name: hero, description: describe(index), states: states,
                                  actions: actions)
        }
        return AccessibleNode(id: id, role: .list, name: name, states: Self.shown.union([.focusable]), children: items)
    }

    /// Where each row is, by its item's id: `rects[i]` is the i-th row's, in the window's pixels.
    func bounds(_ rects: [AccessibleRect]) -> [String: AccessibleRect] {
        var bounds: [String: AccessibleRect] = [:]
        for (name, rect) in zip(names, rects) { if let id = ids.id(of: name) { bounds[id] = rect } }
        return bounds
    }
}
