#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Counts the scans (SOS markers) of a JPEG from its marker segments alone, without decoding anything: the one
/// figure that decides what a progressive JPEG costs to decode, since each scan visits every block again.
///
/// The walk reads markers the way libjpeg does: after SOI, each marker's 2-byte big-endian length skips its
/// segment; between segments (the entropy-coded data after an SOS) bytes are skipped up to the next 0xFF that
/// starts a marker, which is neither a stuffed 0xFF00 nor a restart marker RSTn inside the data. It ends at EOI,
/// at the end of the bytes, or at a segment that runs past them (TurboJPEG then reports the damage itself).
/// Linear in the bytes, which the byte cap has bounded before.
enum JPEGScanCounter {
    /// The number of scans in `data`, counting no further than `limit + 1`: a result above `limit` means "more
    /// than `limit`", found without walking the rest.
    static func scans(in data: Data, limit: Int) -> Int {
        data.withUnsafeBytes { raw in scans(in: raw.bindMemory(to: UInt8.self), limit: limit) }
    }

    static func scans(in bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 0 }
        var scans = 0
        var index = 2
        while scans <= limit, let marker = nextMarker(bytes, from: &index) {
            switch marker {
            case 0xD9:
                return scans
            case 0x01, 0xD0...0xD8:
                // TEM, RSTn and SOI stand alone: no length follows.
                continue
            default:
                guard index + 2 <= bytes.count else { return scans }
                let length = Int(ByteReader(bytes, .bigEndian).uint16(at: index))
                guard length >= 2, index + length <= bytes.count else { return scans }
                index += length
                if marker == 0xDA { scans += 1 }
            }
        }
        return scans
    }

    /// The code of the next marker at or after `index` (0xFF, any fill 0xFFs, then a code that is not 0x00), with
    /// `index` left just past it; nil at the end of the bytes. Restart markers are returned like any other.
    private static func nextMarker(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> UInt8? {
        guard let base = bytes.baseAddress else { return nil }
        while index < bytes.count {
            // memchr: the entropy-coded data of a 64 MiB file is crossed at memory speed, not a byte at a time.
            guard let found = memchr(base + index, 0xFF, bytes.count - index) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            while index < bytes.count && bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { return nil }
            let code = bytes[index]
            index += 1
            if code != 0x00 { return code }
        }
        return nil
    }
}
