/// A PNG's IHDR fields, taken from its 13 bytes as stored, and the layout of the image data they imply: how many
/// rows each pass has (one pass, or Adam7's seven) and how many bytes each of its rows takes once inflated, the
/// filter byte included. Whether the fields are valid is libpng's to judge; a layout is given only for a colour
/// type and bit depth PNG has.
struct PNGHeader: Equatable {
    /// Adam7: where each pass starts and how far it steps, across and down.
    static let adam7: [(x0: Int, dx: Int, y0: Int, dy: Int)] = [
        (0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2),
    ]

    /// A pass of the image data: `rows` rows of `rowBytes` bytes each (the filter byte and the packed pixels).
    struct Pass: Equatable {
        let rows: Int
        let rowBytes: Int
    }

    /// The 13 bytes as stored.
    private(set) var bytes: [UInt8]

    /// Reads the fields of an IHDR's 13 data bytes; nil when there are not 13.
    init?(_ data: some Collection<UInt8>) {
        guard data.count == 13 else { return nil }
        bytes = Array(data)
    }

    private func word(_ offset: Int) -> Int { Int(ByteReader(bytes, .bigEndian).uint32(at: offset)) }

    var width: Int { word(0) }
    var height: Int { word(4) }
    var bitDepth: Int { Int(bytes[8]) }
    var colorType: Int { Int(bytes[9]) }
    var isInterlaced: Bool { bytes[12] == 1 }

    /// The same header with another height (the fields' bytes otherwise unchanged).
    func withHeight(_ height: UInt32) -> PNGHeader {
        var copy = self
        withUnsafeBytes(of: height.bigEndian) { copy.bytes.replaceSubrange(4..<8, with: $0) }
        return copy
    }

    /// Bits per pixel; nil for a colour type or a bit depth PNG does not have.
    private var pixelBits: Int? {
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard [1, 2, 4, 8, 16].contains(bitDepth) else { return nil }
        return channels * bitDepth
    }

    /// The passes that have rows, in the order their data comes; nil when the colour type or bit depth is none of
    /// PNG's, or the sizes overflow. An empty pass (too narrow or too short) has no data at all, as in libpng.
    var passes: [Pass]? {
        guard let bits = pixelBits else { return nil }
        var result: [Pass] = []
        for pass in isInterlaced ? Self.adam7 : [(x0: 0, dx: 1, y0: 0, dy: 1)] {
            guard width > pass.x0, height > pass.y0 else { continue }
            let columns = (width - pass.x0 + pass.dx - 1) / pass.dx
            let rows = (height - pass.y0 + pass.dy - 1) / pass.dy
            let (packedBits, overflow) = columns.multipliedReportingOverflow(by: bits)
            guard !overflow else { return nil }
            result.append(Pass(rows: rows, rowBytes: 1 + (packedBits + 7) / 8))
        }
        return result
    }

    /// The bytes the image data inflates to: every pass's rows; nil as for `passes`.
    var imageDataCount: Int? {
        guard let passes else { return nil }
        var total = 0
        for pass in passes {
            let (bytes, overflow) = pass.rows.multipliedReportingOverflow(by: pass.rowBytes)
            guard !overflow, total <= Int.max - bytes else { return nil }
            total += bytes
        }
        return total
    }
}
