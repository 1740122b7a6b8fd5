import Testing
@testable import DropWindow

/// The catalog window's layout: no X server.
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
