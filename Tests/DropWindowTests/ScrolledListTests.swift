import Testing
@testable import DropWindow

/// The scrolled list both windows' layouts are made of, on its own: a viewport away from the window's corner
/// (x 10, y 100, 300 × 200) and rows of 50, so that every offset the layouts' own tests leave at 0 is exercised.
@Suite struct ScrolledListTests {
    private let viewport = Rect(x: 10, y: 100, width: 300, height: 200)

    private func list(rows: Int, scroll: Double = 0) -> ScrolledList {
        ScrolledList(viewport: viewport, rowHeight: 50, rowCount: rows, scroll: scroll)
    }

    // MARK: Where rows are

    @Test func rowsStartAtTheViewportsTopAndSpanItsWidth() {
        let list = list(rows: 10)
        #expect(list.rowRect(0) == Rect(x: 10, y: 100, width: 300, height: 50))
        #expect(list.rowRect(3) == Rect(x: 10, y: 250, width: 300, height: 50))
    }

    @Test func scrolledRowsMoveUpAndMayLieOutsideTheViewport() {
        let list = list(rows: 10, scroll: 75)
        #expect(list.rowRect(0).y == 25, "above the viewport")
        #expect(list.rowRect(1).y == 75, "half shown")
        #expect(list.rowRect(6).y == 325, "below the viewport")
    }

    // MARK: Scrolling

    @Test func theListScrollsByTheHeightOfItsRowsBeyondTheViewport() {
        #expect(list(rows: 10).maxScroll == 300)
        #expect(list(rows: 4).maxScroll == 0, "four rows fit exactly")
        #expect(list(rows: 0).maxScroll == 0)
    }

    @Test func scrollingIsClampedToTheListAtBothEnds() {
        var list = list(rows: 10)
        list.scrollBy(-1)
        #expect(list.scroll == 0)
        list.scrollBy(120)
        list.scrollBy(13)
        #expect(list.scroll == 133)
        list.scrollBy(10_000)
        #expect(list.scroll == 300)
        list.scrollBy(-50)
        #expect(list.scroll == 250)
    }

    @Test func aListThatFitsDoesNotScroll() {
        var list = list(rows: 3)
        list.scrollBy(50)
        #expect(list.scroll == 0)
    }

    @Test func theInitialScrollIsClamped() {
        #expect(list(rows: 10, scroll: 1_000).scroll == 300)
        #expect(list(rows: 10, scroll: -5).scroll == 0)
        #expect(list(rows: 10, scroll: 60).scroll == 60)
    }

    @Test func anUpdateKeepsThePlaceClampedToTheNewList() {
        var list = list(rows: 10, scroll: 250)
        list.update(viewport: viewport, rowCount: 10)
        #expect(list.scroll == 250, "a redraw keeps the place")
        list.update(viewport: viewport, rowCount: 8)
        #expect(list.scroll == 200, "rows removed: the last row now ends at the bottom")
        let taller = Rect(x: 10, y: 100, width: 500, height: 350)
        list.update(viewport: taller, rowCount: 8)
        #expect(list.scroll == 50 && list.viewport == taller && list.rowCount == 8)
        #expect(list.rowRect(0).width == 500)
        list.update(viewport: taller, rowCount: 2)
        #expect(list.scroll == 0)
    }

    @Test func scrollingToTheTopGoesToTheFirstRow() {
        var list = list(rows: 10, scroll: 220)
        list.scrollToTop()
        #expect(list.scroll == 0)
        #expect(list.row(at: 20, 100) == 0)
    }

    @Test func showingARowBelowScrollsItsBottomToTheViewportsBottom() {
        var list = list(rows: 10)
        list.scrollToShow(3)
        #expect(list.scroll == 0, "rows 0 to 3 fit in 200: no scroll")
        list.scrollToShow(5)
        #expect(list.scroll == 100, "row 5 ends at 300")
        #expect(list.rowRect(5).y + 50 == viewport.y + viewport.height)
        list.scrollToShow(9)
        #expect(list.scroll == list.maxScroll)
    }

