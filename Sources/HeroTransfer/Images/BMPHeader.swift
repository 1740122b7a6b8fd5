import FoundationEssentials

/// What a BMP's headers say, parsed and checked before a single pixel is read or allocated: the file header, a
/// `BITMAPINFOHEADER` (40 bytes) or one of its extensions (V2 52, V3 56, V4 108, V5 124), the channel masks and the
/// colour table. Every size and offset is checked against the data and `TransferLimits`, with overflow-checked
/// arithmetic: `BMPDecoder` reads rows knowing each one is there.
///
/// Read: 1, 4 and 8-bit palette images; 16 and 32-bit ones with the default channels or `BI_BITFIELDS` /
/// `BI_ALPHABITFIELDS` masks; 24-bit; bottom-up and top-down. Refused with their name: RLE compression, embedded
/// JPEG or PNG, the OS/2 headers, other bit depths.
struct BMPHeader: Equatable {
    let width: Int
    let height: Int
    /// Rows stored top row first (a negative height in the file); else bottom row first.
    let topDown: Bool
    let bitsPerPixel: Int
    /// Where the first stored row starts, and the bytes from one row to the next (rows are padded to 4 bytes).
    let pixelOffset: Int
    let stride: Int
    /// The colour table as RGBA, 4 bytes an entry (1 to 8-bit images only; empty otherwise).
    let palette: [UInt8]
    /// The channel masks of a 16 or 32-bit pixel; `alpha` is 0 when the image has none.
    let masks: Masks

    struct Masks: Equatable {
        var red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32
    }

    /// Compression values of the info header.
    private static let rgb: UInt32 = 0, rle8: UInt32 = 1, rle4: UInt32 = 2, bitfields: UInt32 = 3, jpeg: UInt32 = 4,
                       png: UInt32 = 5, alphaBitfields: UInt32 = 6

