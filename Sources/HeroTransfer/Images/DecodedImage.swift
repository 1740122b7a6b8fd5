import FoundationEssentials

/// Pixels of a decoded image, for drawing: 32 bits a pixel in native-endian ARGB with premultiplied alpha
/// (cairo's `CAIRO_FORMAT_ARGB32`), rows packed (`stride == width * 4`).
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Decodes PNG or JPEG bytes (sniffed), after the same size checks as validation.
    public static func decode(_ data: Data, limits: TransferLimits = .default) throws -> DecodedImage {
        switch ImageFormat.sniff(data) {
        case .png?: return try PNGDecoder.decodeARGB(data, limits: limits)
        case .jpeg?: return try JPEGDecoder.decodeARGB(data, limits: limits)
        default: throw TransferError.importFailed(target: "image", reason: "not a PNG or JPEG image")
        }
    }
}
