/// Unsigned integers read from stored bytes in the byte order their format uses: PNG's and JPEG's big-endian,
/// BMP's little-endian. The one reader of multi-byte fields for every format (and for the fuzz harnesses, hence
/// public). Offsets count from the first byte of `bytes`, whatever its indices; the caller checks the bytes are
/// there (a read past the end traps).
public struct ByteReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
    public enum Order: Sendable {
        case bigEndian, littleEndian
    }

    public let bytes: Bytes
    public let order: Order

    public init(_ bytes: Bytes, _ order: Order) {
        self.bytes = bytes
        self.order = order
    }

    /// The 2 bytes at `offset`.
    public func uint16(at offset: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: value(at: offset, count: 2))
    }

    /// The 4 bytes at `offset`.
    public func uint32(at offset: Int) -> UInt32 {
        value(at: offset, count: 4)
    }

    private func value(at offset: Int, count: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        var value: UInt32 = 0
        for i in 0..<count {
            let byte = bytes[order == .bigEndian ? start + i : start + count - 1 - i]
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
