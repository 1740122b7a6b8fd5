import Testing
@testable import DropWindow

/// The windows' scale worked out from the `scale` setting, GDK_SCALE and the resource database's Xft.dpi, with no
/// X server.
@Suite struct DisplayScaleTests {
    /// What `xrdb -query` prints on a typical desktop: Xft.dpi among other resources, tab-separated.
    static let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n*background:\t#202020\n"

    @Test(arguments: [(96.0, 1.0), (120, 1.25), (144, 1.5), (168, 1.75), (192, 2), (288, 3), (384, 4)])
    func dpiOver96GivesTheFactor(dpi: Double, factor: Double) {
        #expect(DisplayScale.factor(dpi: dpi) == factor)
    }

    @Test(arguments: [(100.0, 1.0), (110, 1.25), (130, 1.25), (135, 1.5), (175, 1.75), (181, 2), (200, 2)])
    func theFactorIsRoundedToAQuarter(dpi: Double, factor: Double) {
        #expect(DisplayScale.factor(dpi: dpi) == factor)
    }

    @Test(arguments: [(48.0, 1.0), (72, 1.0), (480, 4), (9600, 4)])
    func theFactorIsClampedToOneToFour(dpi: Double, factor: Double) {
        #expect(DisplayScale.factor(dpi: dpi) == factor)
    }

    @Test func xftDpiIsReadFromTheResourceText() {
        #expect(DisplayScale.xftDpi(in: Self.resources) == 192)
        #expect(DisplayScale.xftDpi(in: "Xft.dpi: 144\n") == 144, "a space instead of a tab")
        #expect(DisplayScale.xftDpi(in: "Xft.dpi:\t120.5") == 120.5, "no final newline, a fraction")
        #expect(DisplayScale.xftDpi(in: "Xft.dpi:\t96\nXft.dpi:\t192\n") == 192, "the last line wins, as in a merge")
    }

    @Test(arguments: ["", "Xft.antialias:\t1\n", "Xft.dpi:\n", "Xft.dpi:\tlarge\n", "Xft.dpi:\t-96\n", "Xft.dpi:\t0\n",
                      "Xft.dpiScale:\t2\n", "MyXft.dpi:\t192\n", "Xft.dpi:\tnan\n", "Xft.dpi:\tinf\n"])
    func anythingElseIsNoDpi(text: String) {
        #expect(DisplayScale.xftDpi(in: text) == nil)
    }

    @Test func aBadLineDoesNotHideAGoodOne() {
        #expect(DisplayScale.xftDpi(in: "Xft.dpi:\t192\nXft.dpi:\tjunk\n") == 192)
    }

    @Test func xftDpiDecidesWhenNothingElseIsSaid() {
        let scale = DisplayScale.resolve(choice: .auto, gdkScale: nil, resources: Self.resources)
        #expect(scale == DisplayScale(factor: 2, source: .xftDpi(192)))
        #expect(scale.description == "2×" && scale.origin == "Xft.dpi 192")
    }

    @Test func gdkScaleWinsOverXftDpi() {
        let scale = DisplayScale.resolve(choice: .auto, gdkScale: "3", resources: Self.resources)
        #expect(scale == DisplayScale(factor: 3, source: .gdkScale))
    }

    @Test func theConfigWinsOverGdkScaleAndXftDpi() {
        let scale = DisplayScale.resolve(choice: .fixed(1.5), gdkScale: "3", resources: Self.resources)
        #expect(scale == DisplayScale(factor: 1.5, source: .config))
        #expect(scale.description == "1.5×")
    }

    @Test(arguments: ["", "two", "1.5", "0", "-2", " "])
    func aGdkScaleThatIsNotAWholeNumberFromOneIsIgnored(text: String) {
        #expect(DisplayScale.parseGdkScale(text) == nil)
        #expect(DisplayScale.resolve(choice: .auto, gdkScale: text, resources: Self.resources).source == .xftDpi(192))
    }

    @Test func aLargeGdkScaleIsClamped() {
        #expect(DisplayScale.parseGdkScale("8") == 4)
        #expect(DisplayScale.parseGdkScale(" 2\n") == 2)
    }

    @Test func nothingAtAllIsOne() {
        #expect(DisplayScale.resolve(choice: .auto, gdkScale: nil, resources: nil) == .one)
        #expect(DisplayScale.resolve(choice: .auto, gdkScale: nil, resources: "Xft.antialias:\t1\n") == .one)
    }

    // MARK: Sizes

    @Test func theDefaultSizeIsScaledAndAGivenOneStaysInPixels() {
        let scale = DisplayScale(factor: 2, source: .xftDpi(192))
        #expect(scale.windowGeometry(given: nil, default: .default) == WindowGeometry(width: 800, height: 1200))
        let given = WindowGeometry(width: 400, height: 600, x: 10, y: 20)
        #expect(scale.windowGeometry(given: given, default: .default) == given)
        #expect(DisplayScale(factor: 1.5, source: .config).windowGeometry(given: nil, default: .default)
                    == WindowGeometry(width: 600, height: 900))
    }

    @Test func aPlaceAloneKeepsTheScaledDefaultSize() throws {
        let scale = DisplayScale(factor: 2, source: .xftDpi(192))
        let place = try #require(WindowGeometry.parse("-0+40"))
        let geometry = scale.windowGeometry(given: place, default: .default)
        #expect(geometry.width == 800 && geometry.height == 1200 && geometry.x == 0 && geometry.y == 40 && geometry.fromRight)
        #expect(scale.minimumSize((240, 360), given: place) == (480, 720))
    }

    @Test func theMinimumSizeIsScaledButNeverAboveTheGivenSize() {
        let scale = DisplayScale(factor: 2, source: .gdkScale)
        #expect(scale.minimumSize((240, 360), given: nil) == (480, 720))
        let given = WindowGeometry(width: 400, height: 800)
        #expect(scale.minimumSize((240, 360), given: given) == (400, 720))
    }

    @Test func pixelsAndLogicalUnitsConvert() {
        let scale = DisplayScale(factor: 2, source: .gdkScale)
        #expect(scale.pixels(DropLayout.thumbnailSize) == 96)
        #expect(DisplayScale(factor: 1.25, source: .config).pixels(DropLayout.thumbnailSize) == 60)
        #expect(scale.logical(x: 401, y: 240) == (200.5, 120))
    }
}
