import Accessibility
import Testing

/// The events between two trees: what a screen reader must hear for its picture of the application to stay true,
/// in the order it needs them.
@Suite struct AccessibleTreeEventTests {
    func tree(_ names: [String], selected: String? = nil, status: String = "") -> AccessibleTree {
        let items = names.map { name in
            AccessibleNode(id: "item_" + name, role: .listItem, name: name,
                           states: name == selected ? [.selectable, .selected, .focused] : [.selectable])
        }
        let list = AccessibleNode(id: "list", role: .list, name: "Favorites", children: items)
        let label = AccessibleNode(id: "status", role: .label, name: status)
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "HeroBridge", children: [list, label]))
    }

    @Test func theSameTreeSaysNothing() {
        #expect(tree(["Thor", "Hulk"], selected: "Hulk").events(from: tree(["Thor", "Hulk"], selected: "Hulk")).isEmpty)
    }

    @Test func rowsGoneAndComeAreChildrenChangedAtTheirIndexes() {
        let events = tree(["Thor", "Storm", "Hulk"]).events(from: tree(["Thor", "Hulk", "Loki"]))
        #expect(events == [
            .childrenChanged("list", added: false, index: 2, child: "item_Loki"),
            .childrenChanged("list", added: true, index: 1, child: "item_Storm"),
        ])
    }

    @Test func aNewStatusIsANameChange() {
        #expect(tree([], status: "Removed Thor").events(from: tree([], status: "Reading the drop…"))
            == [.propertyChanged("status", "accessible-name", to: "Removed Thor")])
    }

    @Test func movingTheSelectionLosesTheOldFocusThenGivesTheNewOneThenFocusEvent() {
        let events = tree(["Thor", "Hulk"], selected: "Thor").events(from: tree(["Thor", "Hulk"], selected: "Hulk"))
        #expect(events == [
            .stateChanged("item_Hulk", .focused, on: false), .stateChanged("item_Hulk", .selected, on: false),
            .stateChanged("item_Thor", .focused, on: true), .stateChanged("item_Thor", .selected, on: true),
            .activeDescendantChanged("list", to: "item_Thor"), .selectionChanged("list"), .focus("item_Thor"),
        ])
        #expect(events.last?.interface == "org.a11y.atspi.Event.Focus")
        #expect(events.first?.detail == "focused" && events.first?.detail1 == 0)
    }

    @Test func clearingTheSelectionIsASelectionChangeWithNoFocusEvent() {
        let events = tree(["Thor"]).events(from: tree(["Thor"], selected: "Thor"))
        #expect(events == [.stateChanged("item_Thor", .focused, on: false), .stateChanged("item_Thor", .selected, on: false),
                           .selectionChanged("list")])
    }

    @Test func aFrameThatGetsTheFocusIsActivatedBeforeItsStateChanges() {
        func app(active: Bool) -> AccessibleTree {
            let frame = AccessibleNode(id: "frame", role: .frame, name: "HeroBridge", states: active ? [.visible, .active] : [.visible])
            return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "HeroBridge", children: [frame]))
        }
        let activated = app(active: true).events(from: app(active: false))
        #expect(activated == [.windowActivated("frame", true), .stateChanged("frame", .active, on: true)])
        #expect(activated.first?.interface == "org.a11y.atspi.Event.Window" && activated.first?.member == "Activate")
        #expect(app(active: false).events(from: app(active: true)).first?.member == "Deactivate")
    }

    @Test func statesAreTwoWordsOfBits() {
        #expect(AccessibleState.words([]) == [0, 0])
        #expect(AccessibleState.words([.active, .managesDescendants]) == [1 << 1 | 1 << 31, 0])
    }

    @Test func pathsAndIdsGoBothWays() {
        #expect(AccessibleTree.id(ofPath: AccessibleTree.path(of: "drop_item_3")) == "drop_item_3")
        #expect(AccessibleTree.id(ofPath: "/org/a11y/atspi/accessible/root") == "root")
        #expect(AccessibleTree.id(ofPath: "/elsewhere/x") == nil)
    }
}
