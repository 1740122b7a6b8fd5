import CDeflate

/// PNG's two checksums, CRC-32 (of every chunk) and zlib's Adler-32 (of the inflated image data), through
/// libdeflate: with PCLMULQDQ and AVX2 each runs at about memory speed, several times zlib's own (BENCHMARKS.md).
/// The only Swift file that calls libdeflate; public for the fuzz harnesses.
public enum Checksum {
    /// The CRC-32 of `bytes` continued from `running` (0 for the first bytes).
    public static func crc32(_ bytes: UnsafeRawBufferPointer, running: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return running }
        return libdeflate_crc32(running, base, bytes.count)
    }

    /// The Adler-32 of `bytes` continued from `running` (1 for the first bytes).
    public static func adler32(_ bytes: UnsafeRawBufferPointer, running: UInt32 = 1) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return running }
        return libdeflate_adler32(running, base, bytes.count)
    }
}
