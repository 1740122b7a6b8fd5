import FoundationEssentials

/// Pixels of a decoded image, for drawing: 32 bits a pixel in native-endian ARGB with premultiplied alpha
/// (cairo's `CAIRO_FORMAT_ARGB32`), rows packed (`stride == width * 4`).
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Decodes PNG, JPEG, WebP, GIF (its first frame) or BMP bytes (sniffed) in full, after the same size checks
    /// as validation. Costs the whole image in memory (4 bytes a pixel): for drawing small, use `thumbnail`.
    public static func decode(_ data: Data, limits: TransferLimits = .default) throws -> DecodedImage {
        switch ImageFormat.sniff(data) {
        case .png?: return try PNGDecoder.decodeARGB(data, limits: limits)
        case .jpeg?: return try JPEGDecoder.decodeARGB(data, limits: limits)
        case .webp?: return try WebPDecoder.decodeARGB(data, limits: limits)
        case .gif?: return try GIFDecoder.decodeARGB(data, limits: limits)
        case .bmp?: return try BMPDecoder.decodeARGB(data, limits: limits)
        default: throw TransferError.importFailed(target: "image", reason: "not a PNG, JPEG, WebP, GIF or BMP image")
        }
    }

    /// A picture of the image `data` (any format `decode` reads) at most `maxSide` pixels a side (aspect kept, never enlarged), in the
    /// same pixel format, decoded at reduced size: the whole image is never in memory. What it holds is bounded by
    /// `limits` (`maxRowBytes` for the one row a PNG is read through, the same size checks as validation) and by
    /// `maxSide`. A pure function of the bytes, safe to call from any thread; throws what validation throws.
    public static func thumbnail(of data: Data, maxSide: Int, limits: TransferLimits = .default) throws -> DecodedImage {
        try ThumbnailDecoder.thumbnail(data, maxSide: maxSide, limits: limits)
    }
}
