import FoundationEssentials

/// BMP in Swift (no C library): the headers parsed and checked first (`BMPHeader`), then the stored rows turned
/// one at a time into 8-bit RGBA in one reusable row buffer. What a read costs is one row, whatever the height.
enum BMPDecoder: RowDecoder {
    static let formatName = "BMP"

    /// `header` gets the size once the headers passed `limits`; `row` then gets every image row whole, in the order
    /// they are stored. A palette index past the colour table is refused.
    static func read(_ data: Data, limits: TransferLimits,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                     row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        let result: Result<(width: Int, height: Int), ImageDecodeError> = data.withUnsafeBytes { bytes in
            do throws(ImageDecodeError) {
                let parsed = try BMPHeader.parse(bytes, limits: limits)
                try header(parsed.width, parsed.height)
                try rows(bytes, parsed, row: row)
                return .success((parsed.width, parsed.height))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func rows(_ bytes: UnsafeRawBufferPointer, _ header: BMPHeader,
                             row: (ImageRow) -> Void) throws(ImageDecodeError) {
        let width = header.width, bits = header.bitsPerPixel
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        defer { buffer.deallocate() }
        let channels = [header.masks.red, header.masks.green, header.masks.blue].map(Channel.init)
        let alpha = header.masks.alpha == 0 ? nil : Channel(header.masks.alpha)
        let colours = header.palette.count / 4
        for stored in 0..<header.height {
            let start = header.pixelOffset + stored * header.stride
            switch bits {
            case 1, 4, 8:
                let perByte = 8 / bits, mask = (1 << bits) - 1
                for x in 0..<width {
                    let byte = Int(bytes[start + x / perByte])
                    let index = byte >> (8 - bits - (x % perByte) * bits) & mask
                    guard index < colours else {
                        throw .corrupt("a pixel uses colour \(index) of a BMP palette of \(colours)")
                    }
                    for c in 0..<4 { buffer[x * 4 + c] = header.palette[index * 4 + c] }
                }
            case 24:
                for x in 0..<width {
                    let p = start + x * 3
                    buffer[x * 4] = bytes[p + 2]
                    buffer[x * 4 + 1] = bytes[p + 1]
                    buffer[x * 4 + 2] = bytes[p]
                    buffer[x * 4 + 3] = 255
                }
            default:
                let size = bits / 8
                for x in 0..<width {
                    var pixel: UInt32 = 0
                    for b in 0..<size { pixel |= UInt32(bytes[start + x * size + b]) << (8 * b) }
                    for c in 0..<3 { buffer[x * 4 + c] = channels[c].value(of: pixel) }
                    buffer[x * 4 + 3] = alpha?.value(of: pixel) ?? 255
                }
            }
            row(ImageRow(y: header.topDown ? stored : header.height - 1 - stored, count: width, pixels: buffer))
        }
    }

    /// One channel's mask (one run of bits, checked by `BMPHeader`), read out as 8 bits.
    private struct Channel {
        let mask: UInt32, shift: UInt32, maximum: UInt32

        init(_ mask: UInt32) {
            self.mask = mask
            shift = UInt32(mask.trailingZeroBitCount)
            maximum = mask >> shift
        }

        func value(of pixel: UInt32) -> UInt8 {
            let raw = UInt64((pixel & mask) >> shift)
            return UInt8((raw * 255 + UInt64(maximum) / 2) / UInt64(maximum))
        }
    }
}
