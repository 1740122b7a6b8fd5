import CDBus

/// `DBusValue`s written into and read out of libdbus messages: the one place that knows libdbus's iterators.
enum DBusMarshal {
    private static func code(_ character: Character) -> Int32 { Int32(character.asciiValue ?? 0) }

    /// Appends `values` to `message`; false only when libdbus ran out of memory.
    static func append(_ values: [DBusValue], to message: OpaquePointer) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        return values.allSatisfy { append($0, to: &iterator) }
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) -> Bool {
        switch value {
        case let .string(text): return appendText(text, type: code("s"), to: &iterator)
        case let .objectPath(path): return appendText(path, type: code("o"), to: &iterator)
        case let .int32(number): return appendBasic(number, type: code("i"), to: &iterator)
        case let .uint32(number): return appendBasic(number, type: code("u"), to: &iterator)
        case let .boolean(flag): return appendBasic(dbus_bool_t(flag ? 1 : 0), type: code("b"), to: &iterator)
        case let .array(element, items): return appendContainer(code("a"), signature: element, items, to: &iterator)
        case let .structure(fields): return appendContainer(code("r"), signature: nil, fields, to: &iterator)
        case let .variant(inner): return appendContainer(code("v"), signature: inner.signature, [inner], to: &iterator)
        case let .dictEntry(key, item): return appendContainer(code("e"), signature: nil, [key, item], to: &iterator)
        }
    }

    private static func appendContainer(_ type: Int32, signature: String?, _ items: [DBusValue],
                                        to iterator: inout DBusMessageIter) -> Bool {
        var inner = DBusMessageIter()
        let opened = signature.map { dbus_message_iter_open_container(&iterator, type, $0, &inner) }
            ?? dbus_message_iter_open_container(&iterator, type, nil, &inner)
        guard opened != 0 else { return false }
        guard items.allSatisfy({ append($0, to: &inner) }) else {
            dbus_message_iter_abandon_container(&iterator, &inner)
            return false
        }
        return dbus_message_iter_close_container(&iterator, &inner) != 0
    }

    /// A string or an object path. Swift strings are valid UTF-8, which libdbus requires; a NUL inside would end
    /// the text there.
    private static func appendText(_ text: String, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iterator, type, &pointer) != 0
        }
    }

    private static func appendBasic<Value: FixedWidthInteger>(_ value: Value, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus_message_iter_append_basic(&iterator, type, &copy) != 0
    }

    /// The arguments of `message`, as far as they are of the types above (anything else ends the list: no call the
    /// server answers takes another type).
    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        return values(in: &iterator)
    }

    private static func values(in iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != 0, let value = value(at: &iterator) {
            values.append(value)
            guard dbus_message_iter_next(&iterator) != 0 else { break }
        }
        return values
    }

    private static func value(at iterator: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case code("s"), code("o"):
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == code("s") ? .string(text) : .objectPath(text)
        case code("i"):
            var number: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int32(number)
        case code("u"):
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        case code("b"):
            var flag: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &flag)
            return .boolean(flag != 0)
        case code("v"), code("r"), code("a"), code("e"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let items = values(in: &inner)
            switch type {
            case code("v"): return items.first.map { .variant($0) }
            case code("r"): return .structure(items)
            case code("e"): return items.count == 2 ? .dictEntry(items[0], items[1]) : nil
            default:
                let element = dbus_message_iter_get_signature(&inner).map { pointer in
                    defer { dbus_free(pointer) }
                    return String(cString: pointer)
                }
                return .array(element: element ?? "", items)
            }
        default:
            return nil
        }
    }
}
