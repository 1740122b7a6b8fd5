import DropWindow
import Foundation
import Testing
import TestSupport

/// The windows at the display's scale, on a private Xvfb whose resource database is set with the real `xrdb`:
/// `Xft.dpi: 192` loaded before the agent starts gives the drop window twice its size, every part drawn at twice its
/// logical place, thumbnails at twice the pixels; a change of Xft.dpi while it runs resizes it. Serialized like
/// the other X suites: each test has its own server.
@Suite(.serialized) struct HiDPITests {
    static let layout = DropLayout(width: 400, height: 600, rowCount: 1)

    func world(dpi: Int?) throws -> AgentHarness {
        let world = try AgentHarness(screen: AgentHarness.hidpiScreen)
        if let dpi { try world.mergeResources("Xcursor.size:\t24\nXft.dpi:\t\(dpi)\nXft.antialias:\t1\n") }
        return world
    }

    /// A point of the 1× layout, `factor` times further: where it is drawn at that scale.
    static func at(_ factor: Double, _ x: Double, _ y: Double) -> (Int, Int) {
        (Int((x * factor).rounded()), Int((y * factor).rounded()))
    }

    /// The drop window's screenshot once it is `width`×`height` (5 s at most).
    func screenshot(of world: AgentHarness, sized width: Int, _ height: Int) -> Screenshot? {
        var shot: Screenshot?
        _ = eventually(timeout: 5) {
            shot = try? world.screenshot()
            return shot?.width == width && shot?.height == height
        }
        return shot
    }

