import Testing
@testable import DropWindow

/// Which of the drop window's rows a screen reader is given (`DropWindowView.accessibleRange`): all of a short
/// list, else the 200 around the selection, so a change never builds an accessible item per favorite.
@Suite struct AccessibleRowsTests {
    @Test func aScreenReaderIsGivenTheRowsAroundTheSelectionAtMostTwoHundred() {
        #expect(DropWindowView.accessibleRange(rowCount: 150, around: 120) == 0..<150)
        #expect(DropWindowView.accessibleRange(rowCount: 100_000, around: 50_000) == 49_900..<50_100)
        #expect(DropWindowView.accessibleRange(rowCount: 100_000, around: 10) == 0..<200)
        #expect(DropWindowView.accessibleRange(rowCount: 100_000, around: 99_999) == 99_800..<100_000)
    }
}
