import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `DecodedImage.thumbnail`: small premultiplied ARGB pictures decoded at reduced size, within a row ceiling.
@Suite struct ThumbnailTests {
    /// 64×32: the left half opaque red, the right half blue at half opacity.
    static func halves(interlaced: Bool) -> Data {
        StreamedPNG.rgba(width: 64, height: 32, interlaced: interlaced) { _, pixels in
            for x in 0..<64 { pixels.replaceSubrange(x * 4..<x * 4 + 4, with: x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 128]) }
        }
    }

    /// BGRA bytes of the thumbnail pixel at `x`, `y`.
    static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }

    @Test(arguments: [false, true])
    func aPNGThumbnailIsTheAreaAverageInPremultipliedARGB(interlaced: Bool) throws {
        let thumbnail = try DecodedImage.thumbnail(of: Self.halves(interlaced: interlaced), maxSide: 16)
        #expect(thumbnail.width == 16 && thumbnail.height == 8)
        #expect(thumbnail.pixels.count == 16 * 8 * 4)
        #expect(Self.pixel(thumbnail, 0, 0) == [0, 0, 255, 255])   // red: B, G, R, A
        #expect(Self.pixel(thumbnail, 15, 7) == [128, 0, 0, 128])  // blue, premultiplied by its alpha
    }

    @Test func aSmallImageIsNeverEnlarged() throws {
        let thumbnail = try DecodedImage.thumbnail(of: ImageFixtures.png(width: 7, height: 5), maxSide: 48)
        #expect(thumbnail.width == 7 && thumbnail.height == 5)
    }

    @Test func aJPEGThumbnailIsDecodedAtReducedSizeAndOpaque() throws {
        let thumbnail = try DecodedImage.thumbnail(of: ImageFixtures.jpeg(width: 800, height: 400), maxSide: 48)
        #expect(thumbnail.width == 48 && thumbnail.height == 24)
        #expect(stride(from: 3, to: thumbnail.pixels.count, by: 4).allSatisfy { thumbnail.pixels[$0] == 255 })
    }

    // Found by the jpeg fuzz harness: TurboJPEG cannot convert CMYK to RGB, so a CMYK JPEG validated (its
    // check decodes to CMYK) and was stored, then had no thumbnail and no full decode.
    @Test func aValidatedCMYKJPEGDrawsAsAThumbnailAndInFull() throws {
        let red = ImageFixtures.cmykJPEG(width: 64, height: 32, cmyk: [255, 0, 0, 255])
        let image = try ImageValidator.validate(red, target: "image/jpeg", limits: .default)
        #expect(image.width == 64 && image.height == 32)
        let thumbnail = try DecodedImage.thumbnail(of: red, maxSide: 16)
        let full = try DecodedImage.decode(red)
        #expect(thumbnail.width == 16 && thumbnail.height == 8)
        #expect(full.width == 64 && full.height == 32)
        for picture in [thumbnail, full] {
            let (blue, green, redValue, alpha) = (picture.pixels[0], picture.pixels[1], picture.pixels[2], picture.pixels[3])
            #expect(blue < 16 && green < 16 && redValue > 240 && alpha == 255, "B \(blue) G \(green) R \(redValue) A \(alpha)")
        }
    }

    @Test func anEightThousandPixelSquarePNGGivesAFortyEightPixelThumbnail() throws {
        let portrait = StreamedPNG.rgba(width: 8000, height: 8000)
        #expect(portrait.count < 400_000)
        let thumbnail = try DecodedImage.thumbnail(of: portrait, maxSide: 48)
        #expect(thumbnail.width == 48 && thumbnail.height == 48)
        #expect(thumbnail.pixels.allSatisfy { $0 == 0 })
    }

    @Test func aRowOverTheCeilingIsRefusedBeforeAnyPixelIsDecoded() {
        let wide = StreamedPNG.rgba(width: 2000, height: 2)
        #expect(throws: ImageDecodeError.rowTooLong(bytes: 8000, limit: 4096)) {
            try PNGDecoder.thumbnail(wide, maxSide: 48, limits: TransferLimits(maxRowBytes: 4096))
        }
        #expect(throws: ImageDecodeError.rowTooLong(bytes: 8000, limit: 4096)) {
            try ThumbnailDecoder.jpeg(ImageFixtures.jpeg(width: 2000, height: 16), maxSide: 2000,
                                      limits: TransferLimits(maxRowBytes: 4096))
        }
    }

    @Test func aTruncatedPNGHasNoThumbnail() {
        let png = ImageFixtures.png(width: 64, height: 48)
        #expect(throws: (any Error).self) { try DecodedImage.thumbnail(of: png.prefix(png.count / 2), maxSide: 48) }
    }

    /// A source 16 times larger than the thumbnail is sampled on an even grid: fine stripes still average to grey.
    @Test func aLargeImageIsSampledEvenlyAndStillAveraged() throws {
        let stripes = StreamedPNG.rgba(width: 4000, height: 20) { _, pixels in
            for x in 0..<4000 { pixels.replaceSubrange(x * 4..<x * 4 + 4, with: x % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255]) }
        }
        let thumbnail = try DecodedImage.thumbnail(of: stripes, maxSide: 48)
        #expect(thumbnail.width == 48 && thumbnail.height == 1)
        for x in 0..<48 {
            let pixel = Self.pixel(thumbnail, x, 0)
            #expect(pixel[0...2].allSatisfy { (100...156).contains($0) } && pixel[3] == 255, "pixel \(x): \(pixel)")
        }
    }
}
