import CPNG
import FoundationEssentials

/// A PNG validated while its bytes arrive: each piece is handed to libpng's progressive reader, which decodes
/// every row it can (into its own row buffer) before `feed` returns. So the decode of a 50 MB portrait overlaps
/// its INCR transfer instead of following it. Same limits as `PNGRows` (header size, row bytes, ancillary chunk
/// size); a chunk costs no more than the bytes that came, since libpng handles one only once all of it arrived.
///
/// With `unfiltersRows` false the rows are never unfiltered, the bulk of a decode's CPU (libpng's Paeth and
/// Average filters are byte loops in Debian's build): a `PNGImageDataSplit` hands the image data to an inflate
/// that checks it (`PNGImageDataCheck`) and libpng the rest, with a one-row image in its place. Stricter than the
/// full validation, never looser (the png-stream fuzz harness holds it to that).
///
/// Not thread-safe: one thread feeds it (the agent's worker). Once it has failed or seen IEND it takes no more.
public final class PNGStream {
    private let stream: UnsafeMutablePointer<hb_png_stream>
    private let limits: TransferLimits
    /// Chunk types and lengths, which libpng's progressive reader does not always check (`PNGChunkCheck`). Nil
    /// with `checksCriticalCRC` false: the caller's own `PNGChunkCheck` checks them, with the CRCs.
    private var chunks: PNGChunkCheck?
    /// With `unfiltersRows` false: what libpng reads, and the check of the real image data.
    private var split: PNGImageDataSplit?
    /// Bytes taken so far.
    public private(set) var fed = 0
    /// Why the data is not a valid PNG, once found; later pieces are ignored.
    private(set) var failure: ImageDecodeError?

    /// Whether the data was found not to be a valid PNG (a full validation then says why, to the user).
    public var hasFailed: Bool { failure != nil }

    /// Why, in the decoder's words, for the log and tests.
    public var failureText: String? { failure.map { "\($0)" } }

    /// Nil when libpng cannot start. With `checksCriticalCRC` false libpng trusts the CRCs of the critical chunks
    /// (IHDR, PLTE, IDAT, IEND: nearly every byte), and the caller must run a `PNGChunkCheck` over the same bytes:
    /// the data is valid only when both say so. That lets the CRC, a tenth of the decode's CPU, run on another
    /// thread. With `unfiltersRows` false libpng checks the CRCs of the chunks it is handed as they are (PLTE, IEND),
    /// and `checksCriticalCRC` is about the real IHDR and IDATs.
    public init?(limits: TransferLimits, checksCriticalCRC: Bool = true, unfiltersRows: Bool = true) {
        guard let stream = hb_png_stream_open(png_uint_32(min(limits.maxImageSide, Int(UInt32.max))), 8 << 20,
                                              limits.maxRowBytes, checksCriticalCRC || !unfiltersRows ? 1 : 0)
        else { return nil }
        self.stream = stream
        self.limits = limits
        if unfiltersRows {
            chunks = checksCriticalCRC ? PNGChunkCheck(checksCRC: false) : nil
        } else {
            split = PNGImageDataSplit(limits: limits, checksCRC: checksCriticalCRC)
        }
    }

    deinit { hb_png_stream_close(stream) }

    /// Whether IEND was read after every row of the image was decoded and checked (and every chunk's framing).
    public var isComplete: Bool {
        stream.pointee.done != 0 && stream.pointee.rows == stream.pointee.expected_rows && chunks?.isComplete != false
            && split?.isComplete != false
    }

    /// Whether IEND was read (no more bytes are taken then, complete or not).
    private var reachedEnd: Bool { stream.pointee.done != 0 || split?.reachedEnd == true }

    /// The next piece of the data, of any size (libpng checks the signature itself). Refuses, with `failure`,
    /// data that is no PNG, breaks a limit, or is corrupt.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !reachedEnd, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        fed += bytes.count
        if split != nil {
            split?.feed(bytes) { part in decode(part) }
            if failure == nil, let splitFailure = split?.failure { failure = splitFailure }
            return // the split checked the real header's size
        }
        chunks?.feed(bytes)
        if chunks?.failed == true {
            failure = .corrupt("invalid chunk type or length")
            return
        }
        decode(UnsafeRawBufferPointer(start: base, count: bytes.count))
        guard failure == nil else { return }
        let width = Int(stream.pointee.width), height = Int(stream.pointee.height)
        if width > 0 || height > 0 {
            do throws(ImageDecodeError) {
                try ImageDecodeError.check(width: width, height: height, limits: limits)
            } catch {
                failure = error
            }
        }
    }

    /// Hands libpng the next bytes it reads, unless it already refused the data.
    private func decode(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard hb_png_stream_feed(stream, base, bytes.count) == 1 else {
            let message = withUnsafeBytes(of: &stream.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            failure = message == "row too long" ? .rowTooLong(bytes: 0, limit: limits.maxRowBytes)
                : .corrupt(message.isEmpty ? "unreadable PNG data" : message)
            return
        }
    }

    /// The image's size once every byte was fed and it was valid to its IEND; nil otherwise.
    public var size: (width: Int, height: Int)? {
        guard failure == nil, isComplete else { return nil }
        if let header = split?.header { return (header.width, header.height) }
        return (Int(stream.pointee.width), Int(stream.pointee.height))
    }
}
