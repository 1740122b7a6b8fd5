import CPNG
import FoundationEssentials

/// A PNG validated while its bytes arrive, piece by piece as an INCR transfer brings them, without ever unfiltering
/// a row: unfiltering (libpng's Paeth and Average filters, byte loops in Debian's build) was most of a decode's CPU,
/// and it cannot fail. A `PNGImageDataSplit` hands the image data to an inflate that checks it
/// (`PNGImageDataCheck`: zlib's stream, the Adler-32, every row's filter type, the exact byte count) and libpng's
/// progressive reader everything else, with a one-row image of zeros in the image data's place, so that libpng
/// still judges the signature, the header's fields, every other chunk and their order. So the check of a 50 MB
/// portrait keeps up with its transfer.
///
/// Same limits as `PNGDecoder` (header size, row bytes, ancillary chunk size); a chunk costs no more than the bytes
/// that came, since libpng handles one only once all of it arrived. Stricter than the full validation, never
/// looser (the png-stream fuzz harness holds it to that): what it refuses is validated in full by the caller.
///
/// Not thread-safe: one thread feeds it (one of the agent's idle lanes). Once it has failed or seen IEND it takes
/// no more.
public final class PNGStream {
    private let stream: UnsafeMutablePointer<hb_png_stream>
    private let limits: TransferLimits
    /// What libpng reads, and the check of the real image data.
    private var split: PNGImageDataSplit
    /// Bytes taken so far.
    public private(set) var fed = 0
    /// Why the data is not a valid PNG, once found; later pieces are ignored.
    private(set) var failure: ImageDecodeError?

    /// Whether the data was found not to be a valid PNG (a full validation then says why, to the user).
    public var hasFailed: Bool { failure != nil }

    /// Why, in the decoder's words, for the log and tests.
    public var failureText: String? { failure.map { "\($0)" } }

    /// Nil when libpng cannot start.
    public init?(limits: TransferLimits) {
        guard let stream = hb_png_stream_open(png_uint_32(min(limits.maxImageSide, Int(UInt32.max))), 8 << 20,
                                              limits.maxRowBytes) else { return nil }
        self.stream = stream
        self.limits = limits
        split = PNGImageDataSplit(limits: limits)
    }

    deinit { hb_png_stream_close(stream) }

    /// Whether IEND was read after image data found complete and right, and libpng took everything else.
    public var isComplete: Bool {
        stream.pointee.done != 0 && stream.pointee.rows == stream.pointee.expected_rows && split.isComplete
    }

    /// Whether IEND was read (no more bytes are taken then, complete or not).
    private var reachedEnd: Bool { stream.pointee.done != 0 || split.reachedEnd }

    /// The next piece of the data, of any size (libpng checks the signature itself). Refuses, with `failure`,
    /// data that is no PNG, breaks a limit, or is corrupt.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !reachedEnd, !bytes.isEmpty else { return }
        fed += bytes.count
        split.feed(bytes) { part in decode(part) }
        if failure == nil, let splitFailure = split.failure { failure = splitFailure }
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

    /// The image's size (the real one, from the header the split read) once every byte was fed and it was valid
    /// to its IEND; nil otherwise.
    public var size: (width: Int, height: Int)? {
        guard failure == nil, isComplete, let header = split.header else { return nil }
        return (header.width, header.height)
    }
}
