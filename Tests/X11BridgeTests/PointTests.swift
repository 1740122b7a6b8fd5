import Testing
@testable import X11Bridge

/// `Point` and the synthesized `==` of the XDND values that hold one.
@Suite("Root points (Point)")
struct PointTests {
    @Test func pointsAreEqualByBothCoordinates() {
        #expect(Point(x: 3, y: 4) == Point(x: 3, y: 4))
        #expect(Point(x: 3, y: 4) != Point(x: 4, y: 3))
        #expect(Point(x: -32768, y: 0) != Point(x: -32768, y: 1))
        #expect(Point(x: 12, y: -7).description == "(12, -7)")
    }

    @Test func dragsDifferingOnlyInThePointAreNotEqual() {
        let drag = XdndTargetMachine.Drag(source: 7, version: 5, types: ["text/plain"], acceptable: true, point: Point(x: 1, y: 2))
        var moved = drag
        moved.point = Point(x: 1, y: 3)
        #expect(drag == drag)
        #expect(drag != moved)
        moved.point = nil
        #expect(drag != moved)
    }

    @Test func hoverActionsCompareTheirPoints() {
        typealias Action = XdndTargetMachine.Action
        #expect(Action.hover(point: (5, 6), acceptable: true) == .hover(point: Point(x: 5, y: 6), acceptable: true))
        #expect(Action.hover(point: (5, 6), acceptable: true) != .hover(point: (6, 5), acceptable: true))
        #expect(Action.hover(point: (5, 6), acceptable: true) != .hover(point: nil, acceptable: true))
        #expect(Action.hover(point: nil, acceptable: false) == .hover(point: nil, acceptable: false))
        #expect(Action.hover(point: nil, acceptable: false) != .status(source: 0, accept: false))
    }

    @Test func aPositionStoresItsPointInTheDragAndTheHover() {
        var machine = XdndTargetMachine(accepts: { _ in true })
        _ = machine.enter(source: 9, version: 5, types: ["text/plain"])
        let actions = machine.position(source: 9, x: -20, y: 300)
        #expect(actions == [.status(source: 9, accept: true), .hover(point: Point(x: -20, y: 300), acceptable: true)])
        guard case let .hovering(drag) = machine.state else { Issue.record("not hovering"); return }
        #expect(drag.point == Point(x: -20, y: 300))
    }
}
