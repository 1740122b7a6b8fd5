import CWebP
import FoundationEssentials

/// libwebp's decoder at the edge: the only Swift file that calls it. Errors are status codes.
///
/// Every decode starts with `header`: `WebPGetFeatures` reads the size from the VP8/VP8L/VP8X header and it is
/// checked against `TransferLimits` before any pixel memory is allocated. Validation and thumbnails then decode
/// every byte of the bitstream but let libwebp scale its output down while decoding (`use_scaling`), so what they
/// hold is the small picture, as JPEG's 1/8 scale decode does. A lossless (VP8L) bitstream still costs libwebp its
/// own width × height × 4 bytes, since its back-references may reach any earlier pixel; the size check bounds it.
enum WebPDecoder {
    /// The longest side validation decodes to: enough to exercise libwebp's rescaler, small enough to cost nothing.
    static let validationSide = 64

    /// Reads and checks the header, then decodes the whole bitstream at reduced size: truncated or corrupt data is
    /// refused. An animated WebP is refused (the still-image decoder reads no ANIM frames).
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        let (width, height) = try header(data, limits: limits)
        _ = try scaled(data, width: width, height: height, maxSide: validationSide)
        return (width, height)
    }

    /// A picture at most `maxSide` a side (the size `BoxDownsampler` would make), scaled by libwebp as it decodes,
    /// already premultiplied (`MODE_bgrA` is cairo's byte order on little-endian machines).
    static func thumbnail(_ data: Data, maxSide: Int, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        let (width, height) = try header(data, limits: limits)
        return try scaled(data, width: width, height: height, maxSide: maxSide)
    }

    /// The whole image, for converting a WebP portrait to PNG: `WebPDecodeBGRAInto` into a buffer allocated after
    /// the header's size passed the limits, then premultiplied for `DecodedImage`.
    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        let (width, height) = try header(data, limits: limits)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                WebPDecodeBGRAInto(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, out.baseAddress, out.count,
                                   Int32(width * 4))
            }
        }
        guard decoded != nil else { throw .corrupt("libwebp could not decode the image (truncated or corrupt)") }
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 255 {
            let alpha = UInt16(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8((UInt16(pixels[i + c]) * alpha + 127) / 255) }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The size from the bitstream's header, checked against `limits`; an animation is refused here.
    static func header(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { raw in
            WebPGetFeatures(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &features)
        }
        guard status == VP8_STATUS_OK else { throw .corrupt(message(status)) }
        guard features.has_animation == 0 else {
            throw .corrupt("animated WebP is not supported (only still images are)")
        }
        let width = Int(features.width), height = Int(features.height)
        try ImageDecodeError.check(width: width, height: height, limits: limits)
        return (width, height)
    }

    /// Decodes all of `data` with libwebp scaling its output to fit `maxSide` (aspect kept, never enlarged).
    private static func scaled(_ data: Data, width: Int, height: Int, maxSide: Int) throws(ImageDecodeError) -> DecodedImage {
        let size = BoxDownsampler.size(sourceWidth: width, sourceHeight: height, maxSide: maxSide)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .corrupt("cannot start the WebP decoder") }
        if size.width != width || size.height != height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                config.output.colorspace = MODE_bgrA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = out.baseAddress
                config.output.u.RGBA.stride = Int32(size.width * 4)
                config.output.u.RGBA.size = out.count
                defer { WebPFreeDecBuffer(&config.output) }
                return WebPDecode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &config)
            }
        }
        guard status == VP8_STATUS_OK else { throw .corrupt(message(status)) }
        return DecodedImage(width: size.width, height: size.height, pixels: pixels)
    }

    private static func message(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: return "the WebP data ends early (truncated)"
        case VP8_STATUS_BITSTREAM_ERROR: return "the WebP bitstream is corrupt"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "the WebP uses a feature libwebp cannot decode"
        case VP8_STATUS_OUT_OF_MEMORY: return "libwebp ran out of memory"
        default: return "unreadable WebP data (libwebp status \(status.rawValue))"
        }
    }
}
