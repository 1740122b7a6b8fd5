import Accessibility
import HeroCore

/// What the drop window shows, as the accessible tree a screen reader reads: the application "HeroBridge", its
/// frame, the "Drop here!" target as a button, the favorites as a list of items named after each hero (the
/// description says whether it has a portrait; each can be copied and removed), and the status line as a label.
/// The items are the rows the window gives (`DropWindowView.accessibleRows`: all of them up to 200, else the 200
/// around the selected row), so a change builds a bounded tree whatever the number of favorites.
/// A value: the same rows, status and selection make the same tree. Each hero's item keeps its id while it is
/// shown (`RowIDs`), so a screen reader's cache of an item stays true across reloads.
struct DropAccessibleTree {
    var rows: [FavoriteRow] = []
    var status = ""
    /// The hero whose row is selected (the keyboard's focus ring), nil for none.
    var selected: String?
    /// Whether the window has the keyboard focus (the frame is then active).
    var active = false
    var ids = RowIDs()

    static let listID = "drop_list"
    static let copy = AccessibleAction("copy", description: "Copy the hero to the clipboard")
    static let remove = AccessibleAction("remove", description: "Remove the hero from the favorites")

    /// Shows `rows`: heroes that went lose their ids, new ones get new ones, the selection goes if its row did.
    mutating func show(rows new: [FavoriteRow]) {
        rows = new
        ids.keep(new.map(\.name))
        if let selected, !new.contains(where: { $0.name == selected }) { self.selected = nil }
    }

    /// The hero an item's id names.
    func hero(ofItem id: String) -> String? { ids.name(of: id) }

    var tree: AccessibleTree {
        let shown: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing]
        let items = rows.compactMap { favorite -> AccessibleNode? in
            let name = favorite.name
            guard let id = ids.id(of: name) else { return nil }
            var states = shown.union([.selectable, .focusable])
            if name == selected { states.formUnion([.selected, .focused]) }
            return AccessibleNode(id: id, role: .listItem, name: name,
                                  description: favorite.portrait == nil ? "no portrait" : "has portrait",
                                  states: states, actions: [Self.copy, Self.remove])
        }
        let target = AccessibleNode(id: "drop_target", role: .pushButton, name: "Drop here!",
                                    description: "Drop text, images or files here to add heroes to the favorites")
        let list = AccessibleNode(id: Self.listID, role: .list, name: "Favorites", states: shown.union([.focusable]),
                                  children: items)
        let statusLine = AccessibleNode(id: "drop_status", role: .label, name: status)
        let frame = AccessibleNode(id: "drop_frame", role: .frame, name: "HeroBridge", states: active ? shown.union([.active]) : shown,
                                   children: [target, list, statusLine])
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "HeroBridge", children: [frame]))
    }
}
