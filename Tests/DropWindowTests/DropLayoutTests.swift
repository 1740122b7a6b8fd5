import Testing
@testable import DropWindow

/// Geometry and hit-testing of the drop window, computed without an X server.
@Suite struct DropLayoutTests {
    typealias Rect = DropLayout.Rect

    // MARK: Drop area

    @Test func circleIsCentredInTheDropAreaOfA400WideWindow() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 0)
        #expect(layout.circleCenter.x == 200)
        #expect(layout.circleCenter.y == 120)
        #expect(layout.circleRadius == 100)
    }

    @Test func circleFollowsTheWidthOfA600WideWindow() {
        let layout = DropLayout(width: 600, height: 600, rowCount: 5)
        #expect(layout.circleCenter.x == 300)
        #expect(layout.circleCenter.y == 120)
        #expect(layout.circleRadius == 100)
    }

    @Test func statusLineIsTheBottom28Pixels() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 0)
        #expect(layout.statusLine == Rect(x: 0, y: 572, width: 400, height: 28))
        #expect(layout.listViewport == Rect(x: 0, y: 248, width: 400, height: 324))
    }

    // MARK: Rows

    @Test func firstRowStartsAt248AndSpansTheFullWidth() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 3)
        #expect(layout.rowRect(0) == Rect(x: 0, y: 248, width: 400, height: 56))
        #expect(layout.thumbnailRect(0) == Rect(x: 8, y: 252, width: 48, height: 48))
        #expect(layout.starRect(0) == Rect(x: 352, y: 256, width: 40, height: 40))
    }

    @Test func thirdRowIsTwoRowHeightsFurtherDown() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 3)
        #expect(layout.rowRect(2) == Rect(x: 0, y: 360, width: 400, height: 56))
        #expect(layout.thumbnailRect(2) == Rect(x: 8, y: 364, width: 48, height: 48))
        #expect(layout.starRect(2) == Rect(x: 352, y: 368, width: 40, height: 40))
    }

    @Test func thumbnailAndStarStayInsideTheirRowAndDoNotOverlap() {
        let layout = DropLayout(width: 600, height: 600, rowCount: 3)
        for index in 0..<3 {
            let row = layout.rowRect(index), thumb = layout.thumbnailRect(index), star = layout.starRect(index)
            for rect in [thumb, star] {
                #expect(rect.x >= row.x && rect.x + rect.width <= row.x + row.width)
                #expect(rect.y >= row.y && rect.y + rect.height <= row.y + row.height)
            }
            #expect(thumb.x + thumb.width < star.x)
            #expect(star.x + star.width == 592, "the star sits at the right end of the row")
        }
    }

    // MARK: Hit-testing rows

    @Test func rowAtFindsTheRowUnderThePoint() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 3)
        #expect(layout.row(at: 100, 248) == 0)
        #expect(layout.row(at: 100, 303.9) == 0)
        #expect(layout.row(at: 100, 304) == 1)
        #expect(layout.row(at: 0, 359) == 1)
        #expect(layout.row(at: 399, 400) == 2)
    }

    @Test func rowAtIsNilInTheDropArea() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 20)
        #expect(layout.row(at: 200, 120) == nil)
        #expect(layout.row(at: 200, 244) == nil, "gap between drop area and list")
        #expect(layout.row(at: 200, 247.9) == nil)
    }

    @Test func rowAtIsNilInTheStatusLine() {
        // 20 rows overflow the list, so a row would be under the status line without the viewport check.
        let layout = DropLayout(width: 400, height: 600, rowCount: 20)
        #expect(layout.row(at: 200, 571) == 5)
        #expect(layout.row(at: 200, 572) == nil)
        #expect(layout.row(at: 200, 599) == nil)
    }

    @Test func rowAtIsNilBelowTheLastRow() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 2)
        #expect(layout.row(at: 200, 359) == 1)
        #expect(layout.row(at: 200, 360) == nil)
        #expect(layout.row(at: 200, 500) == nil)
    }

    @Test func rowAtIsNilOutsideTheWindowWidth() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 2)
        #expect(layout.row(at: -1, 260) == nil)
        #expect(layout.row(at: 400, 260) == nil)
    }

    @Test func rowAtIsNilForAnEmptyList() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 0)
        #expect(layout.row(at: 200, 248) == nil)
        #expect(layout.row(at: 200, 300) == nil)
    }

    // MARK: Star button

    @Test func starAtHitsOnlyTheStarButton() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 3)
        #expect(layout.star(at: 372, 276) == 0, "centre of the first star")
        #expect(layout.star(at: 352, 368) == 2, "top-left corner of the third star")
        #expect(layout.star(at: 391, 407) == 2, "bottom-right pixel of the third star")
    }

    @Test func starAtIsNilOnTheNameAndThumbnail() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 3)
        #expect(layout.row(at: 150, 276) == 0)
        #expect(layout.star(at: 150, 276) == nil, "the name")
        #expect(layout.star(at: 30, 276) == nil, "the thumbnail")
        #expect(layout.star(at: 351, 276) == nil, "just left of the star")
        #expect(layout.star(at: 395, 276) == nil, "the margin right of the star")
        #expect(layout.star(at: 372, 250) == nil, "above the star, inside the row")
    }

    @Test func starAtIsNilBelowTheLastRowAndInTheStatusLine() {
        let short = DropLayout(width: 400, height: 600, rowCount: 1)
        #expect(short.star(at: 372, 332) == nil, "where row 1's star would be")
        let long = DropLayout(width: 400, height: 600, rowCount: 20)
        // Row 5 spans 528..<584; its star (536..<576) pokes into the status line (572...).
        #expect(long.star(at: 372, 560) == 5)
        #expect(long.star(at: 372, 574) == nil)
    }

    // MARK: Scrolling

    @Test func noScrollWhenTheRowsFit() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 5)
        #expect(layout.maxScroll == 0)
        layout.scrollBy(56)
        #expect(layout.scroll == 0)
    }

    @Test func maxScrollIsTheOverflowOfTheList() {
        let layout = DropLayout(width: 400, height: 600, rowCount: 20)
        #expect(layout.maxScroll == 20 * 56 - (600 - 28 - 248))
        #expect(layout.maxScroll == 796)
    }

    @Test func scrollByClampsAtZero() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(-56)
        #expect(layout.scroll == 0)
        layout.scrollBy(100)
        layout.scrollBy(-300)
        #expect(layout.scroll == 0)
    }

    @Test func scrollByClampsAtMaxScroll() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        for _ in 0..<30 { layout.scrollBy(56) }
        #expect(layout.scroll == 796)
        layout.scrollBy(-56)
        #expect(layout.scroll == 740)
    }

    @Test func initialScrollIsClamped() {
        #expect(DropLayout(width: 400, height: 600, rowCount: 20, scroll: 10_000).scroll == 796)
        #expect(DropLayout(width: 400, height: 600, rowCount: 20, scroll: -5).scroll == 0)
        #expect(DropLayout(width: 400, height: 600, rowCount: 20, scroll: 112).scroll == 112)
    }

    @Test func afterScrollingOneRowTheFirstRowPositionHitsRowOne() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(56)
        #expect(layout.row(at: 200, 250) == 1)
        #expect(layout.rowRect(1).y == 248)
        #expect(layout.star(at: 372, 276) == 1)
        #expect(layout.row(at: 200, 571) == 6)
    }

    @Test func scrolledRowAboveTheListIsNotHit() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(28)
        #expect(layout.rowRect(0).y == 220, "row 0 is half hidden under the drop area")
        #expect(layout.row(at: 200, 230) == nil)
        #expect(layout.row(at: 200, 248) == 0)
        #expect(layout.row(at: 200, 276) == 1)
    }

    @Test func updateReclampsScrollAfterRowsAreRemoved() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(10_000)
        #expect(layout.scroll == 796)
        layout.update(width: 400, height: 600, rowCount: 10)
        #expect(layout.maxScroll == 10 * 56 - 324)
        #expect(layout.scroll == 236)
        layout.update(width: 400, height: 600, rowCount: 3)
        #expect(layout.scroll == 0)
        #expect(layout.row(at: 200, 248) == 0)
    }

    @Test func updateReclampsScrollAfterTheWindowGrows() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(796)
        layout.update(width: 600, height: 1000, rowCount: 20)
        #expect(layout.maxScroll == 20 * 56 - (1000 - 28 - 248))
        #expect(layout.scroll == 396)
        #expect(layout.width == 600)
        #expect(layout.starRect(0).x == 552)
    }

    // MARK: Visible rows

    @Test func noVisibleRowsForAnEmptyList() {
        #expect(DropLayout(width: 400, height: 600, rowCount: 0).visibleRows.isEmpty)
    }

    @Test func allRowsVisibleWhenThreeFit() {
        #expect(DropLayout(width: 400, height: 600, rowCount: 3).visibleRows == 0..<3)
    }

    @Test func twentyRowsShowTheFirstSixIncludingThePartlyVisibleOne() {
        // 324 px of list: rows 0-4 whole (280 px) and row 5 partly.
        #expect(DropLayout(width: 400, height: 600, rowCount: 20).visibleRows == 0..<6)
    }

    @Test func visibleRowsFollowTheScroll() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        layout.scrollBy(56)
        #expect(layout.visibleRows == 1..<7)
        layout.scrollBy(28)
        #expect(layout.visibleRows == 1..<8)
        layout.scrollBy(10_000)
        #expect(layout.visibleRows == 14..<20)
    }

    @Test func aRowEndingExactlyAtTheViewportEdgeIsTheLastVisible() {
        // 612 high: a 336 px list holds exactly 6 rows; row 6 starts on the status line.
        let layout = DropLayout(width: 400, height: 612, rowCount: 20)
        #expect(layout.visibleRows == 0..<6)
        #expect(layout.row(at: 10, 583) == 5)
        #expect(layout.row(at: 10, 584) == nil)
    }

    @Test func visibleRowsCoverEveryRowThatRowAtCanHit() {
        var layout = DropLayout(width: 400, height: 600, rowCount: 20)
        for scroll in stride(from: 0.0, through: 796, by: 13) {
            layout.scrollBy(scroll - layout.scroll)
            var hit = Set<Int>()
            for y in stride(from: 248.0, to: 572, by: 1) { if let row = layout.row(at: 10, y) { hit.insert(row) } }
            #expect(hit == Set(layout.visibleRows), "scroll \(scroll)")
        }
    }

    @Test func tinyWindowHasNoVisibleRowsAndDoesNotCrash() {
        var layout = DropLayout(width: 200, height: 250, rowCount: 20)
        #expect(layout.listViewport.height == 0)
        #expect(layout.visibleRows.isEmpty)
        #expect(layout.row(at: 10, 248) == nil)
        #expect(layout.row(at: 10, 249) == nil)
        #expect(layout.star(at: 170, 260) == nil)
        layout.scrollBy(56)
        layout.scrollBy(-1000)
        #expect(layout.scroll == 0)
        #expect(layout.visibleRows.isEmpty)
        layout.update(width: 1, height: 1, rowCount: 3)
        #expect(layout.visibleRows.isEmpty)
        #expect(layout.row(at: 0, 0) == nil)
    }
}
