/// A rectangle in pixels, origin top left, y down: where an object is (AT-SPI's Component interface answers
/// extents as `(iiii)`). Half-open like the windows' layouts: it contains its top and left edges only.
public struct AccessibleRect: Equatable, Sendable {
    public var x: Int32, y: Int32, width: Int32, height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = AccessibleRect(x: 0, y: 0, width: 0, height: 0)

    public func contains(_ px: Int32, _ py: Int32) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// The same rectangle moved by (dx, dy).
    public func offset(_ dx: Int32, _ dy: Int32) -> AccessibleRect {
        AccessibleRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
