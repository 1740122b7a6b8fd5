/// Why an `_XSETTINGS_SETTINGS` value could not be read. The property is another client's (the settings manager's),
/// so any of these is that client's mistake: one log line, and the desktop's settings are taken as unknown.
public enum XsettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than the 12 bytes of the header (byte order, serial, count).
    case headerTruncated(bytes: Int)
    /// The first byte is neither LSBFirst (0) nor MSBFirst (1).
    case unknownByteOrder(UInt8)
    /// The header announces more settings than its bytes could hold (each takes at least 12).
    case countTooLarge(count: UInt32, bytes: Int)
    /// Setting number `index` (from 0) runs past the end of the value.
    case truncated(index: Int)
    /// Setting number `index` has a type other than integer (0), string (1) or colour (2).
    case unknownType(UInt8, index: Int)
    /// Setting number `index` has an empty name.
    case emptyName(index: Int)

    public var description: String {
        switch self {
        case let .headerTruncated(bytes):
            "the XSETTINGS value holds \(bytes) bytes, less than its 12-byte header"
        case let .unknownByteOrder(byte):
            "the XSETTINGS value's byte order is \(byte), neither 0 (LSBFirst) nor 1 (MSBFirst)"
        case let .countTooLarge(count, bytes):
            "the XSETTINGS value announces \(count) settings in \(bytes) bytes, more than fit"
        case let .truncated(index):
            "the XSETTINGS value ends inside setting \(index + 1)"
        case let .unknownType(type, index):
            "setting \(index + 1) of the XSETTINGS value has type \(type), not 0, 1 or 2"
        case let .emptyName(index):
            "setting \(index + 1) of the XSETTINGS value has no name"
        }
    }
}
