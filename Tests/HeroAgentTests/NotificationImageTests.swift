import HeroTransfer
import Testing
import TestSupport
@testable import HeroAgent

/// `image-data` pixels: straight RGBA from the decoder's premultiplied native-endian ARGB.
@Suite struct NotificationImageTests {
    @Test func aThumbnailBecomesStraightRGBARows() throws {
        // 2x1: opaque orange, then a half-transparent red (premultiplied in the decoder's pixels).
        let png = ImageFixtures.png(width: 2, height: 1, rgba: [255, 128, 0, 255, 200, 0, 0, 128])
        let decoded = try DecodedImage.thumbnail(of: png, maxSide: NotificationImage.maxSide)
        let image = NotificationImage(decoded)
        #expect(image.width == 2 && image.height == 1 && image.rowstride == 8)
        #expect(image.hasAlpha && image.bitsPerSample == 8 && image.channels == 4)
        #expect(Array(image.bytes[0..<4]) == [255, 128, 0, 255])
        #expect(image.bytes[7] == 128)
        #expect(abs(Int(image.bytes[4]) - 200) <= 2, "straight red back within rounding: \(image.bytes[4])")
        #expect(image.bytes[5] == 0 && image.bytes[6] == 0)
    }

    @Test func aFullyTransparentPixelIsZeroAndALargePortraitIsAtMost128() throws {
        let clear = try DecodedImage.thumbnail(of: ImageFixtures.png(width: 1, height: 1, rgba: [90, 90, 90, 0]), maxSide: 128)
        #expect(NotificationImage(clear).bytes == [0, 0, 0, 0])
        let big = try DecodedImage.thumbnail(of: ImageFixtures.png(width: 1000, height: 500), maxSide: NotificationImage.maxSide)
        let image = NotificationImage(big)
        #expect(image.width == 128 && image.height == 64 && image.bytes.count == 128 * 64 * 4)
    }
}
