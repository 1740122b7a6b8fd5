import CPNG
import FoundationEssentials

/// libpng's simplified writer at the edge: turns decoded pixels back into PNG bytes, so that a portrait stored
/// as JPEG can still be offered as `image/png` (the one image type every reader asks for first).
public enum PNGEncoder {
    /// Encodes `image` (premultiplied native-endian ARGB, as `DecodedImage` holds it) as an 8-bit PNG: RGB when
    /// every pixel is opaque (a JPEG always is), RGBA with the alpha un-premultiplied otherwise. Throws when
    /// libpng refuses.
    public static func encode(_ image: DecodedImage) throws(TransferError) -> Data {
        let count = image.width * image.height
        let opaque = stride(from: 3, to: count * 4, by: 4).allSatisfy { image.pixels[$0] == 255 }
        var pixels: [UInt8]
        let format: UInt32
        if opaque {
            // BGRA bytes → BGR: a third less to compress, and the PNG says "no alpha" as the JPEG did.
            pixels = [UInt8](repeating: 0, count: count * 3)
            for i in 0..<count {
                pixels[i * 3] = image.pixels[i * 4]
                pixels[i * 3 + 1] = image.pixels[i * 4 + 1]
                pixels[i * 3 + 2] = image.pixels[i * 4 + 2]
            }
            format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR)
        } else {
            pixels = image.pixels
            for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 255 && pixels[i + 3] != 0 {
                let alpha = UInt16(pixels[i + 3])
                for c in 0..<3 { pixels[i + c] = UInt8(min(255, (UInt16(pixels[i + c]) * 255 + alpha / 2) / alpha)) }
            }
            format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR)
        }
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(format)
        defer { png_image_free(&png) }
        // Ask for the size first: a second pass costs a compression, but a guessed buffer that is too small
        // fails the whole write.
        var size: png_alloc_size_t = 0
        let sized = pixels.withUnsafeBytes { raw in png_image_write_to_memory(&png, nil, &size, 0, raw.baseAddress, 0, nil) }
        guard sized != 0, size > 0 else { throw failure(&png) }
        var out = Data(count: Int(size))
        let written = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { raw in png_image_write_to_memory(&png, dst.baseAddress, &size, 0, raw.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw failure(&png) }
        return out.prefix(Int(size))
    }

    private static func failure(_ png: inout png_image) -> TransferError {
        let text = withUnsafeBytes(of: &png.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return .importFailed(target: "image/png", reason: "PNG encoding failed: " + (text.isEmpty ? "libpng refused" : text))
    }
}
