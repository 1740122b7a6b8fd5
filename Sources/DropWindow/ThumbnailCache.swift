import CCairo
import FoundationEssentials

/// Portrait thumbnails as cairo surfaces, kept by the portrait's SHA-256, so an Expose never decodes an image.
/// It decodes nothing itself: `Thumbnail`s made on the worker are stored here. The cache owns its surfaces.
///
/// Thumbnails are made lazily, for the rows on screen only: `request` says which of the portraits drawn are
/// neither known nor already asked for, and marks them asked (`pending`) so that the many draws before a
/// thumbnail comes back (hover, status lines, scrolling) ask the worker once. Decoding every portrait of a
/// database up front kept the worker busy after the agent started: rows, status answers and the first copy all
/// waited behind thumbnails nobody was looking at (BENCHMARKS.md has the figure).
final class ThumbnailCache {
    private var surfaces: [String: OpaquePointer] = [:]
    /// Portraits that failed to decode: drawn as the placeholder, and not asked for again.
    private var failed: Set<String> = []
    /// Portraits whose thumbnail was asked of the worker and has not come back yet.
    private(set) var pending: Set<String> = []
    /// The side, in device pixels, of the thumbnails wanted: `DropLayout.thumbnailSize` at the window's scale.
    private(set) var pixelSize: Int

    init(pixelSize: Int) { self.pixelSize = pixelSize }

    deinit { for surface in surfaces.values { cairo_surface_destroy(surface) } }

    /// The portraits whose thumbnail is known, or known to be impossible.
    var known: Set<String> { failed.union(surfaces.keys) }

    /// The thumbnail of portrait `sha256`, if it was stored.
    func surface(sha256: String) -> OpaquePointer? { surfaces[sha256] }

    /// Of the portraits `shas` (those of the rows drawn, in order), the ones to ask the worker for: neither known
    /// nor pending, each once. They are pending from now on, until `store` gets them.
    func request(_ shas: [String]) -> [String] {
        var wanted: [String] = []
        for sha in shas where surfaces[sha] == nil && !failed.contains(sha) && !pending.contains(sha) {
            pending.insert(sha)
            wanted.append(sha)
        }
        return wanted
    }

    /// Stores the thumbnail made for `sha256`; nil records that it could not be made. One of another size (made
    /// before the scale changed) is dropped and leaves the portrait as it is: `reset` made it unknown, and the
    /// next draw asked for it again at `pixelSize` (that request stays pending).
    func store(_ thumbnail: Thumbnail?, sha256: String) {
        if let thumbnail, thumbnail.size != pixelSize { return }
        pending.remove(sha256)
        guard surfaces[sha256] == nil else { return }
        guard let thumbnail else { failed.insert(sha256); return }
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
        // What is on the worker comes back at the old size and is dropped; asked again at the new one.
        pending = []
        self.pixelSize = pixelSize
    }

    /// Drops thumbnails whose portraits are no longer shown.
    func keep(only shas: Set<String>) {
        for (sha, surface) in surfaces where !shas.contains(sha) {
            cairo_surface_destroy(surface)
            surfaces[sha] = nil
        }
        failed.formIntersection(shas)
        pending.formIntersection(shas)
    }
}
