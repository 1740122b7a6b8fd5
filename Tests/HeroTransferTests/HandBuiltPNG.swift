import CPNG
import Foundation
@testable import HeroTransfer

/// PNGs built chunk by chunk for tests of the stream's checks: any colour type, bit depth and interlace, every row
/// a random filter type and random bytes, the zlib stream cut into IDATs of any size, any chunk put anywhere.
enum HandBuiltPNG {
    /// SplitMix64: the same bytes on every run.
    struct Noise {
        var state: UInt64
        mutating func next() -> UInt8 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    /// IHDR's fields (deflate, no filter method, Adam7 when `interlaced`).
    struct Layout {
        var width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced = false
        var header: PNGHeader {
            var fields = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(height).bigEndian, Array.init)
            fields += [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
            return PNGHeader(fields)!
        }
    }

    /// Every colour type with each of its bit depths.
    static let depths: [(colorType: Int, bitDepths: [Int])] = [
        (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
    ]

    /// A whole chunk (length, type, data, CRC) of `type`, four ASCII letters, holding `data`.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var chunk = withUnsafeBytes(of: UInt32(data.count).bigEndian) { Array($0) }
        chunk += Array(type.utf8) + data
        let crc = chunk[4...].withUnsafeBytes { Checksum.crc32($0) }
        return chunk + withUnsafeBytes(of: crc.bigEndian) { Array($0) }
    }

    /// The image data of `layout` before compression: every row a random filter type (0 to 4) and random bytes.
    static func rows(_ layout: Layout, seed: UInt64) -> [UInt8] {
        var noise = Noise(state: seed), raw: [UInt8] = []
        for pass in layout.header.passes! {
            for _ in 0..<pass.rows {
                raw.append(noise.next() % 5)
                for _ in 1..<pass.rowBytes { raw.append(noise.next()) }
            }
        }
        return raw
    }

    /// zlib at `level`: 0 stored blocks, 1 fixed or dynamic codes, 9 the smallest.
    static func deflate(_ raw: [UInt8], level: Int32 = 6) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var length = uLongf(out.count)
        _ = out.withUnsafeMutableBufferPointer { o in raw.withUnsafeBufferPointer { compress2(o.baseAddress, &length, $0.baseAddress, uLong(raw.count), level) } }
        return Array(out.prefix(Int(length)))
    }

    /// Signature, IHDR, a PLTE for a palette image, `before`, the zlib stream in IDATs of `idat` bytes, `after`, IEND.
    static func png(_ layout: Layout, zlib: [UInt8], idat: Int = .max, before: [UInt8] = [], after: [UInt8] = []) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", layout.header.bytes)
        if layout.colorType == 3 { bytes += chunk("PLTE", (0..<768).map { UInt8($0 % 256) }) }
        bytes += before
        var offset = 0
        repeat {
            let end = min(zlib.count, offset + max(idat, 1))
            bytes += chunk("IDAT", Array(zlib[offset..<end]))
            offset = end
        } while offset < zlib.count
        return Data(bytes + after + chunk("IEND", []))
    }
}
