import FoundationEssentials
import X11Bridge

/// `Xsettings.parse`, the reading of an XSETTINGS manager's `_XSETTINGS_SETTINGS` property (any client can own the
/// selection and write any bytes there). Input: the property's bytes. It must never crash or read out of bounds;
/// what it returns must be what the header says (its serial, no more settings than its count); and what parsed must
/// parse again to the same settings once written out in either byte order (the writer here is the harness's own,
/// from the spec).
enum XsettingsHarness {
    static let harness = Harness(name: "xsettings", maxLength: 4096,
                                 summary: "XSETTINGS property values: header kept, round trip in both byte orders", run: run)

    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        guard let settings = try? Xsettings.parse(bytes) else { return }
        let bigEndian = bytes[0] == 1
        func card32(_ offset: Int) -> UInt32 {
            let b = (0..<4).map { UInt32(bytes[offset + $0]) }
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        Invariant.check(settings.serial == card32(4), "serial \(settings.serial), header \(card32(4))")
        Invariant.check(settings.values.count <= Int(card32(8)), "\(settings.values.count) settings, header \(card32(8))")
        for order in [false, true] {
            let again = try? Xsettings.parse(encode(settings, bigEndian: order))
            Invariant.check(again == settings, "written \(order ? "MSB" : "LSB") first, read back as \(String(describing: again))")
        }
    }

    /// `settings` as a manager writes them (the XSETTINGS spec's layout).
    static func encode(_ settings: Xsettings, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ value: UInt16) { out += bigEndian ? [UInt8(value >> 8), UInt8(value & 0xff)] : [UInt8(value & 0xff), UInt8(value >> 8)] }
        func card32(_ value: UInt32) {
            let little = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            out += bigEndian ? little.reversed() : little
        }
        func padded(_ bytes: [UInt8]) { out += bytes + Array(repeating: 0, count: (4 - bytes.count % 4) % 4) }
        card32(settings.serial)
        card32(UInt32(settings.values.count))
        for (name, value) in settings.values.sorted(by: { $0.key < $1.key }) {
            let type: UInt8 = switch value {
            case .integer: 0
            case .string: 1
            case .color: 2
            }
            out += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(0)
            switch value {
            case let .integer(number): card32(UInt32(bitPattern: number))
            case let .string(text):
                card32(UInt32(text.utf8.count))
                padded(Array(text.utf8))
            case let .color(red, green, blue, alpha):
                card16(red); card16(blue); card16(green); card16(alpha)
            }
        }
        return out
    }
}
