import Accessibility
import HeroCore

/// What the catalog window shows, as the accessible tree a screen reader reads: the application "HeroBridge
/// Catalog", its frame, the search field as an entry whose text is the search text, and the heroes the search
/// leaves as a list of items named after each hero, described by the hero's description, each with "add" (to the
/// favorites, Enter's) and "copy" (Ctrl+C's). A value, like `DropAccessibleTree`.
///
/// The application is not called "HeroBridge" like the agent's: the catalog is a program of its own, next to the
/// agent on the same desktop, and a screen reader lists, names and switches between applications by that name.
///
/// The window has one keyboard focus for two parts: typing goes to the search text, the arrows move the selected
/// row. The focused object follows the last of these: the entry after typing (so the typed text is heard from
/// it), the selected item after the selection moved (so the hero is heard).
struct CatalogAccessibleTree: WindowAccessibleModel {
    var rows = AccessibleRows(prefix: "catalog_item_")
    /// The heroes shown, in the rows' order: their descriptions are the items'.
    private(set) var heroes: [Hero] = []
    private(set) var query = ""
    /// Whether the entry has the focus rather than the selected item (see above); true until a row is selected.
    private(set) var typing = true
    var active = false

    static let frameID = "catalog_frame"
    static let searchID = "catalog_search"
    static let listID = "catalog_list"
    static let add = AccessibleAction("add", description: "Add the hero to the favorites")
    static let copy = AccessibleAction("copy", description: "Copy the hero to the clipboard")

    /// The window shows `heroes` for the search text `query`, with `selected`'s row selected. A new search text
    /// puts the focus in the entry; else a selection that moved to a row puts it on that row.
    mutating func show(heroes new: [Hero], query text: String, selected: String?) {
        if text != query {
            typing = true
        } else if selected != rows.selected, selected != nil {
            typing = false
        }
        heroes = new
        query = text
        rows.show(new.map(\.name))
        rows.select(selected)
    }

    mutating func select(_ name: String?) -> Bool {
        guard rows.select(name) else { return false }
        if name != nil { typing = false }
        return true
    }

    var tree: AccessibleTree {
        var states = AccessibleRows.shown.union([.focusable, .editable, .singleLine])
        if typing { states.insert(.focused) }
        let entry = AccessibleNode(id: Self.searchID, role: .entry, name: "Search",
                                   description: "Type to show only the heroes whose name or description matches",
                                   states: states, text: AccessibleText(query))
        let list = rows.list(id: Self.listID, name: "Heroes", actions: [Self.add, Self.copy], focused: !typing) { index in
            heroes[index].description
        }
        return application("HeroBridge Catalog", frame: "HeroBridge catalog", children: [entry, list])
    }
}
