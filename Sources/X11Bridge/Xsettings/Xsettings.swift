import FoundationEssentials

/// The desktop's settings as an XSETTINGS manager publishes them (freedesktop XSETTINGS spec): the value of the
/// `_XSETTINGS_SETTINGS` property on the window that owns `_XSETTINGS_S<screen>`. A value, parsed from the
/// property's bytes with no X11 in it (`parse`), so it is tested and fuzzed without a server; `XsettingsWatcher`
/// reads the property and follows its changes.
///
/// The format: a byte-order byte (0 LSBFirst, 1 MSBFirst), 3 unused, a CARD32 serial, a CARD32 count, then each
/// setting: its type (0 integer, 1 string, 2 colour), 1 unused, a CARD16 name length, the name padded to 4, a CARD32
/// last-change serial, and the value: an INT32; a CARD32 length and the bytes padded to 4; or four CARD16s in the
/// order red, blue, green, alpha.
public struct Xsettings: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// The manager's serial, raised at each change.
    public var serial: UInt32
    /// The settings by name; a name given twice keeps its last value.
    public var values: [String: Value]

    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// The settings the manager wants dark windows with: `Gtk/ApplicationPreferDarkTheme` set to a non-zero integer,
    /// or a `Net/ThemeName` ending in `-dark` (`Adwaita-dark`, `Arc-Dark`), as GTK 3 themes are named.
    public var prefersDark: Bool {
        if case let .integer(prefer) = values["Gtk/ApplicationPreferDarkTheme"], prefer != 0 { return true }
        if case let .string(theme) = values["Net/ThemeName"], theme.lowercased().hasSuffix("-dark") { return true }
        return false
    }

    /// The theme name, for the log.
    public var themeName: String? {
        if case let .string(theme) = values["Net/ThemeName"] { return theme }
        return nil
    }

    /// The settings in `bytes`, every length checked against what is left before it is used. A string that is not
    /// UTF-8 is kept with U+FFFD in place of its bad bytes: only the names and values we look for matter.
    public static func parse(_ bytes: some Collection<UInt8>) throws(XsettingsError) -> Xsettings {
        var reader = Reader(bytes: Array(bytes))
        guard reader.bytes.count >= 12 else { throw .headerTruncated(bytes: reader.bytes.count) }
        let order = reader.bytes[0]
        guard order <= 1 else { throw .unknownByteOrder(order) }
        reader.bigEndian = order == 1
        reader.offset = 4
        let serial = reader.card32()
        let count = reader.card32()
        // The smallest setting is 12 bytes (an integer with an empty name, which is refused below anyway): a count
        // beyond that is a lie, refused before any work.
        guard UInt64(count) * 12 <= UInt64(reader.bytes.count - 12) else {
            throw .countTooLarge(count: count, bytes: reader.bytes.count)
        }
        var values: [String: Value] = [:]
        for index in 0..<Int(count) {
            let (name, value) = try reader.setting(index: index)
            values[name] = value
        }
        return Xsettings(serial: serial, values: values)
    }

    /// A cursor over the bytes; every read is bounds-checked by its caller through `need`.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        func has(_ count: Int) -> Bool { count <= bytes.count - offset }

        mutating func card16() -> UInt16 {
            defer { offset += 2 }
            let (a, b) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        mutating func card32() -> UInt32 {
            defer { offset += 4 }
            let (b0, b1, b2, b3) = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]),
                                    UInt32(bytes[offset + 3]))
            return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
        }

        /// `length` bytes as text, then the padding to the next multiple of 4 skipped.
        mutating func paddedString(_ length: Int) -> String {
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            offset += (length + 3) & ~3
            return text
        }

        static func padded(_ length: Int) -> Int { (length + 3) & ~3 }

        mutating func setting(index: Int) throws(XsettingsError) -> (String, Value) {
            guard has(4) else { throw .truncated(index: index) }
            let type = bytes[offset]
            offset += 2
            let nameLength = Int(card16())
            guard nameLength > 0 else { throw .emptyName(index: index) }
            guard has(Self.padded(nameLength) + 4) else { throw .truncated(index: index) }
            let name = paddedString(nameLength)
            offset += 4 // last-change serial
            switch type {
            case 0:
                guard has(4) else { throw .truncated(index: index) }
                return (name, .integer(Int32(bitPattern: card32())))
            case 1:
                guard has(4) else { throw .truncated(index: index) }
                let length = card32()
                // The last string may come without its padding; its bytes themselves must all be there.
                guard UInt64(length) <= UInt64(bytes.count - offset) else { throw .truncated(index: index) }
                let text = String(decoding: bytes[offset..<offset + Int(length)], as: UTF8.self)
                offset = min(bytes.count, offset + Self.padded(Int(length)))
                return (name, .string(text))
            case 2:
                guard has(8) else { throw .truncated(index: index) }
                let red = card16(), blue = card16(), green = card16(), alpha = card16()
                return (name, .color(red: red, green: green, blue: blue, alpha: alpha))
            default:
                throw .unknownType(type, index: index)
            }
        }
    }
}
