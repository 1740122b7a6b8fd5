import CCairo
import FoundationEssentials
import HeroTransfer

/// Portrait thumbnails, decoded and scaled once (48 px, aspect kept, centred) and kept by the portrait's
/// SHA-256, so an Expose never decodes an image again. Cairo image surfaces; the cache owns them. Portraits are
/// decoded at reduced size (`DecodedImage.thumbnail`): a portrait of 8000×8000 pixels costs a row of it, not 256 MB.
final class ThumbnailCache {
    private var surfaces: [String: OpaquePointer] = [:]
    /// Portraits that failed to decode: drawn as the placeholder, and not retried on every Expose.
    private var failed: Set<String> = []
    let size: Int

    init(size: Int = Int(DropLayout.thumbnailSize)) {
        self.size = size
    }

    deinit { for surface in surfaces.values { cairo_surface_destroy(surface) } }

    /// The thumbnail for portrait `sha256`, loading the bytes with `load` the first time; nil for a portrait
    /// that cannot be decoded.
    func thumbnail(sha256: String, load: () -> Data?) -> OpaquePointer? {
        if let surface = surfaces[sha256] { return surface }
        guard !failed.contains(sha256), let data = load(), let decoded = try? DecodedImage.thumbnail(of: data, maxSide: size) else {
            failed.insert(sha256)
            return nil
        }
        let surface = scaled(decoded)
        surfaces[sha256] = surface
        return surface
    }

    /// Drops thumbnails whose portraits are no longer shown.
    func keep(only shas: Set<String>) {
        for (sha, surface) in surfaces where !shas.contains(sha) {
            cairo_surface_destroy(surface)
            surfaces[sha] = nil
        }
        failed.formIntersection(shas)
    }

    private func scaled(_ image: DecodedImage) -> OpaquePointer {
        var pixels = image.pixels
        let thumbnail = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        pixels.withUnsafeMutableBytes { raw in
            let source = cairo_image_surface_create_for_data(raw.bindMemory(to: UInt8.self).baseAddress, CAIRO_FORMAT_ARGB32,
                                                             Int32(image.width), Int32(image.height), Int32(image.width * 4))
            let cr = cairo_create(thumbnail)
            let scale = min(Double(size) / Double(image.width), Double(size) / Double(image.height))
            cairo_translate(cr, (Double(size) - Double(image.width) * scale) / 2,
                            (Double(size) - Double(image.height) * scale) / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(source)
        }
        return thumbnail
    }
}
