/// A rectangle in a window's logical units (origin top left, y down), for layouts to place things and hit-test
/// points. Half-open: it contains its top and left edges, not its bottom and right ones, so rectangles that share
/// an edge never both contain a point on it.
public struct Rect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same rectangle with every coordinate times `factor` (logical units to device pixels: the scale factor).
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    public func contains(_ px: Double, _ py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}
