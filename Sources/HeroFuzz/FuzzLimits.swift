import HeroTransfer

/// The limits the image-decoding harnesses run under: the product's, with images capped at 2048 px a side and one
/// megapixel so a decompression bomb costs milliseconds, not the one-second timeout. The checks are the same code.
enum FuzzLimits {
    static let images = TransferLimits(maxImageSide: 2048, maxImagePixels: 1 << 20)

    /// `images` with the byte caps and counts a harness's byte picked, so the small-limit branches are reached too.
    static func chosen(_ byte: UInt8) -> TransferLimits {
        var limits = images
        limits.maxBytes = [64 << 20, 300, 2000, 40][Int(byte) & 3]
        limits.maxURIs = [64, 2][Int(byte >> 2) & 1]
        limits.maxHeroes = [1000, 1][Int(byte >> 3) & 1]
        limits.maxListBytes = [1 << 20, 40][Int(byte >> 4) & 1]
        limits.maxLinkBytes = [64 << 10, 20][Int(byte >> 5) & 1]
        limits.maxTextBytes = [1 << 20, 30][Int(byte >> 6) & 1]
        return limits
    }
}
