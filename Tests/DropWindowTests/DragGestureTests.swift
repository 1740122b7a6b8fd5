import Testing
@testable import DropWindow

/// Telling a click from a drag: no X server.
@Suite struct DragGestureTests {
    @Test func aPressThenAMovePastTheThresholdStartsTheDragOfThatRowOnce() {
        var gesture = DragGesture()
        gesture.pressed(row: 3, x: 100, y: 100)
        let r1 = gesture.moved(x: 104, y: 103)
        #expect(r1 == nil, "within 8 px: still a click")
        let r2 = gesture.moved(x: 100, y: 108)
        #expect(r2 == 3)
        let r3 = gesture.moved(x: 140, y: 140)
        #expect(r3 == nil, "the drag starts once")
    }

    @Test func aReleaseBeforeTheThresholdIsAClickAndNoDragFollows() {
        var gesture = DragGesture()
        gesture.pressed(row: 0, x: 10, y: 10)
        gesture.released()
        let r4 = gesture.moved(x: 100, y: 100)
        #expect(r4 == nil)
    }

    @Test func aPressOffTheRowsArmsNothing() {
        var gesture = DragGesture()
        gesture.pressed(row: nil, x: 10, y: 10)
        let r5 = gesture.moved(x: 100, y: 100)
        #expect(r5 == nil)
        #expect(gesture.press == nil)
    }

    @Test func movingLeftOrUpCountsToo() {
        var gesture = DragGesture(threshold: 5)
        gesture.pressed(row: 1, x: 50, y: 50)
        let r6 = gesture.moved(x: 45, y: 50)
        #expect(r6 == 1)
    }
}
