import HeroBase
/// Why image bytes were refused.
enum ImageDecodeError: Error, Equatable, CustomStringConvertible {
    case corrupt(String)
    case tooBig(width: Int, height: Int, limits: TransferLimits)
    /// One decoded row would need more than `TransferLimits.maxRowBytes`.
    case rowTooLong(bytes: Int, limit: Int)
    /// A JPEG with more than `TransferLimits.maxJPEGScans` scans, counted from its markers before decoding.
    case tooManyScans(limit: Int)

    var description: String {
        switch self {
        case let .corrupt(message):
            return message
        case let .tooBig(width, height, limits):
            return "\(width)×\(height) pixels is over the limit (\(limits.maxImageSide) px a side, "
                + "\(limits.maxImagePixels / 1_000_000) megapixels)"
        case let .rowTooLong(bytes, limit):
            return "a row of \(ByteCount.format(bytes)) is over the decoder's limit of \(ByteCount.format(limit))"
        case let .tooManyScans(limit):
            return "more than \(limit) scans is over the limit (\(limit) scans; a progressive JPEG has about 10)"
        }
    }

    /// Throws `.tooBig` (or `.corrupt` for an empty image) before any pixel memory is allocated.
    static func check(width: Int, height: Int, limits: TransferLimits) throws(ImageDecodeError) {
        guard width > 0, height > 0 else { throw .corrupt("image has no pixels (\(width)×\(height))") }
        guard width <= limits.maxImageSide, height <= limits.maxImageSide,
              width * height <= limits.maxImagePixels
        else { throw .tooBig(width: width, height: height, limits: limits) }
    }
}
