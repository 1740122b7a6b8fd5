import CX11
import CXlibReply
import FoundationEssentials
import HeroBase

extension XConnection {
    /// Reads a whole property in one request (`long_length` 0x1fffffff, as GTK does), deleting it when `delete`
    /// (Xlib deletes only when nothing is left unread, which one full read ensures). Nil when the property
    /// does not exist or the window is gone. Format-8 data is Xlib's own buffer, freed with the `Data`.
    /// Unbounded: only for properties whose size was checked first (`readProperty(…maxBytes:)`).
    func readProperty(window: Window, property: Atom, delete: Bool) -> PropertyValue? {
        getProperty(window: window, property: property, delete: delete, longLength: 0x1fff_ffff)?.value
    }

    /// A property that is small by nature and set by another client (an XdndAware version, an XdndProxy window,
    /// a file name, a MULTIPLE list): at most `maxBytes` of it is read, in one request, and nil is returned when
    /// it holds more (or is missing), so no client can make the X thread copy megabytes of metadata.
    public func readSmallProperty(window: Window, property: Atom, maxBytes: Int = 64 << 10) -> PropertyValue? {
        guard let read = getProperty(window: window, property: property, delete: false, longLength: (maxBytes + 3) / 4),
              read.remaining == 0 else { return nil }
        return read.value
    }

    /// Whether `window` has `property` at all: one request that reads none of its bytes.
    public func hasProperty(window: Window, property: Atom) -> Bool {
        getProperty(window: window, property: property, delete: false, longLength: 0) != nil
    }

