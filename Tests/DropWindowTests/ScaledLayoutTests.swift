import Testing
@testable import DropWindow

/// The layouts at 2×: the window's pixels divided by the factor give the 1× layout, and a press in pixels, divided
/// by the factor, hits what is drawn there (the renderer multiplies the same rectangles by the factor).
@Suite struct ScaledLayoutTests {
    let scale = DisplayScale(factor: 2, source: .xftDpi(192))

    /// The drop window as the view makes it at 2× with no geometry given.
    func dropLayout(rows: Int) -> DropLayout {
        let pixels = scale.windowGeometry(given: nil, default: DropWindowView.defaultGeometry)
        return DropLayout(width: Double(pixels.width) / scale.factor, height: Double(pixels.height) / scale.factor, rowCount: rows)
    }

    /// Where a logical point is drawn, in device pixels.
    func pixel(_ x: Double, _ y: Double) -> (Int, Int) { (scale.pixels(x), scale.pixels(y)) }

    @Test func theDefaultWindowAtTwiceItsSizeHasTheLayoutOfOneTimes() {
        #expect(dropLayout(rows: 3) == DropLayout(width: 400, height: 600, rowCount: 3))
    }

    @Test func aPressOnAStarInPixelsHitsThatStar() {
        let layout = dropLayout(rows: 3)
        let star = layout.starRect(1)
        let (px, py) = pixel(star.x + star.width / 2, star.y + star.height / 2)
        #expect(px == 744 && py == 2 * 312 + 40, "drawn at twice the logical position")
        let point = scale.logical(x: px, y: py)
        #expect(layout.star(at: point.x, point.y) == 1)
        // The same pixels taken as logical units fall outside the window: the division is what makes it hit.
        #expect(layout.star(at: Double(px), Double(py)) == nil)
    }

    @Test func aPressOnARowInPixelsHitsThatRowAndNotItsStar() {
        let layout = dropLayout(rows: 3)
        let row = layout.rowRect(2)
        let point = scale.logical(x: scale.pixels(100), y: scale.pixels(row.y + 10))
        #expect(layout.row(at: point.x, point.y) == 2)
        #expect(layout.star(at: point.x, point.y) == nil)
    }

    @Test func thePixelsOfTheCircleAndTheStatusLineAreTwiceTheirLogicalPlaces() {
        let layout = dropLayout(rows: 0)
        #expect(pixel(layout.circleCenter.x, layout.circleCenter.y) == (400, 240))
        let status = layout.statusLine
        #expect(pixel(status.x, status.y) == (0, 1144) && scale.pixels(status.height) == 56)
    }

    @Test func aGivenGeometryKeepsItsPixelsAndShowsLessAtTwoTimes() {
        let given = WindowGeometry(width: 400, height: 600)
        let pixels = scale.windowGeometry(given: given, default: DropWindowView.defaultGeometry)
        let layout = DropLayout(width: Double(pixels.width) / scale.factor, height: Double(pixels.height) / scale.factor, rowCount: 1)
        #expect(pixels.width == 400 && pixels.height == 600)
        #expect(layout.width == 200 && layout.statusLine.y == 272, "the same logical parts, in half the logical room")
    }

    @Test func theCatalogListIsHitInPixelsAtTwoTimes() {
        let pixels = scale.windowGeometry(given: nil, default: CatalogWindowView.defaultGeometry)
        #expect(pixels.width == 720 && pixels.height == 1040)
        let layout = CatalogLayout(width: Double(pixels.width) / scale.factor, height: Double(pixels.height) / scale.factor, rowCount: 5)
        let row = layout.rowRect(3)
        let point = scale.logical(x: scale.pixels(20), y: scale.pixels(row.y + row.height / 2))
        #expect(layout.row(at: point.x, point.y) == 3)
        let field = scale.logical(x: scale.pixels(20), y: scale.pixels(20))
        #expect(layout.row(at: field.x, field.y) == nil, "the search field is no row")
    }
}
