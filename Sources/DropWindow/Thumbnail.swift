import CCairo
import FoundationEssentials
import HeroTransfer

/// A portrait's thumbnail as pixels: `size`×`size`, cairo ARGB32 (premultiplied, native-endian), the image
/// scaled to fit with its aspect kept and centred. Made from the portrait's bytes on the agent's worker, never on
/// the X thread; the window only turns it into a surface.
public struct Thumbnail: Sendable {
    public let size: Int
    public let pixels: [UInt8]

    /// Decodes `data` (PNG, JPEG, WebP, GIF or BMP) and scales it to `size`; nil when it cannot be decoded within `limits`.
    /// Uses no X connection and no shared state, so any thread may call it.
    public static func make(from data: Data, size: Int = Int(DropLayout.thumbnailSize),
                            limits: TransferLimits = .default) -> Thumbnail? {
        // Decoded at reduced size: a portrait of 8000×8000 pixels costs a row of it, not 256 MB.
        guard let decoded = try? DecodedImage.thumbnail(of: data, maxSide: size, limits: limits) else { return nil }
        var source = decoded.pixels
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(target) }
        source.withUnsafeMutableBytes { raw in
            let image = cairo_image_surface_create_for_data(raw.bindMemory(to: UInt8.self).baseAddress, CAIRO_FORMAT_ARGB32,
                                                            Int32(decoded.width), Int32(decoded.height), Int32(decoded.width * 4))
            let cr = cairo_create(target)
            let scale = min(Double(size) / Double(decoded.width), Double(size) / Double(decoded.height))
            cairo_translate(cr, (Double(size) - Double(decoded.width) * scale) / 2,
                            (Double(size) - Double(decoded.height) * scale) / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(image)
        }
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let base = cairo_image_surface_get_data(target)!
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        for row in 0..<size {
            pixels.withUnsafeMutableBytes { out in
                (out.baseAddress! + row * size * 4).copyMemory(from: base + row * stride, byteCount: size * 4)
            }
        }
        return Thumbnail(size: size, pixels: pixels)
    }
}