    /// One XGetWindowProperty of at most `longLength` 32-bit units: the value read and the bytes left unread.
    private func getProperty(window: Window, property: Atom, delete: Bool, longLength: Int)
        -> (value: PropertyValue, remaining: Int)?
    {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, longLength, delete ? 1 : 0,
                                        Atom(AnyPropertyType), &type, &format, &count, &remaining, &data)
        guard status == Success, type != 0 else {
            if let data { XFree(data) }
            _ = takeError()
            return nil
        }
        return (value(type: type, format: format, count: count, data: data), Int(remaining))
    }

    /// Turns what Xlib returned into a `PropertyValue` (format 32 packed to 4 bytes an item); frees `data`,
    /// except format-8 data, which the `Data` keeps without a copy.
    private func value(type: Atom, format: Int32, count: UInt, data: UnsafeMutablePointer<UInt8>?) -> PropertyValue {
        guard let data, count > 0 else {
            if let data { XFree(data) }
            return PropertyValue(type: type, format: Int(format), bytes: Data())
        }
        if format == 8 {
            // Wrap Xlib's buffer instead of copying it: an INCR reader appends each chunk once, and that append
            // is then the only copy of the bytes.
            let bytes = Data(bytesNoCopy: data, count: Int(count), deallocator: .custom { pointer, _ in XFree(pointer) })
            return PropertyValue(type: type, format: 8, bytes: bytes)
        }
        defer { XFree(data) }
        let bytes: Data
        switch format {
        case 16:
            bytes = Data(bytes: data, count: Int(count) * 2) // C short: 2 bytes each
        default:
            // C long: 8 bytes per item on LP64, value in the low 32 bits.
            let longs = UnsafeRawPointer(data).bindMemory(to: UInt.self, capacity: Int(count))
            var packed = Data(count: Int(count) * 4)
            packed.withUnsafeMutableBytes { out in
                let words = out.bindMemory(to: UInt32.self)
                for i in 0..<Int(count) { words[i] = UInt32(truncatingIfNeeded: longs[i]) }
            }
            bytes = packed
        }
        return PropertyValue(type: type, format: Int(format), bytes: bytes)
    }

    /// The outcome of a property read with a byte budget.
    public enum BoundedRead: Equatable {
        /// The property does not exist (or the window is gone).
        case missing
        /// The property holds more than the budget: `bytes` as the server counts them. Nothing was read; it was
        /// deleted when `delete` was asked, so an INCR owner is not left waiting.
        case oversized(bytes: Int)
        case value(PropertyValue)
    }

    /// Reads a property only when its size, asked first (a zero-length read: no data crosses the socket), is at
    /// most `maxBytes`; so an owner that pre-fills a 300 MB property costs one small round trip, not 300 MB.
    public func readProperty(window: Window, property: Atom, delete: Bool, maxBytes: Int) -> BoundedRead {
        guard let size = getProperty(window: window, property: property, delete: false, longLength: 0)?.remaining else {
            return .missing
        }
        guard size <= maxBytes else {
            if delete { deleteProperty(window: window, property: property) }
            return .oversized(bytes: size)
        }
        return readProperty(window: window, property: property, delete: delete).map { .value($0) } ?? .missing
    }

    /// The outcome of a property read straight into an `IncomingBytes`.
    public enum WrittenRead: Equatable {
        /// The property does not exist (or the window is gone, or the reply was unreadable).
        case missing
        /// The property holds more than the budget: nothing was read (deleted when `delete` was asked).
        case oversized(bytes: Int)
        /// The value's `bytes` were written to the buffer's spare bytes, not committed yet.
        case written(type: Atom, format: Int, bytes: Int)
    }

    /// Reads a property of at most `maxBytes` (and the buffer's spare bytes) from the wire straight to the end
    /// of `buffer`, uncommitted, deleting it when `delete`. One request: it asks for the whole budget, so the
    /// server sends the value (or the budget's worth of an oversized one, into memory already reserved for it:
    /// the cost stays within the budget) and deletes it only when all of it was read. No buffer of Xlib's is in
    /// between (see the `CXlibReply` target), and no round trip asks the size first.
    public func readProperty(window: Window, property: Atom, delete: Bool, into buffer: IncomingBytes,
                             maxBytes: Int) -> WrittenRead {
        let budget = max(0, min(maxBytes, buffer.spare))
        var reply = hb_property_reply()
        let done = buffer.writeSpare { destination, spare in
            // Whole 32-bit units only, so the server never sends past the budget.
            hb_get_property_into(UnsafeMutableRawPointer(display), window, property, delete ? 1 : 0, budget / 4,
                                 destination.assumingMemoryBound(to: UInt8.self), UInt(spare), &reply)
        }
        guard done == 1, reply.type != 0 else {
            _ = takeError()
            return .missing
        }
        guard reply.after == 0 else {
            let size = Int(reply.bytes + reply.after)
            // Within the budget after all: a budget that is no multiple of 4 left up to 3 bytes unasked. Read it
            // again with its size known (rare: the last bytes of a budget).
            if size <= budget { return readProperty(window: window, property: property, delete: delete, into: buffer, size: size) }
            if delete { deleteProperty(window: window, property: property) }
            return .oversized(bytes: size)
        }
        return .written(type: reply.type, format: Int(reply.format), bytes: Int(reply.bytes))
    }

    /// The same read of a property whose `size` is known to fit.
    private func readProperty(window: Window, property: Atom, delete: Bool, into buffer: IncomingBytes, size: Int) -> WrittenRead {
        var reply = hb_property_reply()
        let done = buffer.writeSpare { destination, spare in
            hb_get_property_into(UnsafeMutableRawPointer(display), window, property, delete ? 1 : 0, (size + 3) / 4,
                                 destination.assumingMemoryBound(to: UInt8.self), UInt(spare), &reply)
        }
        guard done == 1, reply.type != 0, reply.after == 0 else {
            _ = takeError()
            if done == 1, reply.after > 0, delete { deleteProperty(window: window, property: property) }
            return done == 1 && reply.after > 0 ? .oversized(bytes: Int(reply.bytes + reply.after)) : .missing
        }
        return .written(type: reply.type, format: Int(reply.format), bytes: Int(reply.bytes))
    }

    public func deleteProperty(window: Window, property: Atom) {
        XDeleteProperty(display, window, property)
    }

    /// Writes a format-32 list (atoms, windows, integers) to a property.
    public func setProperty32(window: Window, property: Atom, type: Atom, values: [UInt]) {
        var longs = values.map { Int(bitPattern: $0) }
        longs.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(display, window, property, type, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
    }

    /// Writes bytes (format 8) to a property.
    public func setProperty8(window: Window, property: Atom, type: Atom, bytes: Data) {
        var copy = [UInt8](bytes)
        XChangeProperty(display, window, property, type, 8, PropModeReplace, &copy, Int32(copy.count))
    }
}