    static func parse(_ bytes: UnsafeRawBufferPointer, limits: TransferLimits) throws(ImageDecodeError) -> BMPHeader {
        let count = bytes.count
        func truncated() -> ImageDecodeError { .corrupt("the BMP data ends early (truncated)") }
        let fields = ByteReader(bytes, .littleEndian)
        func u16(_ at: Int) -> UInt32 { UInt32(fields.uint16(at: at)) }
        func u32(_ at: Int) -> UInt32 { fields.uint32(at: at) }
        guard count >= 18 else { throw truncated() }
        guard bytes[0] == 0x42, bytes[1] == 0x4D else { throw .corrupt("not a BMP (no BM signature)") }
        let pixelOffset = Int(u32(10)), headerSize = Int(u32(14))
        switch headerSize {
        case 40, 52, 56, 108, 124: break
        case 12: throw .corrupt("OS/2 1.x BMPs (12-byte BITMAPCOREHEADER) are not supported")
        case 64: throw .corrupt("OS/2 2.x BMPs (64-byte header) are not supported")
        default: throw .corrupt("unknown BMP header of \(headerSize) bytes")
        }
        guard count >= 14 + headerSize else { throw truncated() }
        let width = Int(Int32(bitPattern: u32(18))), storedHeight = Int(Int32(bitPattern: u32(22)))
        let planes = u16(26), bitsPerPixel = Int(u16(28)), compression = u32(30), coloursUsed = Int(u32(46))
        guard planes == 1 else { throw .corrupt("a BMP with \(planes) planes (must be 1)") }
        let height = abs(storedHeight)
        try ImageDecodeError.check(width: width, height: height, limits: limits)

        switch compression {
        case rgb, bitfields, alphaBitfields: break
        case rle8, rle4: throw .corrupt("RLE-compressed BMPs are not supported (only uncompressed ones are)")
        case jpeg, png: throw .corrupt("BMPs holding a \(compression == jpeg ? "JPEG" : "PNG") are not supported")
        default: throw .corrupt("unknown BMP compression \(compression)")
        }
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else {
            throw .corrupt("\(bitsPerPixel)-bit BMPs are not supported (1, 4, 8, 16, 24 and 32-bit are)")
        }
        let hasMasks = compression != rgb
        guard !hasMasks || bitsPerPixel == 16 || bitsPerPixel == 32 else {
            throw .corrupt("channel masks on a \(bitsPerPixel)-bit BMP (only 16 and 32-bit have them)")
        }

        // Masks follow a 40-byte header (3 of them, 4 with alpha); the longer headers hold them at the same place.
        var tableStart = 14 + headerSize
        var masks: Masks
        if hasMasks {
            let maskCount = headerSize == 40 ? (compression == alphaBitfields ? 4 : 3) : (headerSize >= 56 ? 4 : 3)
            guard count >= 54 + maskCount * 4 else { throw truncated() }
            masks = Masks(red: u32(54), green: u32(58), blue: u32(62), alpha: maskCount == 4 ? u32(66) : 0)
            if headerSize == 40 { tableStart += maskCount * 4 }
            try check(masks, bitsPerPixel: bitsPerPixel)
        } else {
            masks = bitsPerPixel == 16 ? Masks(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
                : Masks(red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0)
        }

        var palette: [UInt8] = []
        if bitsPerPixel <= 8 {
            let most = 1 << bitsPerPixel
            let entries = coloursUsed == 0 ? most : coloursUsed
            guard entries <= most else {
                throw .corrupt("a palette of \(coloursUsed) colours for \(bitsPerPixel)-bit pixels (at most \(most))")
            }
            guard count >= tableStart + entries * 4 else { throw truncated() }
            palette = [UInt8](repeating: 255, count: entries * 4)
            for i in 0..<entries {
                palette[i * 4] = bytes[tableStart + i * 4 + 2]
                palette[i * 4 + 1] = bytes[tableStart + i * 4 + 1]
                palette[i * 4 + 2] = bytes[tableStart + i * 4]
            }
            tableStart += entries * 4
        }
        guard pixelOffset >= tableStart else {
            throw .corrupt("the BMP's pixels start at byte \(pixelOffset), inside its headers (\(tableStart) bytes)")
        }

        let (bits, bitsOverflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        let (padded, paddedOverflow) = bits.addingReportingOverflow(31)
        guard !bitsOverflow, !paddedOverflow else { throw .rowTooLong(bytes: Int.max, limit: limits.maxRowBytes) }
        let stride = padded / 32 * 4
        let outputRow = width * 4
        guard stride <= limits.maxRowBytes, outputRow <= limits.maxRowBytes else {
            throw .rowTooLong(bytes: max(stride, outputRow), limit: limits.maxRowBytes)
        }
        let (pixelBytes, pixelsOverflow) = stride.multipliedReportingOverflow(by: height)
        let (end, endOverflow) = pixelOffset.addingReportingOverflow(pixelBytes)
        guard !pixelsOverflow, !endOverflow, end <= count else {
            throw .corrupt("the BMP data ends early (truncated): \(height) rows of \(stride) bytes from byte \(pixelOffset), "
                           + "\(count) bytes in all")
        }
        return BMPHeader(width: width, height: height, topDown: storedHeight < 0, bitsPerPixel: bitsPerPixel,
                         pixelOffset: pixelOffset, stride: stride, palette: palette, masks: masks)
    }

    /// Red, green and blue present; each mask one run of bits within the pixel; no two overlapping.
    private static func check(_ masks: Masks, bitsPerPixel: Int) throws(ImageDecodeError) {
        let all = [masks.red, masks.green, masks.blue, masks.alpha]
        let limit: UInt64 = 1 << UInt64(bitsPerPixel)
        for (index, mask) in all.enumerated() where mask != 0 || index < 3 {
            let shifted = mask >> UInt32(mask.trailingZeroBitCount & 31)
            guard mask != 0, UInt64(mask) < limit, shifted & (shifted &+ 1) == 0 else {
                throw .corrupt("a BMP channel mask of 0x\(String(mask, radix: 16, uppercase: true)) on \(bitsPerPixel)-bit pixels")
            }
        }
        guard masks.red & masks.green == 0, masks.red & masks.blue == 0, masks.green & masks.blue == 0,
              (masks.red | masks.green | masks.blue) & masks.alpha == 0
        else { throw .corrupt("the BMP's channel masks overlap") }
    }
}
