import FoundationEssentials

/// A window property as read from the server. Format-32 data arrives from Xlib as C `long`s (8 bytes each on
/// x86_64); it is packed here to 4 bytes per item, so `bytes` is always exactly what the owner sent.
public struct PropertyValue: Sendable, Equatable {
    public var type: UInt
    /// 8, 16 or 32.
    public var format: Int
    public var bytes: Data

    public init(type: UInt, format: Int, bytes: Data) {
        self.type = type
        self.format = format
        self.bytes = bytes
    }

    /// Format-32 items (atoms, integers) in host order; empty for other formats.
    public var items32: [UInt32] {
        guard format == 32 else { return [] }
        var result = [UInt32]()
        result.reserveCapacity(bytes.count / 4)
        var index = bytes.startIndex
        while index + 4 <= bytes.endIndex {
            var value: UInt32 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[index..<index + 4]) }
            result.append(value)
            index += 4
        }
        return result
    }
}
