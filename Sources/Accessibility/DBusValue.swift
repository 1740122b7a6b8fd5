/// A D-Bus value as the object server answers with it and reads calls into: what the accessible tree computes is
/// made of these, so the answers are tested without a bus, and `DBusMarshal` alone turns them into libdbus calls.
public indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case uint32(UInt32)
    case boolean(Bool)
    /// An array of values of one type, `element` its signature (given, since an empty array has no value to tell).
    case array(element: String, [DBusValue])
    case structure([DBusValue])
    case variant(DBusValue)
    case dictEntry(DBusValue, DBusValue)

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int32: "i"
        case .uint32: "u"
        case .boolean: "b"
        case let .array(element, _): "a" + element
        case let .structure(fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case let .dictEntry(key, value): "{" + key.signature + value.signature + "}"
        }
    }

    /// An AT-SPI object reference: the bus name of its process and its object path, `(so)`.
    public static func reference(_ name: String, _ path: String) -> DBusValue {
        .structure([.string(name), .objectPath(path)])
    }

    public var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var int32: Int32? {
        if case let .int32(number) = self { return number }
        return nil
    }

    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case let .variant(inner) = self { return inner.unwrapped }
        return self
    }
}
