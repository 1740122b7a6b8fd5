import Foundation

/// A PNG chunk built by hand, for inputs no encoder writes (a bomb's header, a chunk type of no four letters, image
/// data corrupted with its CRC made right). The CRC is the tests' own, computed bit by bit: independent of zlib,
/// libdeflate and `Checksum`, the code under test.
public enum PNGChunk {
    /// Length, type, body and CRC: the chunk as it sits in a file. `type` is four bytes, letters or not.
    public static func make(type: Data, body: Data) -> Data {
        var chunk = Data()
        chunk.append(bigEndian: UInt32(body.count))
        chunk.append(type + body)
        chunk.append(bigEndian: crc32(type + body))
        return chunk
    }

    public static func make(_ type: String, _ body: Data) -> Data { make(type: Data(type.utf8), body: body) }

    /// The CRC-32 PNG puts after a chunk (ISO 3309, as zlib computes it) of `bytes`: its type and its data.
    public static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
