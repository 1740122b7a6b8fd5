import HeroTransfer

/// The Notifications spec's `image-data` hint, `(iiibiiay)`: width, height, rowstride, has_alpha,
/// bits_per_sample, channels, then the pixels as 8-bit RGBA rows with straight (not premultiplied) alpha.
public struct NotificationImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rowstride: Int
    public let hasAlpha = true
    public let bitsPerSample = 8
    public let channels = 4
    public let bytes: [UInt8]

    /// The side a notification's portrait is decoded at: servers show images at 32 to 128 px, so a larger picture
    /// would cost bus bytes and the server's scaling for nothing. 128 px is 64 KiB of RGBA at most.
    public static let maxSide = 128

    /// From `DecodedImage`'s pixels: native-endian 32-bit ARGB with premultiplied alpha, as cairo draws them.
    public init(_ image: DecodedImage) {
        width = image.width
        height = image.height
        rowstride = image.width * 4
        var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
        image.pixels.withUnsafeBytes { source in
            for pixel in 0..<(image.width * image.height) {
                let offset = pixel * 4
                let word = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                let (a, r, g, b) = (word >> 24, (word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF)
                rgba[offset] = Self.straight(r, alpha: a)
                rgba[offset + 1] = Self.straight(g, alpha: a)
                rgba[offset + 2] = Self.straight(b, alpha: a)
                rgba[offset + 3] = UInt8(a)
            }
        }
        bytes = rgba
    }

    /// A premultiplied channel back to straight alpha, rounded; 0 where the pixel is fully transparent.
    private static func straight(_ value: UInt32, alpha: UInt32) -> UInt8 {
        guard alpha > 0 else { return 0 }
        return UInt8(min(255, (value * 255 + alpha / 2) / alpha))
    }
}
