import CCairo
import FoundationEssentials

/// Portrait thumbnails as cairo surfaces, kept by the portrait's SHA-256, so an Expose never decodes an image.
/// It decodes nothing itself: `Thumbnail`s made on the worker are stored here. The cache owns its surfaces.
final class ThumbnailCache {
    private var surfaces: [String: OpaquePointer] = [:]
    /// Portraits that failed to decode: drawn as the placeholder, and not asked for again.
    private var failed: Set<String> = []
    /// The side, in device pixels, of the thumbnails wanted: `DropLayout.thumbnailSize` at the window's scale.
    private(set) var pixelSize: Int

    init(pixelSize: Int) { self.pixelSize = pixelSize }

    deinit { for surface in surfaces.values { cairo_surface_destroy(surface) } }

    /// The portraits whose thumbnail is known, or known to be impossible.
    var known: Set<String> { failed.union(surfaces.keys) }

    /// The thumbnail of portrait `sha256`, if it was stored.
    func surface(sha256: String) -> OpaquePointer? { surfaces[sha256] }

    /// Stores the thumbnail made for `sha256`; nil records that it could not be made. One of another size (made
    /// before the scale changed) is dropped and stays unknown, so the owner makes it again at `pixelSize`.
    func store(_ thumbnail: Thumbnail?, sha256: String) {
        guard surfaces[sha256] == nil else { return }
        guard let thumbnail else { failed.insert(sha256); return }
        guard thumbnail.size == pixelSize else { return }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(thumbnail.size), Int32(thumbnail.size))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        thumbnail.pixels.withUnsafeBytes { raw in
            for row in 0..<thumbnail.size {
                (base + row * stride).update(from: raw.bindMemory(to: UInt8.self).baseAddress! + row * thumbnail.size * 4,
                                             count: thumbnail.size * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        // The surface has `pixelSize` pixels but covers `DropLayout.thumbnailSize` logical units: drawn at the
        // window's scale, one pixel of it lands on one pixel of the screen.
        let deviceScale = Double(pixelSize) / DropLayout.thumbnailSize
        cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
        surfaces[sha256] = surface
    }

    /// Forgets every thumbnail (and failure: a portrait that failed may be tried again) for a new size.
    func reset(pixelSize: Int) {
        for surface in surfaces.values { cairo_surface_destroy(surface) }
        surfaces = [:]
        failed = []
        self.pixelSize = pixelSize
    }

    /// Drops thumbnails whose portraits are no longer shown.
    func keep(only shas: Set<String>) {
        for (sha, surface) in surfaces where !shas.contains(sha) {
            cairo_surface_destroy(surface)
            surfaces[sha] = nil
        }
        failed.formIntersection(shas)
    }
}
