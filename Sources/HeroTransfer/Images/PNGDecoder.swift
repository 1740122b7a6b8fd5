import CPNG
import FoundationEssentials

/// libpng's simplified API at the edge: the only Swift file that calls libpng. Errors come back as return
/// codes and a message in the image struct, so no setjmp is involved.
enum PNGDecoder {
    /// Reads the size from the header, checks it against `limits` before any pixel is allocated, then decodes
    /// every row, one at a time into one reusable row buffer (`PNGRows`), so that truncated or corrupt data is
    /// caught with the memory of one row, never of the whole image.
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        try PNGRows.read(data, limits: limits, rgba8: false) { _, _, _, _, _ in }
    }

    /// Decodes to premultiplied native-endian ARGB (BGRA bytes on little-endian machines), for cairo.
    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        var decoded = try decode(data, limits: limits,
                                 format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR),
                                 bytesPerPixel: 4)
        for i in stride(from: 0, to: decoded.pixels.count, by: 4) where decoded.pixels[i + 3] != 255 {
            let alpha = UInt16(decoded.pixels[i + 3])
            for c in 0..<3 { decoded.pixels[i + c] = UInt8((UInt16(decoded.pixels[i + c]) * alpha + 127) / 255) }
        }
        return DecodedImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
    }

    private static func decode(_ data: Data, limits: TransferLimits, format: png_uint_32, bytesPerPixel: Int)
        throws(ImageDecodeError) -> (width: Int, height: Int, pixels: [UInt8])
    {
        // IHDR always comes first: check its size before libpng reads any further (a bomb may be only a header).
        if data.count >= 24, PNGChunkHeader(data, at: 8).type == .imageHeader {
            let fields = ByteReader(data, .bigEndian)
            try ImageDecodeError.check(width: Int(fields.uint32(at: 16)), height: Int(fields.uint32(at: 20)), limits: limits)
        }
        try PNGRows.checkChunkLengths(data)
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard began != 0 else { throw .corrupt(message(of: &image)) }
        let width = Int(image.width), height = Int(image.height)
        try ImageDecodeError.check(width: width, height: height, limits: limits)
        image.format = format
        var pixels = [UInt8](repeating: 0, count: width * height * bytesPerPixel)
        let finished = pixels.withUnsafeMutableBytes { out in png_image_finish_read(&image, nil, out.baseAddress, 0, nil) }
        guard finished != 0 else { throw .corrupt(message(of: &image)) }
        return (width, height, pixels)
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unreadable PNG data" : text
    }
}
