import CPNG

/// A PNG's image data (the IDAT chunks' bytes, one zlib stream) checked as it arrives without being unfiltered:
/// inflated, with zlib's own checks and the stream's Adler-32, every row's filter byte one of PNG's five, and
/// exactly the bytes the header's rows take, the stream ending with the last of them. Unfiltering (the Paeth and
/// Average arithmetic, most of a decode's CPU) cannot fail, so these are every check libpng makes of the image data.
/// The Adler-32 is computed here (`Checksum`, faster than zlib's own) and compared with the stream's last four
/// bytes; zlib is told not to.
///
/// Stricter than libpng, never looser: libpng only warns about compressed data after the image's last row, and
/// about a zlib error found after it; both are refused here. A refusal only means that `PNGDecoder` must judge the
/// image in full, so strictness costs time, never a portrait.
///
/// Not thread-safe: one thread feeds it.
final class PNGImageDataCheck {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchSize)
    private static let scratchSize = 64 << 10
    private var passes: [PNGHeader.Pass]
    private var pass = 0
    private var rowsLeft = 0
    /// Bytes left in the current row, its filter byte included (0: the next byte is a filter byte).
    private var rowLeft = 0
    private var started = false
    private var ended = false
    /// The Adler-32 of the bytes inflated so far.
    private var adler: UInt32 = 1
    /// The last four bytes zlib consumed, big-endian: at the stream's end, its stored Adler-32.
    private var lastFour: UInt32 = 0
    /// Why the data cannot be the image's, once found; later bytes are ignored.
    private(set) var failure: String?

    /// Nil when zlib cannot start. `passes` is the header's layout (`PNGHeader.passes`).
    init?(passes: [PNGHeader.Pass]) {
        stream.initialize(to: z_stream())
        guard hb_inflate_init_unchecked(stream) == Z_OK else {
            stream.deallocate()
            scratch.deallocate()
            return nil
        }
        self.passes = passes.filter { $0.rows > 0 }
        rowsLeft = self.passes.first?.rows ?? 0
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        scratch.deallocate()
    }

    /// Whether the zlib stream ended, right, exactly after the image's last row, and nothing came after it.
    var isComplete: Bool { failure == nil && ended && pass == passes.count }

    /// The next bytes of the image data (the data of the next IDAT chunk, or part of it).
    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard !ended else { return fail("compressed data after the end of the image data") }
        // libpng's own check of the first byte, which some zlib versions skip when the window size comes from the
        // stream (zlib 1.2.13 refuses it too, as "invalid window size").
        if !started {
            started = true
            guard base.load(as: UInt8.self) >> 4 <= 7 else { return fail("invalid window size") }
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        // Until the piece is used up, and while the scratch buffer comes back full (output still pending).
        repeat {
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = uInt(Self.scratchSize)
            let before = stream.pointee.next_in
            let status = inflate(stream, Z_NO_FLUSH)
            if let before, let after = stream.pointee.next_in { remember(UnsafeRawBufferPointer(start: before, count: after - before)) }
            let produced = Self.scratchSize - Int(stream.pointee.avail_out)
            adler = Checksum.adler32(UnsafeRawBufferPointer(start: scratch, count: produced), running: adler)
            scan(produced)
            guard failure == nil else { return }
            switch status {
            case Z_STREAM_END:
                ended = true
                if lastFour != adler { return fail("incorrect data check") }
                if stream.pointee.avail_in > 0 { return fail("compressed data after the end of the image data") }
                if pass < passes.count { return fail("not enough image data") }
                return
            case Z_OK:
                break
            case Z_BUF_ERROR where stream.pointee.avail_in == 0:
                return // nothing pending: the stream needs the next bytes
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return fail(message)
            }
        } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
    }

    /// Keeps the last four of the bytes zlib consumed (a piece may hold fewer than four).
    private func remember(_ consumed: UnsafeRawBufferPointer) {
        for byte in consumed.suffix(4) { lastFour = lastFour << 8 | UInt32(byte) }
    }

    /// Walks `count` inflated bytes in the scratch buffer: every row's first byte must be a filter type (0 to 4),
    /// and there must be no byte past the last row.
    private func scan(_ count: Int) {
        var offset = 0
        while offset < count {
            if rowLeft == 0 {
                guard pass < passes.count else { return fail("too much image data") }
                guard scratch[offset] <= 4 else { return fail("bad adaptive filter value") }
                rowLeft = passes[pass].rowBytes
            }
            let step = min(rowLeft, count - offset)
            offset += step
            rowLeft -= step
            if rowLeft == 0 {
                rowsLeft -= 1
                if rowsLeft == 0 {
                    pass += 1
                    rowsLeft = pass < passes.count ? passes[pass].rows : 0
                }
            }
        }
    }

    private func fail(_ message: String) {
        if failure == nil { failure = "image data: \(message)" }
    }
}