    @Test func showingARowAboveScrollsItsTopToTheViewportsTopAndAShownRowScrollsNothing() {
        var list = list(rows: 10, scroll: 300)
        list.scrollToShow(7)
        #expect(list.scroll == 300, "row 7 is wholly shown")
        list.scrollToShow(4)
        #expect(list.scroll == 200)
        #expect(list.rowRect(4).y == viewport.y)
        list.scrollToShow(0)
        #expect(list.scroll == 0)
    }

    @Test func aRowTallerThanTheViewportShowsItsTop() {
        var list = ScrolledList(viewport: Rect(x: 0, y: 0, width: 100, height: 30), rowHeight: 50, rowCount: 5)
        list.scrollToShow(2)
        #expect(list.scroll == 100)
        #expect(list.pageRows == 1)
    }

    @Test func aPageIsTheWholeRowsTheViewportShows() {
        #expect(list(rows: 10).pageRows == 4)
        #expect(ScrolledList(viewport: Rect(x: 0, y: 0, width: 100, height: 230), rowHeight: 50, rowCount: 9).pageRows == 4)
        #expect(ScrolledList(viewport: Rect(x: 0, y: 0, width: 100, height: 0), rowHeight: 50, rowCount: 9).pageRows == 1)
    }

    // MARK: Hit-testing

    @Test func aPointOnARowIsThatRowEdgesIncludedAtTheTop() {
        let list = list(rows: 10)
        #expect(list.row(at: 10, 100) == 0, "the viewport's top-left corner")
        #expect(list.row(at: 309.9, 149.9) == 0)
        #expect(list.row(at: 100, 150) == 1)
        #expect(list.row(at: 100, 299.9) == 3)
    }

    @Test func noRowOutsideTheViewport() {
        let list = list(rows: 10)
        #expect(list.row(at: 9.9, 120) == nil, "left of it")
        #expect(list.row(at: 310, 120) == nil, "at its right edge")
        #expect(list.row(at: 100, 99.9) == nil, "above it")
        #expect(list.row(at: 100, 300) == nil, "at its bottom edge, though row 4 is there")
    }

    @Test func noRowBelowTheLastOne() {
        let list = list(rows: 2)
        #expect(list.row(at: 100, 199.9) == 1)
        #expect(list.row(at: 100, 200) == nil)
        #expect(ScrolledList(viewport: viewport, rowHeight: 50, rowCount: 0).row(at: 100, 100) == nil)
    }

    @Test func aScrolledPointHitsTheRowNowThere() {
        let list = list(rows: 10, scroll: 75)
        #expect(list.row(at: 100, 100) == 1, "row 1's lower half is at the top")
        #expect(list.row(at: 100, 125) == 2)
        #expect(list.row(at: 100, 299) == 5)
    }

    // MARK: Visible rows

    @Test func theVisibleRowsAreThoseAtLeastPartlyShown() {
        #expect(list(rows: 10).visibleRows == 0..<4, "four exactly fill the viewport")
        #expect(list(rows: 10, scroll: 1).visibleRows == 0..<5)
        #expect(list(rows: 10, scroll: 75).visibleRows == 1..<6)
        #expect(list(rows: 10, scroll: 300).visibleRows == 6..<10)
        #expect(list(rows: 2).visibleRows == 0..<2)
    }

    @Test func noRowIsVisibleInAnEmptyListOrAViewportWithNoHeight() {
        #expect(list(rows: 0).visibleRows.isEmpty)
        let flat = ScrolledList(viewport: Rect(x: 0, y: 100, width: 300, height: 0), rowHeight: 50, rowCount: 5)
        #expect(flat.visibleRows.isEmpty)
        #expect(flat.row(at: 10, 100) == nil)
    }

    /// Whatever the scroll, the rows a point can hit are exactly the visible ones: nothing drawn is unreachable,
    /// nothing reachable is left undrawn.
    @Test(arguments: [1, 4, 5, 13]) func theVisibleRowsAreExactlyTheRowsAPointCanHit(rows: Int) {
        var list = list(rows: rows)
        for scroll in stride(from: 0.0, through: list.maxScroll, by: 7) {
            list.scrollBy(scroll - list.scroll)
            var hit = Set<Int>()
            for y in stride(from: 100.0, to: 300, by: 0.5) { if let row = list.row(at: 20, y) { hit.insert(row) } }
            #expect(hit == Set(list.visibleRows), "scroll \(scroll)")
        }
    }
}
