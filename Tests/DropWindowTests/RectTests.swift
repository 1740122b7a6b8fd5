import Testing
@testable import DropWindow

/// The layouts' rectangle: half-open, so neighbours never share a point.
@Suite struct RectTests {
    @Test func itContainsItsTopAndLeftEdgesButNotItsBottomAndRightOnes() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.contains(10, 20))
        #expect(rect.contains(39.9, 59.9))
        #expect(!rect.contains(40, 30))
        #expect(!rect.contains(20, 60))
        #expect(!rect.contains(9.9, 30))
        #expect(!rect.contains(20, 19.9))
    }

    @Test func twoRectanglesSharingAnEdgeNeverBothContainAPointOnIt() {
        let upper = Rect(x: 0, y: 0, width: 100, height: 50), lower = Rect(x: 0, y: 50, width: 100, height: 50)
        #expect(!upper.contains(50, 50) && lower.contains(50, 50))
    }

    @Test func anEmptyRectangleContainsNothing() {
        #expect(!Rect(x: 5, y: 5, width: 0, height: 10).contains(5, 5))
        #expect(!Rect(x: 5, y: 5, width: 10, height: 0).contains(5, 5))
    }
}
