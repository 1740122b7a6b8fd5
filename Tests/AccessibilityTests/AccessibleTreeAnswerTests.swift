import Accessibility
import Testing

/// What the tree answers AT-SPI's calls, with no bus: references name the application's bus name and the
/// objects' paths, the root's parent is the registry's socket, and actions and selections come out as effects.
@Suite struct AccessibleTreeAnswerTests {
    /// Made at each use, not kept in a static: LeakSanitizer does not see the references inside a `DBusValue` held by
    /// a global (the enum's payload carries its case in the pointer's spare bits) and reported it leaked at exit.
    static var context: AccessibleContext {
        AccessibleContext(busName: ":1.7", parent: .reference(":1.1", AccessibleTree.rootPath), applicationID: 3)
    }

    static let tree: AccessibleTree = {
        let remove = AccessibleAction("remove", description: "Remove it")
        let items = ["Thor", "Hulk"].enumerated().map { index, name in
            AccessibleNode(id: "item_\(index)", role: .listItem, name: name, description: "has portrait",
                           states: index == 1 ? [.enabled, .selectable, .selected, .focused] : [.enabled, .selectable],
                           actions: [AccessibleAction("copy", description: "Copy it"), remove])
        }
        let list = AccessibleNode(id: "list", role: .list, name: "Favorites", children: items)
        let frame = AccessibleNode(id: "frame", role: .frame, name: "HeroBridge", children: [list])
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "HeroBridge", children: [frame]))
    }()

    func answer(_ id: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> AccessibleAnswer {
        Self.tree.answer(AccessibleCall(path: AccessibleTree.path(of: id), interface: "org.a11y.atspi." + interface, member: member,
                                        arguments: arguments), context: Self.context)
    }

    func property(_ id: String, _ interface: String, _ name: String) -> AccessibleAnswer {
        Self.tree.answer(AccessibleCall(path: AccessibleTree.path(of: id), interface: AccessibleInterface.properties, member: "Get",
                                        arguments: [.string("org.a11y.atspi." + interface), .string(name)]), context: Self.context)
    }

    @Test func theRootIsTheApplicationUnderTheRegistrysSocket() {
        #expect(AccessibleTree.path(of: "root") == "/org/a11y/atspi/accessible/root")
        #expect(property("root", "Accessible", "Name") == .reply([.variant(.string("HeroBridge"))]))
        #expect(property("root", "Accessible", "Parent") == .reply([.variant(.reference(":1.1", AccessibleTree.rootPath))]))
        #expect(answer("root", "Accessible", "GetRole") == .reply([.uint32(75)]))
        #expect(property("root", "Application", "Id") == .reply([.variant(.int32(3))]))
        #expect(answer("root", "Accessible", "GetInterfaces")
            == .reply([.array(element: "s", [.string("org.a11y.atspi.Accessible"), .string("org.a11y.atspi.Application")])]))
    }

    @Test func childrenAndParentsAreReferencesOnTheApplicationsBusName() {
        #expect(answer("list", "Accessible", "GetChildAtIndex", [.int32(1)])
            == .reply([.reference(":1.7", "/org/a11y/atspi/accessible/item_1")]))
        #expect(answer("list", "Accessible", "GetChildAtIndex", [.int32(2)]) == .reply([.reference(":1.7", "/org/a11y/atspi/null")]))
        #expect(property("list", "Accessible", "ChildCount") == .reply([.variant(.int32(2))]))
        #expect(property("item_0", "Accessible", "Parent") == .reply([.variant(.reference(":1.7", "/org/a11y/atspi/accessible/list"))]))
        #expect(answer("item_1", "Accessible", "GetIndexInParent") == .reply([.int32(1)]))
        #expect(answer("item_1", "Accessible", "GetApplication") == .reply([.reference(":1.7", AccessibleTree.rootPath)]))
        #expect(answer("list", "Accessible", "GetChildren") == .reply([.array(element: "(so)", [
            .reference(":1.7", "/org/a11y/atspi/accessible/item_0"), .reference(":1.7", "/org/a11y/atspi/accessible/item_1"),
        ])]))
    }

    @Test func anItemHasItsRoleStatesAndDescription() {
        #expect(answer("item_0", "Accessible", "GetRole") == .reply([.uint32(32)]))
        #expect(answer("item_0", "Accessible", "GetRoleName") == .reply([.string("list item")]))
        #expect(property("item_0", "Accessible", "Description") == .reply([.variant(.string("has portrait"))]))
        // enabled 8, selectable 22; then selected 23 and focused 12 too.
        #expect(answer("item_0", "Accessible", "GetState") == .reply([.array(element: "u", [.uint32(1 << 8 | 1 << 22), .uint32(0)])]))
        #expect(answer("item_1", "Accessible", "GetState")
            == .reply([.array(element: "u", [.uint32(1 << 8 | 1 << 12 | 1 << 22 | 1 << 23), .uint32(0)])]))
    }

    @Test func actionsAreNamedAndDoingOneIsAnEffect() {
        #expect(property("item_0", "Action", "NActions") == .reply([.variant(.int32(2))]))
        #expect(answer("item_0", "Action", "GetName", [.int32(1)]) == .reply([.string("remove")]))
        #expect(answer("item_0", "Action", "GetDescription", [.int32(0)]) == .reply([.string("Copy it")]))
        #expect(answer("item_0", "Action", "DoAction", [.int32(1)])
            == .reply([.boolean(true)], effect: .action(node: "item_0", name: "remove")))
        guard case .failure = answer("item_0", "Action", "DoAction", [.int32(2)]) else {
            Issue.record("an action index out of range is an error")
            return
        }
        guard case .failure = answer("list", "Action", "GetActions") else {
            Issue.record("the list has no actions, so no Action interface")
            return
        }
    }

    @Test func theListsSelectionIsItsSelectedChild() {
        #expect(property("list", "Selection", "NSelectedChildren") == .reply([.variant(.int32(1))]))
        #expect(answer("list", "Selection", "GetSelectedChild", [.int32(0)])
            == .reply([.reference(":1.7", "/org/a11y/atspi/accessible/item_1")]))
        #expect(answer("list", "Selection", "IsChildSelected", [.int32(0)]) == .reply([.boolean(false)]))
        #expect(answer("list", "Selection", "SelectChild", [.int32(0)])
            == .reply([.boolean(true)], effect: .select(node: "item_0", list: "list")))
        #expect(answer("list", "Selection", "ClearSelection") == .reply([.boolean(true)], effect: .clearSelection(list: "list")))
    }

    @Test func theRegistrySetsTheApplicationsIdAndNothingElseIsWritable() {
        let set = AccessibleCall(path: AccessibleTree.rootPath, interface: AccessibleInterface.properties, member: "Set",
                                 arguments: [.string(AccessibleInterface.application), .string("Id"), .variant(.int32(9))])
        #expect(Self.tree.answer(set, context: Self.context) == .reply([], effect: .applicationID(9)))
        var name = set
        name.arguments = [.string(AccessibleInterface.accessible), .string("Name"), .variant(.string("x"))]
        guard case .failure = Self.tree.answer(name, context: Self.context) else {
            Issue.record("Name is read-only")
            return
        }
    }

    @Test func getAllListsAnInterfacesPropertiesAndUnknownObjectsAreErrors() {
        let all = Self.tree.answer(AccessibleCall(path: AccessibleTree.path(of: "frame"), interface: AccessibleInterface.properties,
                                                  member: "GetAll", arguments: [.string(AccessibleInterface.accessible)]),
                                   context: Self.context)
        guard case let .reply(values, nil) = all, case let .array("{sv}", entries)? = values.first else {
            Issue.record("GetAll: \(all)")
            return
        }
        #expect(entries.contains(.dictEntry(.string("Name"), .variant(.string("HeroBridge")))))
        #expect(entries.count == 6)
        guard case let .failure(name, _) = answer("nothing_here", "Accessible", "GetRole") else {
            Issue.record("no object there")
            return
        }
        #expect(name == "org.freedesktop.DBus.Error.UnknownObject")
        let items = Self.tree.answer(AccessibleCall(path: AccessibleTree.cachePath, interface: AccessibleInterface.cache, member: "GetItems"),
                                     context: Self.context)
        #expect(items == .reply([.array(element: "((so)(so)(so)iiassusau)", [])]))
    }
}