    @Test func at192DpiTheDropWindowIsTwiceTheSizeWithEveryPartAtTwiceItsPlace() throws {
        let world = try world(dpi: 192)
        try world.cli(["add", "Thor"])
        try world.startAgent()
        #expect(world.waitForLog("scale: 2× from Xft.dpi 192"), "\(world.log)")
        let found = screenshot(of: world, sized: 800, 1200)
        let shot = try #require(found, "the window is 800x1200: \(String(describing: found?.width))x\(String(describing: found?.height))")

        let layout = Self.layout
        // The circle's fill at twice its place, and its edge at twice its radius.
        let center = Self.at(2, layout.circleCenter.x, layout.circleCenter.y)
        #expect(center == (400, 240))
        #expect(shot.isColor(center.0, center.1 - 120, 31, 133, 56), "green circle: \(shot.rgb(center.0, center.1 - 120))")
        #expect(shot.isColor(center.0, center.1 - 195, 31, 133, 56), "inside the edge at 2×: \(shot.rgb(center.0, center.1 - 195))")
        #expect(shot.isColor(center.0, center.1 - 210, 250, 250, 250), "outside the edge at 2×: \(shot.rgb(center.0, center.1 - 210))")
        // The status line's background is the bottom 56 pixels; where it is at 1× there is the list.
        let status = Self.at(2, 395, layout.statusLine.y + 2)
        #expect(shot.isColor(status.0, status.1, 237, 237, 240, tolerance: 4), "status line at 2×: \(shot.rgb(status.0, status.1))")
        #expect(shot.isColor(790, 1198, 237, 237, 240, tolerance: 4), "down to the bottom: \(shot.rgb(790, 1198))")
        #expect(shot.isColor(790, Int(layout.statusLine.y) + 2, 250, 250, 250), "the 1× place is list now")

        // Thor's row: the placeholder thumbnail and the star at twice their places.
        #expect(eventually(timeout: 5) {
            let row = (try? world.screenshot()) ?? shot
            let thumb = layout.thumbnailRect(0), star = layout.starRect(0)
            let placeholder = Self.at(2, thumb.x + 12, thumb.y + 10), starPoint = Self.at(2, star.x + star.width / 2, star.y + star.height / 2)
            return row.isColor(placeholder.0, placeholder.1, 199, 201, 209)
                && row.isColor(starPoint.0, starPoint.1, 255, 194, 8, tolerance: 20)
        }, "placeholder and star of row 0 at 2×")
        // The status text is drawn at 26 px (13 at 1×): many dark pixels in the doubled line, as glyphs, not a blur.
        let dark = shot.count(x: 0, y: status.1 - 2, width: 600, height: 56, 77, 77, 77, tolerance: 50)
        #expect(dark > 150, "status text at 2×: \(dark) dark pixels")
    }

    @Test func thumbnailsAreMadeAtTwiceThePixelsSoOnePortraitPixelIsOneScreenPixel() throws {
        let world = try world(dpi: 192)
        // A 96×96 checkerboard of single pixels: at 2× the 48-unit thumbnail is 96 pixels, each drawn as it is; a
        // thumbnail made at 48 pixels and enlarged would be grey all over.
        let checkerboard = StreamedPNG.rgba(width: 96, height: 96) { y, row in
            for x in 0..<96 {
                let value: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                row[x * 4] = value; row[x * 4 + 1] = value; row[x * 4 + 2] = value; row[x * 4 + 3] = 255
            }
        }
        try world.addFavorite("Thor", portrait: checkerboard, file: "checkerboard.png")
        try world.startAgent()
        let thumb = Self.layout.thumbnailRect(0)
        let origin = Self.at(2, thumb.x + 8, thumb.y + 8)
        var pure = 0
        #expect(eventually(timeout: 5) {
            guard let shot = try? world.screenshot(), shot.width == 800 else { return false }
            pure = shot.count(x: origin.0, y: origin.1, width: 64, height: 64, 0, 0, 0, tolerance: 8)
                + shot.count(x: origin.0, y: origin.1, width: 64, height: 64, 255, 255, 255, tolerance: 8)
            return pure == 64 * 64
        }, "every pixel of the thumbnail's middle is pure black or white: \(pure) of \(64 * 64)")
    }

    @Test func aChangeOfXftDpiWhileRunningResizesTheWindow() throws {
        let world = try world(dpi: 96)
        try world.startAgent()
        #expect(screenshot(of: world, sized: 400, 600) != nil, "1× at 96 dpi")

        try world.mergeResources("Xft.dpi:\t192\n")
        #expect(world.waitForLog("scale: 2× from Xft.dpi 192, was 1×"), "\(world.log)")
        let found = screenshot(of: world, sized: 800, 1200)
        let shot = try #require(found, "resized to 800x1200: \(String(describing: found?.width))x\(String(describing: found?.height))")
        #expect(shot.isColor(400, 240 - 195, 31, 133, 56), "the circle is redrawn at 2×: \(shot.rgb(400, 45))")
        #expect(shot.isColor(790, 1198, 237, 237, 240, tolerance: 4), "status line at the new bottom: \(shot.rgb(790, 1198))")

        try world.mergeResources("Xft.dpi:\t144\n")
        #expect(world.waitForLog("scale: 1.5× from Xft.dpi 144, was 2×"), "\(world.log)")
        #expect(screenshot(of: world, sized: 600, 900) != nil, "1.5× resizes by the ratio 0.75")

        // Another resource changing with the same dpi logs nothing and keeps the size: the next real change, handled
        // after it, is the third line.
        try world.mergeResources("Xcursor.size:\t48\nXft.dpi:\t144\n")
        try world.mergeResources("Xft.dpi:\t192\n")
        #expect(world.waitForLog("scale: 2× from Xft.dpi 192, was 1.5×"), "\(world.log)")
        #expect(world.log.components(separatedBy: "scale: ").count == 4, "three changes, three lines: \(world.log)")
        #expect(screenshot(of: world, sized: 800, 1200) != nil, "back to 800x1200")
    }

    @Test func aGivenGeometryStaysInPixelsAndTheConfigScaleWinsOverXftDpi() throws {
        let world = try world(dpi: 192)
        try world.startAgent(["--geometry", "400x600+0+0"])
        let found = screenshot(of: world, sized: 400, 600)
        let shot = try #require(found, "--geometry 400x600 stays 400x600 pixels at 2×")
        // 200×300 logical units: the circle, 100 units around (100, 120), is 400 pixels wide around (200, 240).
        #expect(shot.isColor(200, 240 - 195, 31, 133, 56), "circle at 2× in the given window: \(shot.rgb(200, 45))")

        let config = try world.dir.write("config", Data("scale = 1\n".utf8))
        let second = try AgentHarness(screen: AgentHarness.hidpiScreen)
        try second.mergeResources("Xft.dpi:\t192\n")
        try second.startAgent(["--config", config], extraEnvironment: ["GDK_SCALE": "2"])
        #expect(screenshot(of: second, sized: 400, 600) != nil, "scale = 1 wins over GDK_SCALE=2 and Xft.dpi 192")
    }

    @Test func aPlaceAloneLeavesTheSizeToTheScale() throws {
        let world = try world(dpi: 192)
        try world.startAgent(["--geometry", "+100+50"])
        #expect(screenshot(of: world, sized: 800, 1200) != nil, "+100+50 gives the place, the scale the size")
    }

    @Test func aResourceDatabaseOverItsBoundIsALogLineAndOneTimes() throws {
        let world = try world(dpi: nil)
        // 300 KB of resources, over the 256 KB read, with Xft.dpi among them: the agent does not read it.
        let filler = (0..<6000).map { "HeroBridgeTest.filler\($0):\t\(String(repeating: "x", count: 24))\n" }.joined()
        try world.mergeResources("Xft.dpi:\t192\n" + filler)
        try world.startAgent()
        #expect(world.waitForLog("scale: the resource database (RESOURCE_MANAGER) holds"), "\(world.log)")
        #expect(screenshot(of: world, sized: 400, 600) != nil, "1× without the database")
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil, "the agent goes on: a copy still becomes a favorite")
    }

    @Test func gdkScaleWinsOverXftDpi() throws {
        let world = try world(dpi: 96)
        try world.startAgent(extraEnvironment: ["GDK_SCALE": "2"])
        #expect(world.waitForLog("scale: 2× from GDK_SCALE"), "\(world.log)")
        #expect(screenshot(of: world, sized: 800, 1200) != nil)
    }

    @Test func theCatalogWindowIsTwiceTheSizeAt192Dpi() throws {
        let world = try world(dpi: 192)
        let catalog = try world.startScaledCatalog()
        #expect(catalog.waitFor("scale: 2× from Xft.dpi 192", inErrors: true), "\(catalog.errors)")
        var shot: Screenshot?
        #expect(eventually(timeout: 5) {
            shot = try? world.catalogScreenshot()
            return shot?.width == 720 && shot?.height == 1040
        }, "720x1040: \(String(describing: shot?.width))x\(String(describing: shot?.height))")
        let strip = try #require(shot)
        // The search strip (52 units: 104 pixels) with the white field inset 10 units (20 pixels).
        #expect(strip.isColor(10, 90, 237, 237, 240, tolerance: 4), "search strip at 2×: \(strip.rgb(10, 90))")
        #expect(strip.isColor(660, 28, 255, 255, 255, tolerance: 4), "search field at 2×, right of its text: \(strip.rgb(660, 28))")
        #expect(strip.isColor(10, 120, 250, 250, 250, tolerance: 4), "the list below 104 pixels: \(strip.rgb(10, 120))")
        let dark = strip.count(x: 24, y: 104, width: 400, height: 88, 26, 26, 26, tolerance: 50)
        #expect(dark > 200, "the first rows' names at 2×: \(dark) dark pixels")

        // It follows a change of Xft.dpi as the agent does.
        try world.mergeResources("Xft.dpi:\t96\n")
        #expect(catalog.waitFor("scale: 1× from Xft.dpi 96, was 2×", inErrors: true), "\(catalog.errors)")
        #expect(eventually(timeout: 5) {
            shot = try? world.catalogScreenshot()
            return shot?.width == 360 && shot?.height == 520
        }, "back to 360x520: \(String(describing: shot?.width))x\(String(describing: shot?.height))")
    }
}
