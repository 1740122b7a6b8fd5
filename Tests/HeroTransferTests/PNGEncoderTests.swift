import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// JPEG portraits are offered as image/png too: the encoder must give a valid PNG with the same pixels.
@Suite struct PNGEncoderTests {
    @Test func aJPEGBecomesAValidPNGOfTheSameSizeAndPixels() throws {
        let jpeg = ImageFixtures.jpeg(width: 64, height: 48)
        let decoded = try DecodedImage.decode(jpeg)
        let png = try PNGEncoder.encode(decoded)
        #expect(ImageFormat.sniff(png) == .png)
        let image = try ImageValidator.validate(png, target: "image/png", limits: .default)
        #expect(image.width == 64 && image.height == 48)
        #expect(try DecodedImage.decode(png).pixels == decoded.pixels)
    }

    @Test func anOpaqueImageIsWrittenWithoutAlpha() throws {
        let png = try PNGEncoder.encode(DecodedImage.decode(ImageFixtures.jpeg(width: 8, height: 8)))
        // IHDR colour type (byte 25): 2 is truecolour, 6 truecolour with alpha.
        #expect(png[25] == 2)
    }

    @Test func translucentPixelsSurviveTheRoundTrip() throws {
        // Premultiplied BGRA: a half-transparent red, a transparent pixel, an opaque blue.
        let pixels: [UInt8] = [0, 0, 128, 128, 0, 0, 0, 0, 255, 0, 0, 255]
        let png = try PNGEncoder.encode(DecodedImage(width: 3, height: 1, pixels: pixels))
        #expect(png[25] == 6)
        #expect(try DecodedImage.decode(png).pixels == pixels)
    }
}
