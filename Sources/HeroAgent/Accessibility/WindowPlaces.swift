import Accessibility
import DropWindow
import X11Bridge

/// Where a window and what it shows are at one moment, in pixels: its top-left corner on the screen, its size, its
/// fixed parts by accessible id and its rows in order (window coordinates; a row scrolled out of the list lies
/// outside it). Made when a screen reader asks for extents (`WindowAccessibility.places`).
struct WindowPlaces {
    var x: Int, y: Int
    var width: Int, height: Int
    var parts: [String: AccessibleRect]
    var rows: [AccessibleRect]

    /// `window`'s places, its corner asked of the X server (one round trip: where the window manager put it is
    /// known only there); nil when the window is gone.
    init?(window: Window, on connection: XConnection, size: (width: Int, height: Int), parts: [String: Rect], rows: [Rect]) {
        guard let corner = connection.translate(rootX: 0, rootY: 0, to: window) else { return nil }
        (x, y) = (-corner.x, -corner.y)
        (width, height) = size
        self.parts = parts.mapValues(Self.rect)
        self.rows = rows.map(Self.rect)
    }

    /// A view's pixel rectangle, to whole pixels.
    static func rect(_ rect: Rect) -> AccessibleRect {
        AccessibleRect(x: Int32(clamping: Int(rect.x.rounded())), y: Int32(clamping: Int(rect.y.rounded())),
                       width: Int32(clamping: Int(rect.width.rounded())), height: Int32(clamping: Int(rect.height.rounded())))
    }
}
