import CCairo
import X11Bridge

/// HeroBridge's star as a window icon (`_NET_WM_ICON`): the tray icon's drawing (`TrayRenderer.drawIcon`, the
/// green circle and gold star that the packaged icon shows too) at the sizes taskbars and title bars ask for, drawn
/// with cairo into image surfaces, no window needed.
public enum AppIcon {
    /// The sides a window manager picks from at 1×: a title bar's 16, a taskbar's 32 or 48, a switcher's 64.
    public static let baseSides = [16, 32, 48, 64]

    /// The sides to draw at `scale`: the base sides, and each of them times the factor (rounded), once each,
    /// smallest first. On a 2× screen a taskbar that wants 32 device pixels of a 16-point icon finds one drawn
    /// there, not one scaled up.
    public static func sides(scale: Double) -> [Int] {
        let scaled = baseSides.map { Int((Double($0) * scale).rounded()) }
        return Array(Set(baseSides + scaled)).sorted()
    }

    /// The star at every side of `sides(scale:)`.
    public static func images(scale: Double) -> [WindowIcon] {
        sides(scale: scale).map(image)
    }

    /// The star, `side` pixels square, not paused, not hovered, on a transparent background.
    public static func image(side: Int) -> WindowIcon {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        TrayRenderer.drawIcon(on: cr, width: Double(side), height: Double(side), paused: false, hovering: false,
                              alpha: true)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // ARGB32 is premultiplied, native-endian 32-bit words, `stride` bytes a row.
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(side * side)
        for row in 0..<side {
            for column in 0..<side {
                pixels.append(data.load(fromByteOffset: row * stride + column * 4, as: UInt32.self))
            }
        }
        return WindowIcon(width: side, height: side, premultiplied: pixels)
    }
}
