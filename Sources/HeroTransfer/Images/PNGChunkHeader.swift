/// The first 8 bytes of a PNG chunk: the length of its data and its type. The one reader of chunk headers, for the
/// decoder's walk over whole data and the stream's split of arriving data.
struct PNGChunkHeader {
    /// Four bytes, which PNG wants to be ASCII letters, read as one big-endian word.
    struct ChunkType: Equatable {
        let code: UInt32

        static let imageHeader = ChunkType(code: 0x4948_4452) // IHDR
        static let imageData = ChunkType(code: 0x4944_4154) // IDAT
        static let end = ChunkType(code: 0x4945_4E44) // IEND

        /// Whether each of the four bytes is an ASCII letter, upper or lower case.
        var hasLetters: Bool {
            (0..<4).allSatisfy { shift in
                let byte = UInt8(truncatingIfNeeded: code >> (8 * UInt32(shift)))
                return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
        }

        /// The four bytes as text (meaningful when they are letters).
        var name: String {
            String(decoding: withUnsafeBytes(of: code.bigEndian, Array.init), as: UTF8.self)
        }
    }

    /// The data's length in bytes (the CRC's 4 bytes and the header's 8 not included).
    let length: Int
    let type: ChunkType

    /// The header at `offset` of `bytes` (counted from their first byte), which must hold its 8 bytes.
    init<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) where Bytes.Index == Int {
        let fields = ByteReader(bytes, .bigEndian)
        length = Int(fields.uint32(at: offset))
        type = ChunkType(code: fields.uint32(at: offset + 4))
    }

    /// Whether PNG allows it: a length up to 2^31 - 1 and a type of four letters.
    var isValid: Bool { length <= 0x7FFF_FFFF && type.hasLetters }
}
