import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// WebP through libwebp: images written by Pillow (python3-pil) validated, drawn small and decoded in full; headers
/// claiming absurd sizes refused before any pixel is allocated; truncations and animations refused.
@Suite struct WebPDecoderTests {
    /// A RIFF/WEBP file of one VP8L header claiming `width`×`height` and no image data.
    private func losslessHeader(width: Int, height: Int) -> Data {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28
        let chunk = [0x2F] + littleEndian(bits)
        return Data("RIFF".utf8) + littleEndian(UInt32(4 + 8 + chunk.count + 1)) + Data("WEBPVP8L".utf8)
            + littleEndian(UInt32(chunk.count)) + chunk + [0]
    }

    @Test func aLosslessWebPFromPillowIsValidatedAsIsAndDecodesToItsPixels() throws {
        let webp = try PILImages.make("webp", width: 40, height: 30, ["mode=RGBA", "lossless"])
        let image = try ImageValidator.validate(webp, target: "image/webp", name: "Storm", limits: .default)
        #expect(image == TransferImage(mime: "image/webp", data: webp, width: 40, height: 30, name: "Storm"))
        let full = try DecodedImage.decode(webp)
        #expect(full.width == 40 && full.height == 30)
        // Top right: red 255, green 0, blue 90, opaque. The left quarter is transparent (premultiplied to 0).
        #expect(pixel(full, 39, 0) == [90, 0, 255, 255])
        #expect(pixel(full, 0, 29) == [0, 0, 0, 0])
    }

    @Test func aLossyWebPFromPillowIsValidatedAndDecodesCloseToItsPixels() throws {
        let webp = try PILImages.make("webp", width: 64, height: 48, ["quality=90"])
        let image = try ImageValidator.validate(webp, target: "application/octet-stream", limits: .default)
        #expect(image.mime == "image/webp" && image.width == 64 && image.height == 48)
        let full = try DecodedImage.decode(webp)
        #expect(near(pixel(full, 63, 0), [90, 0, 255, 255], 40), "\(pixel(full, 63, 0))")
        #expect(near(pixel(full, 0, 47), [90, 255, 0, 255], 40), "\(pixel(full, 0, 47))")
    }

    @Test func aWebPThumbnailIsScaledByLibwebpKeepingAspectAndAlpha() throws {
        let webp = try PILImages.make("webp", width: 200, height: 100, ["mode=RGBA", "lossless"])
        let thumbnail = try DecodedImage.thumbnail(of: webp, maxSide: 48)
        #expect(thumbnail.width == 48 && thumbnail.height == 24)
        #expect(pixel(thumbnail, 0, 12)[3] == 0)
        #expect(pixel(thumbnail, 47, 12)[3] == 255)
    }

    @Test(arguments: [["mode=RGBA", "lossless"], ["quality=80"]])
    func aTruncatedWebPIsRefused(options: [String]) throws {
        let webp = try PILImages.make("webp", width: 64, height: 64, options)
        for cut in [webp.prefix(webp.count / 2), webp.dropLast(4), webp.prefix(20)] {
            let reason = refusal(Data(cut), target: "image/webp")
            #expect(reason?.hasPrefix("invalid WEBP image: ") == true, "\(String(describing: reason))")
        }
    }

    /// The header alone: decoding would fail on the missing bitstream, so "over the limit" shows the size came first.
    @Test func aHeaderClaiming16384By16384IsRefusedAsTooBigBeforeDecoding() {
        let reason = refusal(losslessHeader(width: 16384, height: 16384), target: "image/webp")
        #expect(reason == "WEBP image of 16384×16384 pixels is over the limit (16384 px a side, 64 megapixels)")
    }

    @Test func aHeaderOverTheSideLimitOfTheCallerIsRefused() {
        let reason = refusal(losslessHeader(width: 3000, height: 20), target: "image/webp",
                             limits: TransferLimits(maxImageSide: 2048))
        #expect(reason?.hasSuffix("3000×20 pixels is over the limit (2048 px a side, 64 megapixels)") == true)
    }

    @Test func anAnimatedWebPIsRefusedWithItsReason() throws {
        let webp = try PILImages.make("webp", width: 16, height: 16, ["frames=3"])
        #expect(refusal(webp, target: "image/webp") == "invalid WEBP image: animated WebP is not supported (only still images are)")
    }
}
