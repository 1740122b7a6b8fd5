import FoundationEssentials
import X11Bridge

/// `PropertyValue.items32`, how every format-32 property another client sets (XdndTypeList, TARGETS, INCR sizes,
/// XdndAware) is read. Input: one byte for the format, one for where the bytes start in their `Data`, the bytes.
enum PropertyValueHarness {
    static let harness = Harness(name: "property-value", maxLength: 1024,
                                 summary: "format-32 property items from any bytes, Data slices included", run: run)

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let format = [32, 8, 16, 0][input.int(below: 4)]
        let skip = input.int(below: 8)
        let whole = input.rest()
        let bytes = whole.dropFirst(skip) // a slice whose indices do not start at 0
        let items = PropertyValue(type: 4, format: format, bytes: bytes).items32
        guard format == 32 else {
            Invariant.check(items.isEmpty, "format \(format) gave \(items.count) items")
            return
        }
        Invariant.check(items.count == bytes.count / 4, "\(bytes.count) bytes gave \(items.count) items")
        let raw = [UInt8](bytes)
        for (index, item) in items.enumerated() {
            let expected = (0..<4).reduce(UInt32(0)) { $0 | UInt32(raw[index * 4 + $1]) << (8 * $1) }
            Invariant.check(item == UInt32(littleEndian: expected), "item \(index) is \(item), not \(expected)")
        }
    }
}
