import Testing
@testable import DropWindow

/// Telling a click from a drag, the catalog window's layout, and its search text: no X server.
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

@Suite struct CatalogLayoutTests {
    @Test func theSearchFieldSpansTheTopAndRowsStartBelowIt() {
        let layout = CatalogLayout(width: 360, height: 520, rowCount: 100)
        #expect(layout.searchField == .init(x: 10, y: 10, width: 340, height: 32))
        #expect(layout.row(at: 100, 30) == nil, "the search strip is no row")
        #expect(layout.row(at: 100, 53) == 0)
        #expect(layout.row(at: 100, 52 + 44 * 2 + 1) == 2)
        #expect(layout.visibleRows == 0..<11)
    }

    @Test func scrollingIsClampedAndMovesTheRows() {
        var layout = CatalogLayout(width: 360, height: 520, rowCount: 20)
        layout.scrollBy(10_000)
        #expect(layout.scroll == 20 * 44 - (520 - 52))
        #expect(layout.row(at: 10, 519) == 19)
        layout.scrollBy(-10_000)
        #expect(layout.scroll == 0)
    }

    @Test func aNewFilterResultGoesBackToTheTopAndAShortListDoesNotScroll() {
        var layout = CatalogLayout(width: 360, height: 520, rowCount: 50)
        layout.scrollBy(300)
        layout.update(width: 360, height: 520, rowCount: 50)
        #expect(layout.scroll == 300, "a redraw keeps the place")
        layout.update(width: 360, height: 520, rowCount: 3, resetScroll: true)
        #expect(layout.scroll == 0)
        layout.scrollBy(100)
        #expect(layout.scroll == 0)
        #expect(layout.row(at: 10, 52 + 44 * 3 + 5) == nil, "below the last row")
    }
}

@Suite struct SearchTextTests {
    @Test func typingAppendsBackspaceRemovesEscapeClears() {
        var search = SearchText()
        let r7 = search.type("spi")
        #expect(r7)
        let r8 = search.type("der")
        #expect(r8)
        #expect(search.text == "spider")
        let r9 = search.backspace()
        #expect(r9)
        #expect(search.text == "spide")
        let r10 = search.clear()
        #expect(r10)
        #expect(search.text.isEmpty)
        let again = (search.backspace(), search.clear())
        #expect(again == (false, false), "nothing to change on an empty field")
    }

    @Test func controlCharactersNeverEnterTheField() {
        var search = SearchText("thor")
        let refused = [search.type("\r"), search.type("\u{7f}"), search.type("\t")]
        #expect(refused == [false, false, false])
        let r11 = search.type("é")
        #expect(r11)
        #expect(search.text == "thoré")
    }

    @Test func theTextIsBounded() {
        var search = SearchText(String(repeating: "a", count: 100))
        #expect(search.text.count == SearchText.limit)
        let more = search.type("b")
        #expect(!more)
    }
}
