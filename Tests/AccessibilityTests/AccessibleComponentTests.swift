import Accessibility
import Testing

/// Where the objects are, as AT-SPI's Component interface answers it with no bus: the layout's window coordinates,
/// moved by the window's place on the screen or by the parent's corner, and the child under a point.
@Suite struct AccessibleComponentTests {
    /// The window at (100, 50) on the screen, 300 × 400; a search field on top, a list of two rows under it whose
    /// second row is scrolled out of the list's bottom.
    static var context: AccessibleContext {
        AccessibleContext(busName: ":1.7", parent: .reference(":1.1", AccessibleTree.rootPath), layout: AccessibleLayout(
            originX: 100, originY: 50, bounds: [
                "frame": AccessibleRect(x: 0, y: 0, width: 300, height: 400),
                "search": AccessibleRect(x: 10, y: 10, width: 280, height: 32),
                "list": AccessibleRect(x: 0, y: 52, width: 300, height: 348),
                "item_0": AccessibleRect(x: 0, y: 52, width: 300, height: 44),
                "item_1": AccessibleRect(x: 0, y: 400, width: 300, height: 44),
            ]))
    }

    static let tree: AccessibleTree = {
        let items = (0..<2).map { AccessibleNode(id: "item_\($0)", role: .listItem, name: "Hero \($0)") }
        let search = AccessibleNode(id: "search", role: .entry, name: "Search", text: AccessibleText(""))
        let list = AccessibleNode(id: "list", role: .list, name: "Heroes", children: items)
        let frame = AccessibleNode(id: "frame", role: .frame, name: "Catalog", children: [search, list])
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "Catalog", children: [frame]))
    }()

    func answer(_ id: String, _ member: String, _ arguments: [DBusValue]) -> AccessibleAnswer {
        Self.tree.answer(AccessibleCall(path: AccessibleTree.path(of: id), interface: AccessibleInterface.component,
                                        member: member, arguments: arguments), context: Self.context)
    }

    func extents(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> AccessibleAnswer {
        .reply([.structure([.int32(x), .int32(y), .int32(width), .int32(height)])])
    }

    @Test func extentsOnTheScreenAreTheWindowsPlacePlusTheLayouts() {
        #expect(answer("frame", "GetExtents", [.uint32(0)]) == extents(100, 50, 300, 400))
        #expect(answer("item_0", "GetExtents", [.uint32(0)]) == extents(100, 102, 300, 44))
        #expect(answer("search", "GetPosition", [.uint32(0)]) == .reply([.int32(110), .int32(60)]))
        #expect(answer("search", "GetSize", [.uint32(0)]) == .reply([.int32(280), .int32(32)]))
    }

    @Test func extentsInTheWindowAndInTheParent() {
        #expect(answer("item_0", "GetExtents", [.uint32(1)]) == extents(0, 52, 300, 44))
        #expect(answer("item_0", "GetExtents", [.uint32(2)]) == extents(0, 0, 300, 44), "at the list's corner")
        // The frame's parent is the application, which has no place: the screen's.
        #expect(answer("frame", "GetExtents", [.uint32(2)]) == extents(100, 50, 300, 400))
    }

    @Test func theChildUnderAPointIsFoundAndARowScrolledOutIsNot() {
        #expect(answer("frame", "GetAccessibleAtPoint", [.int32(150), .int32(70), .uint32(0)])
            == .reply([.reference(":1.7", AccessibleTree.path(of: "search"))]))
        #expect(answer("list", "GetAccessibleAtPoint", [.int32(5), .int32(60), .uint32(1)])
            == .reply([.reference(":1.7", AccessibleTree.path(of: "item_0"))]))
        #expect(answer("list", "GetAccessibleAtPoint", [.int32(105), .int32(460), .uint32(0)])
            == .reply([.reference(":1.7", "/org/a11y/atspi/null")]), "below the window: item_1's place, outside the list")
        #expect(answer("item_0", "Contains", [.int32(100), .int32(102), .uint32(0)]) == .reply([.boolean(true)]))
        #expect(answer("item_0", "Contains", [.int32(99), .int32(102), .uint32(0)]) == .reply([.boolean(false)]))
    }

    @Test func everyObjectButTheApplicationHasAPlaceAndNoneHasAnUnknownCoordinateType() {
        #expect(Self.tree.node("root")?.interfaces.contains(AccessibleInterface.component) == false)
        #expect(Self.tree.node("item_1")?.interfaces.contains(AccessibleInterface.component) == true)
        guard case .failure = answer("frame", "GetExtents", [.uint32(9)]) else {
            Issue.record("coordinate type 9 answered")
            return
        }
        #expect(answer("frame", "GetLayer", []) == .reply([.uint32(7)]))
    }
}
