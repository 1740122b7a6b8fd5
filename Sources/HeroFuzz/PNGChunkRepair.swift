import FoundationEssentials
import HeroTransfer

/// Every whole chunk of a PNG-like input given its right CRC: mutated image data then reaches the checks behind the
/// CRC (zlib, the filter bytes, the row count, the real height) instead of dying at it, for the stream and the
/// full validation alike. Chunks are walked from byte 8 as lengths say, up to IEND or the first chunk that does not
/// fit.
enum PNGChunkRepair {
    static func withRightCRCs(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(ByteReader(bytes, .bigEndian).uint32(at: offset))
            guard length <= bytes.count - offset - 12 else { break }
            let crc = bytes[offset + 4..<offset + 8 + length].withUnsafeBytes { Checksum.crc32($0) }
            for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { break }
            offset += 12 + length
        }
        return Data(bytes)
    }
}
