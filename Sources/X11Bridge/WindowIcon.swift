/// One image of a window's `_NET_WM_ICON` (EWMH): its size, then its pixels row by row, each a CARDINAL of
/// non-premultiplied ARGB (alpha in the high byte). A window manager or a taskbar picks the size it needs among the
/// images the property holds.
public struct WindowIcon: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Non-premultiplied ARGB, `width * height` of them.
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "an icon's pixels are width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// From premultiplied ARGB, as cairo's ARGB32 image surfaces hold it: each colour channel is divided by the
    /// alpha again (rounded), a transparent pixel is 0.
    public init(width: Int, height: Int, premultiplied: [UInt32]) {
        self.init(width: width, height: height, pixels: premultiplied.map(Self.unpremultiplied))
    }

    static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 0 else { return 0 }
        guard alpha != 255 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 {
            min(255, (((pixel >> shift) & 0xff) * 255 + alpha / 2) / alpha) << shift
        }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// The image as the property's items: width, height, then the pixels.
    public var cardinals: [UInt] { [UInt(width), UInt(height)] + pixels.map(UInt.init) }
}
