import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// GIF through giflib, first frame only: images written by Pillow (plain, interlaced, transparent, animated), sizes
/// refused from the descriptors, truncations, and colour tables that are missing or too short for the pixels.
@Suite struct GIFDecoderTests {
    /// A GIF89a of `width`×`height` whose one image is `frame` (`left`, `top`, size) with `lzw`'s sub-blocks; a
    /// global table of `colours` entries (0: none).
    private func gif(width: UInt16, height: UInt16, colours: Int = 2, frame: (left: UInt16, top: UInt16, width: UInt16, height: UInt16),
                     lzw: [UInt8]) -> Data {
        var bytes: [UInt8] = Array("GIF89a".utf8)
        bytes += littleEndian(width) + littleEndian(height)
        if colours > 0 {
            let bits = UInt8(colours.trailingZeroBitCount - 1)
            bytes += [0x80 | bits, 0, 0] + (0..<colours).flatMap { [UInt8($0 * 40), 0, 0] }
        } else {
            bytes += [0, 0, 0]
        }
        bytes += [0x2C] + littleEndian(frame.left) + littleEndian(frame.top)
        bytes += littleEndian(frame.width) + littleEndian(frame.height) + [0x00]
        return Data(bytes + lzw + [0x3B])
    }

    /// One pixel of colour `index`, LZW with a minimum code size of 2: clear (4), the index, end (5), 3 bits each.
    private func onePixel(_ index: UInt8) -> [UInt8] {
        [0x02, 0x02, 4 | index << 3 | (5 & 3) << 6, 5 >> 2, 0x00]
    }

    @Test func aGIFFromPillowIsValidatedAsIsAndDecodesToItsFirstFrame() throws {
        let data = try PILImages.make("gif", width: 40, height: 30)
        let image = try ImageValidator.validate(data, target: "image/gif", name: "Rogue", limits: .default)
        #expect(image == TransferImage(mime: "image/gif", data: data, width: 40, height: 30, name: "Rogue"))
        let full = try DecodedImage.decode(data)
        #expect(near(pixel(full, 39, 0), [90, 0, 255, 255], 40), "\(pixel(full, 39, 0))")
        #expect(near(pixel(full, 0, 29), [90, 255, 0, 255], 40), "\(pixel(full, 0, 29))")
    }

    @Test func anInterlacedGIFDecodesToTheSamePixelsAsTheSequentialOne() throws {
        let sequential = try DecodedImage.decode(try PILImages.make("gif", width: 33, height: 27))
        let interlacedData = try PILImages.make("gif", width: 33, height: 27, ["interlace"])
        #expect(interlacedData != (try PILImages.make("gif", width: 33, height: 27)))
        let interlaced = try DecodedImage.decode(interlacedData)
        #expect(interlaced.pixels == sequential.pixels)
    }

    @Test func theTransparentIndexOfTheGraphicsControlExtensionIsTransparent() throws {
        let transparent = try DecodedImage.decode(try PILImages.make("gif", width: 20, height: 20, ["transparent"]))
        let opaque = try DecodedImage.decode(try PILImages.make("gif", width: 20, height: 20))
        let clear = { (image: DecodedImage) in stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.count }
        #expect(clear(transparent) > 0)
        #expect(clear(opaque) == 0)
    }

    /// Frames 2 and 3 are solid green and blue: the first frame's gradient is what is read.
    @Test func anAnimatedGIFIsItsFirstFrame() throws {
        let data = try PILImages.make("gif", width: 24, height: 16, ["frames=3"])
        let image = try ImageValidator.validate(data, target: "image/gif", limits: .default)
        #expect(image.width == 24 && image.height == 16)
        let full = try DecodedImage.decode(data)
        #expect(near(pixel(full, 23, 0), [90, 0, 255, 255], 40), "\(pixel(full, 23, 0))")
    }

    @Test func aGIFThumbnailKeepsItsAspect() throws {
        let thumbnail = try DecodedImage.thumbnail(of: try PILImages.make("gif", width: 200, height: 100), maxSide: 48)
        #expect(thumbnail.width == 48 && thumbnail.height == 24)
    }

    @Test func aTruncatedGIFIsRefused() throws {
        let data = try PILImages.make("gif", width: 64, height: 64)
        for cut in [data.prefix(data.count * 2 / 3), data.prefix(12), data.dropLast(3)] {
            let reason = refusal(Data(cut), target: "image/gif")
            #expect(reason?.hasPrefix("invalid GIF image: ") == true, "\(String(describing: reason))")
        }
        #expect(refusal(data.prefix(data.count / 2), target: "image/gif") == "invalid GIF image: the GIF data ends early (truncated)")
    }

    @Test func aCraftedOnePixelGIFIsValid() throws {
        let image = try ImageValidator.validate(gif(width: 1, height: 1, frame: (0, 0, 1, 1), lzw: onePixel(1)),
                                                target: "image/gif", limits: .default)
        #expect(image.width == 1 && image.height == 1)
    }

    /// Only descriptors and no pixel data: "over the limit" shows the sizes were checked before any row was read.
    @Test func descriptorsClaimingAbsurdSizesAreRefusedBeforeDecoding() {
        let huge = gif(width: 65535, height: 65535, frame: (0, 0, 65535, 65535), lzw: [0x02, 0x00])
        #expect(refusal(huge) == "GIF image of 65535×65535 pixels is over the limit (16384 px a side, 64 megapixels)")
        // A small frame placed far out on a small screen widens the canvas past the limit.
        let far = gif(width: 100, height: 100, frame: (16300, 0, 100, 100), lzw: [0x02, 0x00])
        #expect(refusal(far) == "GIF image of 16400×100 pixels is over the limit (16384 px a side, 64 megapixels)")
    }

    @Test func aGIFWithNoColourTableIsRefused() {
        let data = gif(width: 1, height: 1, colours: 0, frame: (0, 0, 1, 1), lzw: onePixel(1))
        #expect(refusal(data) == "invalid GIF image: the GIF has no colour table")
    }

    @Test func aPixelPastTheColourTableIsRefused() {
        let data = gif(width: 1, height: 1, colours: 2, frame: (0, 0, 1, 1), lzw: onePixel(3))
        #expect(refusal(data) == "invalid GIF image: a pixel uses colour 3 of a GIF colour table of 2")
    }

    @Test func aGIFOfOnlyExtensionsHasNoImage() {
        let data = Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + [0x21, 0xFE, 0x02, 0x68, 0x69, 0x00, 0x3B])
        #expect(refusal(data) == "invalid GIF image: the GIF holds no image")
    }
}
