import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// BMP in Swift: Pillow's BMPs (24-bit, 8-bit palette, grey, 1-bit, 32-bit), and hand-made ones for what Pillow does
/// not write (top-down rows, 16-bit, BI_BITFIELDS, a V5 header with alpha, 4-bit); refused: RLE, OS/2 headers,
/// absurd sizes, truncations, malformed palettes and masks.
@Suite struct BMPDecoderTests {
    /// A BMP with an info header of `headerSize` bytes: `masks` written into a header of 52 bytes or more, else after
    /// it; `palette` entries as blue, green, red; `rows` as stored (bottom row first unless `height` is negative),
    /// each padded to 4 bytes here.
    private func bmp(width: Int32, height: Int32, bits: UInt16, compression: UInt32 = 0, headerSize: Int = 40,
                     masks: [UInt32] = [], coloursUsed: UInt32 = 0, palette: [[UInt8]] = [], rows: [[UInt8]],
                     pixelOffset: Int? = nil) -> Data {
        var info: [UInt8] = littleEndian(UInt32(headerSize))
        info += littleEndian(width)
        info += littleEndian(height)
        info += littleEndian(UInt16(1))
        info += littleEndian(bits)
        info += littleEndian(compression)
        info += littleEndian(UInt32(0))
        info += littleEndian(Int32(2835))
        info += littleEndian(Int32(2835))
        info += littleEndian(coloursUsed)
        info += littleEndian(UInt32(0))
        if headerSize > 40 { info += masks.flatMap { littleEndian($0) } }
        info += [UInt8](repeating: 0, count: max(0, headerSize - info.count))
        if headerSize == 40 { info += masks.flatMap { littleEndian($0) } }
        let table: [UInt8] = palette.flatMap { entry -> [UInt8] in entry + [0] }
        let pixels: [UInt8] = rows.flatMap { row -> [UInt8] in row + [UInt8](repeating: 0, count: (4 - row.count % 4) % 4) }
        let offset = pixelOffset ?? 14 + info.count + table.count
        var file: [UInt8] = [0x42, 0x4D]
        file += littleEndian(UInt32(offset + pixels.count))
        file += littleEndian(UInt32(0))
        file += littleEndian(UInt32(offset))
        file += info
        file += table
        file += [UInt8](repeating: 0, count: max(0, offset - file.count))
        return Data(file + pixels)
    }

    @Test func a24BitBMPFromPillowIsValidatedAsIsAndDecodesBottomUp() throws {
        let data = try PILImages.make("bmp", width: 40, height: 30)
        let image = try ImageValidator.validate(data, target: "image/bmp", name: "Cyclops", limits: .default)
        #expect(image == TransferImage(mime: "image/bmp", data: data, width: 40, height: 30, name: "Cyclops"))
        let full = try DecodedImage.decode(data)
        #expect(pixel(full, 39, 0) == [90, 0, 255, 255])
        #expect(pixel(full, 0, 29) == [90, 255, 0, 255])
    }

    @Test(arguments: ["mode=P", "mode=L", "mode=1", "mode=RGBA"])
    func pillowsOtherBMPsAreValidatedAndDrawn(mode: String) throws {
        let data = try PILImages.make("bmp", width: 37, height: 21, [mode])
        let image = try ImageValidator.validate(data, target: "image/x-ms-bmp", limits: .default)
        #expect(image.mime == "image/bmp" && image.width == 37 && image.height == 21)
        let full = try DecodedImage.decode(data)
        // Pillow writes RGBA as a 32-bit BI_RGB BMP, whose fourth byte is unused: opaque, as Pillow reads it back.
        #expect(pixel(full, 36, 20)[3] == 255)
        let thumbnail = try DecodedImage.thumbnail(of: data, maxSide: 16)
        #expect(thumbnail.width == 16 && thumbnail.height == 9)
    }

