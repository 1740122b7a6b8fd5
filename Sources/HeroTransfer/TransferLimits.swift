/// Bounds on what one import may read or decode. Passed in by the caller, never global.
public struct TransferLimits: Sendable, Equatable {
    /// Largest payload or file accepted, in bytes (default 64 MiB).
    public var maxBytes: Int
    /// Largest image side in pixels (default 16384): checked from the header, before any decoding.
    public var maxImageSide: Int
    /// Largest image area in pixels (default 64 megapixels), a guard against decompression bombs.
    public var maxImagePixels: Int

    public init(maxBytes: Int = 64 << 20, maxImageSide: Int = 16_384, maxImagePixels: Int = 64_000_000) {
        self.maxBytes = maxBytes
        self.maxImageSide = maxImageSide
        self.maxImagePixels = maxImagePixels
    }

    public static let `default` = TransferLimits()
}
