import Accessibility
import HeroCore

/// What the drop window shows, as the accessible tree a screen reader reads: the application "HeroBridge", its
/// frame, the "Drop here!" target as a button, the favorites as a list of items named after each hero (the
/// description says whether it has a portrait; each can be copied and removed), and the status line as a label.
/// The items are the rows the window gives (`DropWindowView.accessibleRows`: all of them up to 200, else the 200
/// around the selected row), so a change builds a bounded tree whatever the number of favorites.
/// A value: the same rows, status and selection make the same tree. Each hero's item keeps its id while it is
/// shown (`RowIDs`), so a screen reader's cache of an item stays true across reloads.
struct DropAccessibleTree: WindowAccessibleModel {
    var rows = AccessibleRows(prefix: "drop_item_")
    /// The favorites shown, in the rows' order: their portraits make the items' descriptions.
    private(set) var favorites: [FavoriteRow] = []
    var status = ""
    var active = false

    static let frameID = "drop_frame"
    static let listID = "drop_list"
    static let targetID = "drop_target"
    static let statusID = "drop_status"
    static let copy = AccessibleAction("copy", description: "Copy the hero to the clipboard")
    static let remove = AccessibleAction("remove", description: "Remove the hero from the favorites")

    /// Shows `rows`: heroes that went lose their ids, new ones get new ones, the selection goes if its row did.
    mutating func show(rows new: [FavoriteRow]) {
        favorites = new
        rows.show(new.map(\.name))
    }

    var tree: AccessibleTree {
        let list = rows.list(id: Self.listID, name: "Favorites", actions: [Self.copy, Self.remove]) { index in
            favorites[index].portrait == nil ? "no portrait" : "has portrait"
        }
        let target = AccessibleNode(id: Self.targetID, role: .pushButton, name: "Drop here!",
                                    description: "Drop text, images or files here to add heroes to the favorites")
        let statusLine = AccessibleNode(id: Self.statusID, role: .label, name: status)
        return application("HeroBridge", frame: "HeroBridge", children: [target, list, statusLine])
    }
}
