import Testing
@testable import DropWindow

/// The star as the windows' icon: the sizes drawn at each scale, and the pixels (the tray icon's drawing: a gold
/// star on a green circle, transparent outside it), drawn with cairo and no display.
@Suite struct AppIconTests {
    @Test func theBaseSidesAndTheirScaledOnesOnceEach() {
        #expect(AppIcon.sides(scale: 1) == [16, 32, 48, 64])
        #expect(AppIcon.sides(scale: 2) == [16, 32, 48, 64, 96, 128])
        #expect(AppIcon.sides(scale: 1.5) == [16, 24, 32, 48, 64, 72, 96])
    }

    @Test(arguments: [16, 32, 48, 64, 128]) func theStarIsGoldInTheMiddleGreenAroundAndTransparentInTheCorners(side: Int) {
        let icon = AppIcon.image(side: side)
        #expect(icon.width == side && icon.height == side && icon.pixels.count == side * side)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { icon.pixels[y * side + x] }
        // DropRenderer's star gold (1.0, 0.76, 0.03), opaque.
        #expect(Self.isColor(pixel(side / 2, side / 2), 255, 194, 8))
        #expect(pixel(0, 0) >> 24 == 0, "outside the circle is transparent")
        // Inside the circle, below the star's lower points: the green (0.16, 0.68, 0.29).
        #expect(Self.isColor(pixel(side / 2, side * 85 / 100), 41, 173, 74))
    }

    /// Whether an ARGB pixel is opaque and within 2 of (r, g, b) on each channel (cairo rounds through 16 bits).
    static func isColor(_ pixel: UInt32, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        let channels = [Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff)]
        return pixel >> 24 == 0xff && zip(channels, [r, g, b]).allSatisfy { abs($0 - $1) <= 2 }
    }

    @Test func everyIconOfAScaleIsDrawn() {
        #expect(AppIcon.images(scale: 2).map(\.width) == [16, 32, 48, 64, 96, 128])
    }
}
