/// Bounds on what one import may read or decode, each in bytes, counts or seconds, checked before the cost is paid.
/// Passed in by the caller, never global.
public struct TransferLimits: Sendable, Equatable {
    /// Largest payload or file accepted, in bytes (default 64 MiB); also the budget of all the files one URI
    /// list may read together.
    public var maxBytes: Int
    /// Largest image side in pixels (default 16384): checked from the header, before any decoding.
    public var maxImageSide: Int
    /// Largest image area in pixels (default 64 megapixels), a guard against decompression bombs.
    public var maxImagePixels: Int
    /// Largest text target (`UTF8_STRING`, `text/plain`, …) and `text/html`, in bytes, checked before decoding
    /// (default 1 MiB: the favorites core ignores longer texts anyway).
    public var maxTextBytes: Int
    /// Largest link target (`text/x-moz-url`, `_NETSCAPE_URL`, `text/x-moz-url-desc`), in bytes (default 64 KiB:
    /// a URL and a title).
    public var maxLinkBytes: Int
    /// Longest URI list read, in bytes (default 1 MiB); a longer list is read up to its last line within it.
    public var maxListBytes: Int
    /// Most entries of one URI list read (default 64); the rest are skipped with one note.
    public var maxURIs: Int
    /// Most heroes of one hero JSON array read (default 1000); the rest are skipped with one note.
    public var maxHeroes: Int
    /// Longest image row a decoder may allocate, in bytes (default 256 KiB: 16384 px of 16-bit RGBA): the one
    /// buffer whose size the file decides. Everything else a validation or thumbnail holds is fixed.
    public var maxRowBytes: Int
    /// Most scans a JPEG may have (default 100), counted from its markers before TurboJPEG sees it: each scan of a
    /// progressive JPEG makes the decoder visit every block again, and a real one has about 10.
    public var maxJPEGScans: Int
    /// Longest a listed file's file system may take to answer one call (open, fstat, a read of at most 1 MiB), in
    /// seconds (default 2): past it the file is skipped, so a hung FUSE or NFS mount stalls nothing for long.
    public var fileAnswerSeconds: Double
    /// Longest the files of one URI list may take to read, all together, in seconds (default 10).
    public var listReadSeconds: Double

    public init(maxBytes: Int = 64 << 20, maxImageSide: Int = 16_384, maxImagePixels: Int = 64_000_000,
                maxTextBytes: Int = 1 << 20, maxLinkBytes: Int = 64 << 10, maxListBytes: Int = 1 << 20,
                maxURIs: Int = 64, maxHeroes: Int = 1000, maxRowBytes: Int = 256 << 10,
                maxJPEGScans: Int = 100, fileAnswerSeconds: Double = 2, listReadSeconds: Double = 10) {
        self.maxBytes = maxBytes
        self.maxImageSide = maxImageSide
        self.maxImagePixels = maxImagePixels
        self.maxTextBytes = maxTextBytes
        self.maxLinkBytes = maxLinkBytes
        self.maxListBytes = maxListBytes
        self.maxURIs = maxURIs
        self.maxHeroes = maxHeroes
        self.maxRowBytes = maxRowBytes
        self.maxJPEGScans = maxJPEGScans
        self.fileAnswerSeconds = fileAnswerSeconds
        self.listReadSeconds = listReadSeconds
    }

    public static let `default` = TransferLimits()
}
