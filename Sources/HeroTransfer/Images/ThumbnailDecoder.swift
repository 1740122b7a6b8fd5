import CTurboJPEG
import FoundationEssentials

/// Small pictures of big images, decoded at reduced size: never the whole image in memory. A PNG, GIF or BMP is
/// read row by row into a `BoxDownsampler`; a JPEG is decompressed by TurboJPEG at the smallest DCT scaling factor
/// that still leaves `maxSide` pixels, then box-downsampled; a WebP is scaled by libwebp as it decodes. A pure
/// function of the bytes: callable from any thread.
enum ThumbnailDecoder {
    static func thumbnail(_ data: Data, maxSide: Int, limits: TransferLimits) throws -> DecodedImage {
        switch ImageFormat.sniff(data) {
        case .png?: return try PNGDecoder.thumbnail(data, maxSide: maxSide, limits: limits)
        case .jpeg?: return try jpeg(data, maxSide: maxSide, limits: limits)
        case .webp?: return try WebPDecoder.thumbnail(data, maxSide: maxSide, limits: limits)
        case .gif?: return try GIFDecoder.thumbnail(data, maxSide: maxSide, limits: limits)
        case .bmp?: return try BMPDecoder.thumbnail(data, maxSide: maxSide, limits: limits)
        default: throw TransferError.importFailed(target: "image", reason: "not a PNG, JPEG, WebP, GIF or BMP image")
        }
    }

    /// Memory: the JPEG decompressed at the reduced size (at most 1/8 of each side once the image is 8 times
    /// larger than `maxSide`), then the thumbnail.
    static func jpeg(_ data: Data, maxSide: Int, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .corrupt("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try JPEGDecoder.header(handle, data, limits: limits)
        let (scaledWidth, scaledHeight) = JPEGDecoder.scaled(width: width, height: height, atLeast: maxSide)
        let rowBytes = Int(scaledWidth) * 4
        guard rowBytes <= limits.maxRowBytes else { throw .rowTooLong(bytes: rowBytes, limit: limits.maxRowBytes) }
        var pixels = [UInt8](repeating: 255, count: rowBytes * Int(scaledHeight))
        try JPEGDecoder.decompressBGRX(handle, data, width: scaledWidth, height: scaledHeight, colorspace: colorspace,
                                       into: &pixels)
        var sampler = BoxDownsampler(sourceWidth: Int(scaledWidth), sourceHeight: Int(scaledHeight), maxSide: maxSide)
        pixels.withUnsafeBufferPointer { all in
            for y in 0..<Int(scaledHeight) {
                sampler.add(y: y, x0: 0, dx: 1, count: Int(scaledWidth), pixels: all.baseAddress! + y * rowBytes, rgba: false)
            }
        }
        return sampler.image()
    }
}
