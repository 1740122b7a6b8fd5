import CPNG

/// A PNG's chunk framing, checked piece by piece as the bytes arrive, up to IEND: every chunk type is four ASCII
/// letters and every length within PNG's range, as libpng's sequential reader (the full validation) demands of
/// every chunk it reads; and, with `checksCRC`, the CRC of every critical chunk (IHDR, PLTE, IDAT, IEND).
///
/// - The letters: libpng's progressive reader let a chunk of another type after the image data pass on its way
///   to IEND, where the full validation refuses "invalid chunk type" (found by the png-stream fuzz harness).
///   `PNGStream` runs one of these (without CRCs) over its bytes.
/// - The CRCs: for a `PNGStream` opened with `checksCriticalCRC: false`, so that the CRC runs on another thread than
///   the decode (on the bench's 50 MB PNG it was about 16 ms of the decode's 140 ms, perf). libpng reads the same
///   framing, so the two see the same chunks. Ancillary chunks' CRCs stay libpng's, which checks them in that mode.
///
/// The signature and everything inside a chunk are libpng's to judge.
public struct PNGChunkCheck: Sendable {
    private enum Phase: Sendable {
        case signature(remaining: Int)
        /// Collecting the 8 bytes of length and type.
        case header
        case data(remaining: Int)
        /// Collecting the 4 bytes of the stored CRC.
        case crc
        case end
    }

    private var phase = Phase.signature(remaining: 8)
    /// The bytes of the header or CRC being collected.
    private var collected: UInt64 = 0
    private var collectedCount = 0
    private var critical = false
    private var isEnd = false
    private var running: UInt32 = 0
    private let checksCRC: Bool
    /// A chunk type was no four letters, a length was out of PNG's range, or (with `checksCRC`) a critical
    /// chunk's CRC did not match: libpng refuses each of these.
    public private(set) var failed = false

    public init(checksCRC: Bool = true) {
        self.checksCRC = checksCRC
    }

    /// libpng's `png_check_chunk_name`: A–Z and a–z only.
    private static func isLetters(_ type: UInt32) -> Bool {
        (0..<4).allSatisfy { shift in
            let c = UInt8(truncatingIfNeeded: type >> (8 * UInt32(shift)))
            return (65...90).contains(c) || (97...122).contains(c)
        }
    }

    /// Whether IEND and its CRC were read with every critical CRC right.
    public var isComplete: Bool {
        if case .end = phase { return !failed }
        return false
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard var p = bytes.baseAddress, !failed else { return }
        var left = bytes.count
        while left > 0 {
            switch phase {
            case let .signature(remaining):
                let n = min(remaining, left)
                p += n; left -= n
                phase = remaining == n ? .header : .signature(remaining: remaining - n)
            case .header:
                guard collect(8, from: &p, &left) else { return }
                let length = Int(collected >> 32)
                let type = UInt32(truncatingIfNeeded: collected)
                collected = 0; collectedCount = 0
                guard length <= 0x7FFF_FFFF, Self.isLetters(type) else { failed = true; return }
                critical = checksCRC && type & 0x2000_0000 == 0 // bit 5 of the first letter: lower case is ancillary
                isEnd = type == 0x4945_4E44 // "IEND"
                if critical { running = withUnsafeBytes(of: type.bigEndian) { Checksum.crc32($0) } }
                phase = length == 0 ? .crc : .data(remaining: length)
            case let .data(remaining):
                let n = min(remaining, left)
                if critical { running = Checksum.crc32(UnsafeRawBufferPointer(start: p, count: n), running: running) }
                p += n; left -= n
                phase = remaining == n ? .crc : .data(remaining: remaining - n)
            case .crc:
                guard collect(4, from: &p, &left) else { return }
                if critical && UInt64(running) != collected { failed = true; return }
                collected = 0; collectedCount = 0
                phase = isEnd ? .end : .header
            case .end:
                return // libpng reads nothing after IEND either
            }
        }
    }

    /// Gathers big-endian bytes into `collected` until it holds `count` of them; false when the piece ran out first.
    private mutating func collect(_ count: Int, from p: inout UnsafeRawPointer, _ left: inout Int) -> Bool {
        while left > 0 && collectedCount < count {
            collected = collected << 8 | UInt64(p.load(as: UInt8.self))
            p += 1; left -= 1; collectedCount += 1
        }
        return collectedCount == count
    }
}
