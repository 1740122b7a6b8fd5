import FoundationEssentials

/// Turns bytes that claim to be an image into a `TransferImage`, or says exactly why not.
public enum ImageValidator {
    /// Sniffs the format from the magic bytes (the offered MIME type is only a hint), checks the size limits,
    /// and decodes the image once in full. Throws `TransferError.importFailed` or `.tooLarge` naming `target`.
    public static func validate(_ data: Data, target: String, name: String? = nil,
                                limits: TransferLimits) throws(TransferError) -> TransferImage {
        guard data.count <= limits.maxBytes else {
            throw .tooLarge(target: target, bytes: data.count, limit: limits.maxBytes)
        }
        guard !data.isEmpty else { throw .importFailed(target: target, reason: "empty image data") }
        guard let format = ImageFormat.sniff(data) else {
            throw .importFailed(target: target, reason: "not an image (no PNG, JPEG, WebP, GIF or BMP signature)")
        }
        do {
            let size: (width: Int, height: Int)
            switch format {
            case .png: size = try PNGDecoder.validate(data, limits: limits)
            case .jpeg: size = try JPEGDecoder.validate(data, limits: limits)
            case .webp: size = try WebPDecoder.validate(data, limits: limits)
            case .gif: size = try GIFDecoder.validate(data, limits: limits)
            case .bmp: size = try BMPDecoder.validate(data, limits: limits)
            case .tiff, .ico:
                throw TransferError.importFailed(
                    target: target,
                    reason: "\(format.rawValue.uppercased()) images are not supported (PNG, JPEG, WebP, GIF and BMP are)")
            }
            // Stored as received, whatever the format: re-encoding a lossy WebP as PNG would multiply its size
            // (past maxBytes, for a large one) and keep its losses, a GIF keeps its animation for whoever is given
            // it back, and one rule holds for every format. What needs pixels decodes them when it needs them:
            // thumbnails (`ThumbnailDecoder`), and `image/png` for apps that ask for it (`HeroOffer`).
            return TransferImage(mime: format.mime, data: data, width: size.width, height: size.height, name: name)
        } catch let error as TransferError {
            throw error
        } catch let error as ImageDecodeError {
            switch error {
            case .tooBig, .tooManyScans:
                throw .importFailed(target: target, reason: "\(format.rawValue.uppercased()) image of \(error)")
            default: break
            }
            throw .importFailed(target: target, reason: "invalid \(format.rawValue.uppercased()) image: \(error)")
        } catch {
            throw .importFailed(target: target, reason: "invalid \(format.rawValue.uppercased()) image: \(error)")
        }
    }
}
