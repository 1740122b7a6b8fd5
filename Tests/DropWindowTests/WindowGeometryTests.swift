import Testing
@testable import DropWindow

/// `--geometry` strings in the X11 syntax, parsed without a display.
@Suite struct WindowGeometryTests {
    @Test func defaultIs400By600() {
        #expect(WindowGeometry.default == WindowGeometry(width: 400, height: 600))
    }

    @Test func parsesSizeOnly() {
        let geometry = WindowGeometry.parse("400x600")
        #expect(geometry == WindowGeometry(width: 400, height: 600))
        #expect(geometry?.x == nil && geometry?.y == nil)
    }

    @Test func parsesSizeAndPosition() {
        #expect(WindowGeometry.parse("400x600+10+20") == WindowGeometry(width: 400, height: 600, x: 10, y: 20))
    }

    @Test func acceptsAnUppercaseX() {
        #expect(WindowGeometry.parse("500X700") == WindowGeometry(width: 500, height: 700))
    }

    @Test func acceptsALeadingEqualsSign() {
        #expect(WindowGeometry.parse("=400x600") == WindowGeometry(width: 400, height: 600))
        #expect(WindowGeometry.parse("=800x900+1+2") == WindowGeometry(width: 800, height: 900, x: 1, y: 2))
    }

    @Test func positionAloneKeepsTheDefaultSize() {
        var placeOnly = WindowGeometry(width: 400, height: 600, x: 10, y: 20)
        placeOnly.sizeGiven = false
        #expect(WindowGeometry.parse("+10+20") == placeOnly, "a place alone leaves the size to the default")
        #expect(WindowGeometry.parse("400x600+10+20")?.sizeGiven == true)
    }

    @Test func minusOffsetsCountFromTheRightAndBottom() {
        let corner = WindowGeometry.parse("-0-0")
        #expect(corner?.width == 400 && corner?.height == 600)
        #expect(corner?.x == 0 && corner?.y == 0)
        #expect(corner?.fromRight == true)
        #expect(corner?.fromBottom == true)

        let mixed = WindowGeometry.parse("300x400-5+7")
        #expect(mixed?.x == 5 && mixed?.y == 7)
        #expect(mixed?.fromRight == true)
        #expect(mixed?.fromBottom == false)

        let plus = WindowGeometry.parse("+5+7")
        #expect(plus?.fromRight == false && plus?.fromBottom == false)
    }

    @Test(arguments: ["400x600", "300x500-10+20", "+5-7", "-0+40"])
    func theDescriptionReadsBackTheSame(_ text: String) throws {
        let geometry = try #require(WindowGeometry.parse(text))
        #expect(geometry.description == text && WindowGeometry.parse(geometry.description) == geometry)
    }

    @Test func acceptsTheSmallestAllowedSize() {
        #expect(WindowGeometry.parse("200x300") == WindowGeometry(width: 200, height: 300))
    }

    @Test(arguments: ["400x", "x600", "abc", "400x600+10", "400x600+", "+10", "400*600", " 400x600", "400x600 "])
    func rejectsMalformedText(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }

    @Test(arguments: ["199x600", "400x299", "0x0", "10x10+0+0"])
    func rejectsSizesBelow200By300(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }

    @Test(arguments: ["400x600+10+20junk", "400x600junk", "400x600+10+20+30", "==400x600"])
    func rejectsTrailingOrExtraCharacters(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }

    @Test(arguments: [
        "99999999999999999999999x600", "400x99999999999999999999999",
        "400x600+99999999999999999999999+0", "400x600+0-99999999999999999999999",
        "100000x600", "10001x600", "400x10001",
    ])
    func rejectsHugeNumbersWithoutCrashing(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }

    @Test func acceptsTheLargestAllowedSize() {
        #expect(WindowGeometry.parse("10000x10000") == WindowGeometry(width: 10000, height: 10000))
    }

    @Test(arguments: ["٤٠٠x600", "４００x600", "400x600+１+2"])
    func rejectsNonASCIIDigits(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }

    @Test(arguments: ["", "="])
    func anEmptyGeometryIsRefused(_ text: String) {
        #expect(WindowGeometry.parse(text) == nil)
    }
}
