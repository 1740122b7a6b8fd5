import Accessibility
@testable import HeroAgent
@testable import HeroCore
import Testing

/// The catalog window's accessible tree as a value: its shape (the search field an entry with the search text,
/// one item per hero shown named after it and described by its description, with "add" and "copy"), and where the
/// focus is: the entry after typing, the selected item after the selection moved.
@Suite struct CatalogAccessibleTreeTests {
    let heroes = [Hero(name: "Thor", description: "God of thunder", origin: .catalog),
                  Hero(name: "Storm", description: "Weather witch", origin: .catalog)]

    func focused(_ tree: AccessibleTree) -> [String] {
        func walk(_ node: AccessibleNode) -> [String] {
            (node.states.contains(.focused) ? [node.name] : []) + node.children.flatMap(walk)
        }
        return walk(tree.root)
    }

    @Test func theWindowIsAnApplicationWithAFrameOfEntryAndList() throws {
        var model = CatalogAccessibleTree()
        model.show(heroes: heroes, query: "", selected: nil)
        let tree = model.tree
        #expect(tree.root.name == "HeroBridge Catalog" && tree.root.role == .application)
        let frame = try #require(tree.root.children.first)
        #expect(frame.role == .frame && frame.children.map(\.role) == [.entry, .list])
        let entry = frame.children[0]
        #expect(entry.text == AccessibleText("") && entry.states.isSuperset(of: [.editable, .singleLine]))
        let items = frame.children[1].children
        #expect(items.map(\.name) == ["Thor", "Storm"])
        #expect(items.map(\.description) == ["God of thunder", "Weather witch"])
        #expect(items.allSatisfy { $0.role == .listItem && $0.actions.map(\.name) == ["add", "copy"] })
        #expect(items.allSatisfy { $0.id.hasPrefix("catalog_item_") })
    }

    @Test func typingFocusesTheEntryAndIsHeardAsInsertedText() throws {
        var model = CatalogAccessibleTree()
        model.show(heroes: heroes, query: "", selected: nil)
        #expect(focused(model.tree) == ["Search"], "the keys go to the search field first")
        model.show(heroes: heroes, query: "", selected: "Storm")
        #expect(focused(model.tree) == ["Storm"], "an arrow moved the selection")
        let before = model.tree
        model.show(heroes: [heroes[0]], query: "t", selected: nil)
        #expect(focused(model.tree) == ["Search"])
        let events = model.tree.events(from: before)
        #expect(events.contains(.focus(CatalogAccessibleTree.searchID)))
        #expect(events.suffix(2) == [.textChanged(CatalogAccessibleTree.searchID, inserted: true, offset: 0, text: "t"),
                                     .textCaretMoved(CatalogAccessibleTree.searchID, to: 1)])
        #expect(events.contains { $0.member == "ChildrenChanged" && $0.detail == "remove" }, "Storm's item went: \(events)")
    }

    @Test func aSelectionKeptWhileTypingIsNotFocusedUntilItMoves() throws {
        var model = CatalogAccessibleTree()
        model.show(heroes: heroes, query: "", selected: "Thor")
        model.show(heroes: [heroes[0]], query: "th", selected: "Thor")
        #expect(focused(model.tree) == ["Search"])
        let thor = try #require(model.rows.ids.id(of: "Thor"))
        #expect(model.tree.node(thor)?.states.contains(.selected) == true)
        // A screen reader's SelectChild moves the focus to the row too.
        let moved = model.select(nil)
        #expect(moved && focused(model.tree) == ["Search"], "clearing the selection leaves the focus where it is")
        let selected = model.select("Thor")
        #expect(selected && focused(model.tree) == ["Thor"])
    }
}