    @Test func aTopDownBMPHasItsFirstStoredRowOnTop() throws {
        let data = bmp(width: 2, height: -2, bits: 24, rows: [[0, 0, 255, 0, 255, 0], [255, 0, 0, 9, 9, 9]])
        let full = try DecodedImage.decode(data)
        #expect(pixel(full, 0, 0) == [0, 0, 255, 255] && pixel(full, 1, 0) == [0, 255, 0, 255])
        #expect(pixel(full, 0, 1) == [255, 0, 0, 255])
        let bottomUp = try DecodedImage.decode(bmp(width: 2, height: 2, bits: 24, rows: [[0, 0, 255, 0, 255, 0], [255, 0, 0, 9, 9, 9]]))
        #expect(pixel(bottomUp, 0, 1) == [0, 0, 255, 255])
    }

    @Test func sixteenBitPixelsAreFiveFiveFiveByDefaultAndMaskedWithBitfields() throws {
        let plain = try DecodedImage.decode(bmp(width: 2, height: 1, bits: 16, rows: [littleEndian(UInt16(0x7C00)) + littleEndian(UInt16(0x001F))]))
        #expect(pixel(plain, 0, 0) == [0, 0, 255, 255] && pixel(plain, 1, 0) == [255, 0, 0, 255])
        let masked = try DecodedImage.decode(bmp(width: 2, height: 1, bits: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F],
                                                 rows: [littleEndian(UInt16(0xF800)) + littleEndian(UInt16(0x07E0))]))
        #expect(pixel(masked, 0, 0) == [0, 0, 255, 255] && pixel(masked, 1, 0) == [0, 255, 0, 255])
    }

    @Test func aV5HeaderWithAnAlphaMaskHasAlpha() throws {
        let masks: [UInt32] = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]
        let data = bmp(width: 2, height: 1, bits: 32, compression: 3, headerSize: 124, masks: masks,
                       rows: [[0, 0, 255, 255] + [0, 0, 255, 0]])
        let full = try DecodedImage.decode(data)
        #expect(pixel(full, 0, 0) == [0, 0, 255, 255])
        #expect(pixel(full, 1, 0) == [0, 0, 0, 0])
        #expect(try ImageValidator.validate(data, target: "image/bmp", limits: .default).width == 2)
        let v4 = bmp(width: 1, height: 1, bits: 32, compression: 3, headerSize: 108, masks: masks, rows: [[10, 20, 30, 128]])
        #expect(pixel(try DecodedImage.decode(v4), 0, 0) == [5, 10, 15, 128])
    }

    @Test func fourBitPixelsIndexTheirPalette() throws {
        let data = bmp(width: 3, height: 1, bits: 4, coloursUsed: 3, palette: [[0, 0, 0], [255, 0, 0], [0, 0, 255]],
                       rows: [[0x12, 0x00]])
        let full = try DecodedImage.decode(data)
        #expect(pixel(full, 0, 0) == [255, 0, 0, 255] && pixel(full, 1, 0) == [0, 0, 255, 255] && pixel(full, 2, 0) == [0, 0, 0, 255])
    }

    @Test func rleAndEmbeddedFormatsAndOS2HeadersAreRefusedByName() {
        let rle = bmp(width: 2, height: 2, bits: 8, compression: 1, palette: [[0, 0, 0]], rows: [[0, 0]])
        #expect(refusal(rle) == "invalid BMP image: RLE-compressed BMPs are not supported (only uncompressed ones are)")
        let rle4 = bmp(width: 2, height: 2, bits: 4, compression: 2, palette: [[0, 0, 0]], rows: [[0, 0]])
        #expect(refusal(rle4)?.contains("RLE-compressed") == true)
        let png = bmp(width: 2, height: 2, bits: 0, compression: 5, rows: [[0, 0]])
        #expect(refusal(png) == "invalid BMP image: BMPs holding a PNG are not supported")
        var core: [UInt8] = [0x42, 0x4D]
        core += littleEndian(UInt32(40)) + [0, 0, 0, 0]
        core += littleEndian(UInt32(26)) + littleEndian(UInt32(12))
        core += [UInt8](repeating: 0, count: 14)
        #expect(refusal(Data(core)) == "invalid BMP image: OS/2 1.x BMPs (12-byte BITMAPCOREHEADER) are not supported")
        #expect(refusal(bmp(width: 1, height: 1, bits: 2, rows: [[0]]))?.contains("2-bit BMPs are not supported") == true)
    }

    /// No pixel data at all: "over the limit" shows the size was checked from the header first.
    @Test(arguments: [(Int32(1 << 30), Int32(1)), (Int32(1), Int32.min), (Int32(9000), Int32(-9000))])
    func headersClaimingAbsurdSizesAreRefusedBeforeAnyPixelIsRead(width: Int32, height: Int32) {
        let reason = refusal(bmp(width: width, height: height, bits: 32, rows: []))
        #expect(reason?.hasPrefix("BMP image of \(width)×\(abs(Int(height))) pixels is over the limit") == true, "\(String(describing: reason))")
    }

    @Test func aRowOverTheDecodersRowLimitIsRefused() {
        let reason = refusal(bmp(width: 4000, height: 1, bits: 32, rows: []), limits: TransferLimits(maxRowBytes: 8000))
        #expect(reason == "invalid BMP image: a row of 15.6 KiB is over the decoder's limit of 7.8 KiB", "\(String(describing: reason))")
    }

    @Test func aTruncatedBMPIsRefused() throws {
        let data = try PILImages.make("bmp", width: 40, height: 30)
        for cut in [data.dropLast(1), data.prefix(60), data.prefix(10)] {
            let reason = refusal(Data(cut), target: "image/bmp")
            #expect(reason?.hasPrefix("invalid BMP image: the BMP data ends early (truncated)") == true, "\(String(describing: reason))")
        }
    }

    @Test func malformedPalettesAreRefused() {
        let tooMany = bmp(width: 1, height: 1, bits: 8, coloursUsed: 300, palette: [], rows: [[0]])
        #expect(refusal(tooMany) == "invalid BMP image: a palette of 300 colours for 8-bit pixels (at most 256)")
        let short = bmp(width: 2, height: 1, bits: 8, coloursUsed: 2, palette: [[0, 0, 0], [9, 9, 9]], rows: [[1, 5]])
        #expect(refusal(short) == "invalid BMP image: a pixel uses colour 5 of a BMP palette of 2")
        let missing = bmp(width: 1, height: 1, bits: 8, coloursUsed: 0, palette: [[0, 0, 0]], rows: [[0]], pixelOffset: 58)
        #expect(refusal(Data(missing.prefix(70)))?.hasPrefix("invalid BMP image: the BMP data ends early") == true)
    }

    @Test func malformedMasksAndOffsetsAreRefused() {
        let overlapping = bmp(width: 1, height: 1, bits: 16, compression: 3, masks: [0xF800, 0x0FE0, 0x001F], rows: [[0, 0]])
        #expect(refusal(overlapping) == "invalid BMP image: the BMP's channel masks overlap")
        let broken = bmp(width: 1, height: 1, bits: 16, compression: 3, masks: [0xF00F, 0x07E0, 0x0010], rows: [[0, 0]])
        #expect(refusal(broken) == "invalid BMP image: a BMP channel mask of 0xF00F on 16-bit pixels")
        let wide = bmp(width: 1, height: 1, bits: 16, compression: 3, masks: [0x1F_0000, 0x07E0, 0x001F], rows: [[0, 0]])
        #expect(refusal(wide)?.contains("channel mask of 0x1F0000 on 16-bit pixels") == true)
        let inside = bmp(width: 1, height: 1, bits: 24, rows: [[0, 0, 0]], pixelOffset: 20)
        #expect(refusal(inside) == "invalid BMP image: the BMP's pixels start at byte 20, inside its headers (54 bytes)")
    }
}
