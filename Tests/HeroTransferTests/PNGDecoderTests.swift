import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `PNGDecoder`, PNG's `RowDecoder`: the full decode, the thumbnail and validation all read the same rows, an
/// interlaced image's pass by pass, within the same limits.
@Suite struct PNGDecoderTests {
    private func noisy(interlaced: Bool) -> Data {
        StreamedPNG.rgba(width: 37, height: 23, interlaced: interlaced) { y, pixels in
            for x in 0..<pixels.count { pixels[x] = UInt8(truncatingIfNeeded: x &* 29 &+ y &* 13) }
        }
    }

    @Test func anInterlacedPNGDecodesInFullToTheSamePixelsAsAPlainOne() throws {
        let plain = try DecodedImage.decode(noisy(interlaced: false))
        let interlaced = try DecodedImage.decode(noisy(interlaced: true))
        #expect(plain.width == 37 && plain.height == 23 && plain.pixels.count == 37 * 23 * 4)
        #expect(interlaced.pixels == plain.pixels)
    }

    @Test func theFullDecodeIsPremultipliedNativeEndianARGB() throws {
        let image = try DecodedImage.decode(ImageFixtures.png(width: 1, height: 1, rgba: [255, 0, 0, 128]))
        #expect(pixel(image, 0, 0) == [0, 0, 128, 128])
    }

    /// 16-bit samples are scaled to 8 bits, no gamma applied, by the full decode as by the thumbnail. (libpng's
    /// simplified API, which made full decodes before, took a 16-bit PNG without gAMA for linear light and
    /// converted it to sRGB: a sample of 0x4000 came out 136 in full and 64 in the thumbnail.)
    @Test func aSixteenBitPNGHasTheSameColoursInFullAsInItsThumbnail() throws {
        let layout = HandBuiltPNG.Layout(width: 3, height: 1, bitDepth: 16, colorType: 0)
        let png = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate([0, 0x40, 0x00, 0x80, 0x00, 0xFF, 0xFF]))
        let full = try DecodedImage.decode(png)
        #expect(full.pixels == (try DecodedImage.thumbnail(of: png, maxSide: 3)).pixels)
        #expect(pixel(full, 0, 0) == [64, 64, 64, 255] && pixel(full, 1, 0) == [128, 128, 128, 255])
    }

    @Test func aRowOverTheCeilingIsRefusedByTheFullDecodeAsByTheThumbnail() {
        let wide = StreamedPNG.rgba(width: 2000, height: 2)
        let limits = TransferLimits(maxRowBytes: 4096)
        #expect(throws: ImageDecodeError.rowTooLong(bytes: 8000, limit: 4096)) { try PNGDecoder.decodeARGB(wide, limits: limits) }
        #expect(throws: ImageDecodeError.rowTooLong(bytes: 8000, limit: 4096)) {
            try PNGDecoder.thumbnail(wide, maxSide: 48, limits: limits)
        }
    }
}
