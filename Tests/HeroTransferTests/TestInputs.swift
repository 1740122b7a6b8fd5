// Bytes as X11 apps put them on the clipboard, made from Swift strings.
import Foundation
import TestSupport

/// UTF-16 code units of `text`, little-endian, no byte-order mark (what Firefox and Chromium write on x86).
func utf16LE(_ text: String) -> Data {
    Data(text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] })
}

/// UTF-16 code units of `text`, big-endian, no byte-order mark.
func utf16BE(_ text: String) -> Data {
    Data(text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] })
}

/// ISO-8859-1 bytes of `text` (every scalar must be below U+0100).
func latin1(_ text: String) -> Data {
    Data(text.unicodeScalars.map { UInt8($0.value) })
}

/// A `file://` URI for an absolute path, every byte outside the RFC 3986 unreserved set and `/` percent-encoded.
func fileURI(_ path: String, host: String = "") -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
    let encoded = path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
    return "file://\(host)" + encoded.joined()
}

/// A decompression bomb: `ImageFixtures.pngHeaderOnly` claiming `width`×`height`, then one tiny IDAT (a stored
/// deflate block of 16 zero bytes) and IEND. Its header reads fine; only decoding would allocate every pixel.
func pngBomb(width: UInt32, height: UInt32) -> Data {
    let raw = Data(repeating: 0, count: 16)
    var zlib = Data([0x78, 0x01, 0x01, UInt8(raw.count), 0x00, ~UInt8(raw.count), 0xFF]) + raw
    zlib += bigEndianBytes(UInt32(raw.count) << 16 | 1) // Adler-32 of zero bytes: a = 1, b = count
    return ImageFixtures.pngHeaderOnly(width: width, height: height) + PNGChunk.make("IDAT", zlib) + PNGChunk.make("IEND", Data())
}

private func bigEndianBytes(_ value: UInt32) -> Data {
    Data([UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
          UInt8(truncatingIfNeeded: value)])
}
