import Accessibility
import FoundationEssentials
@testable import HeroAgent
@testable import HeroCore
import Testing

/// The drop window's accessible tree as a value: its shape, the items' names, descriptions and actions, ids that
/// stay with their hero across reloads, and the selection the keyboard moves.
@Suite struct DropAccessibleTreeTests {
    func favorite(_ name: String, portrait: Bool = false) -> FavoriteRow {
        FavoriteRow(name: name, portrait: portrait ? String(repeating: "0", count: 64) : nil)
    }

    @Test func theWindowIsAnApplicationWithAFrameOfButtonListAndLabel() throws {
        var model = DropAccessibleTree()
        model.show(rows: [favorite("Thor", portrait: true), favorite("Hulk")])
        model.status = "Added Thor"
        let tree = model.tree
        #expect(tree.root.role == .application && tree.root.name == "HeroBridge")
        let frame = try #require(tree.root.children.first)
        #expect(frame.role == .frame)
        #expect(frame.children.map(\.role) == [.pushButton, .list, .label])
        #expect(frame.children[2].name == "Added Thor")
        let items = frame.children[1].children
        #expect(items.map(\.name) == ["Thor", "Hulk"])
        #expect(items.map(\.description) == ["has portrait", "no portrait"])
        #expect(items.allSatisfy { $0.role == .listItem && $0.actions.map(\.name) == ["copy", "remove"] })
    }

    @Test func aHeroKeepsItsIdAcrossReloadsAndAnIdIsNeverGivenAgain() throws {
        var model = DropAccessibleTree()
        model.show(rows: [favorite("Thor"), favorite("Hulk")])
        let thor = try #require(model.rows.ids.id(of: "Thor"))
        let hulk = try #require(model.rows.ids.id(of: "Hulk"))
        model.show(rows: [favorite("Storm"), favorite("Thor")])
        #expect(model.rows.ids.id(of: "Thor") == thor)
        #expect(model.rows.ids.id(of: "Hulk") == nil)
        #expect(model.rows.ids.id(of: "Storm") != hulk)
        #expect(model.rows.hero(ofItem: thor) == "Thor")
        model.show(rows: [favorite("Hulk")])
        #expect(model.rows.ids.id(of: "Hulk") != hulk, "back again, Hulk is a new object")
    }

    @Test func theSelectedRowIsSelectedAndFocusedAndGoesWithItsRow() throws {
        var model = DropAccessibleTree()
        model.show(rows: [favorite("Thor"), favorite("Hulk")])
        let before = model.tree
        let moved = model.select("Hulk")
        #expect(moved)
        let after = model.tree
        let hulk = try #require(model.rows.ids.id(of: "Hulk"))
        #expect(after.node(hulk)?.states.isSuperset(of: [.selected, .focused]) == true)
        #expect(after.events(from: before).last == .focus(hulk))
        model.show(rows: [favorite("Thor")])
        #expect(model.rows.selected == nil)
    }
}
