import FoundationEssentials

/// A fuzz input read as a stream of small decisions and byte strings, for the harnesses that drive a state
/// machine: once the bytes run out every read gives zero (or nothing), so every input is some event sequence.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `0..<count` (at most 256) from one byte.
    mutating func int(below count: Int) -> Int {
        Int(byte()) % count
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in `0...65535` from two bytes, little-endian.
    mutating func uint16() -> Int {
        Int(byte()) | Int(byte()) << 8
    }

    /// One of `options`, chosen by one byte.
    mutating func pick<T>(_ options: [T]) -> T {
        options[int(below: options.count)]
    }

    /// The next `count` bytes, fewer when the input ends first.
    mutating func data(_ count: Int) -> Data {
        let end = min(bytes.count, offset + max(0, count))
        defer { offset = max(offset, end) }
        return offset < end ? Data(bytes[offset..<end]) : Data()
    }

    /// Everything not read yet.
    mutating func rest() -> Data {
        data(bytes.count - offset)
    }
}
