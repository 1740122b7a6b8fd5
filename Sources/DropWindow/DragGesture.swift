/// Tells a click from the start of a drag, as a value: a press on a draggable row arms it, and the first motion
/// with the button held that goes past `threshold` pixels (GTK's default is 8) starts the drag, once. A release
/// first, or a press elsewhere, disarms it.
public struct DragGesture: Equatable, Sendable {
    public struct Press: Equatable, Sendable {
        /// The row pressed on.
        public var row: Int
        /// Root coordinates of the press.
        public var x: Int, y: Int
    }

    public static let defaultThreshold = 8
    public let threshold: Int
    public private(set) var press: Press?

    public init(threshold: Int = DragGesture.defaultThreshold) {
        self.threshold = threshold
    }

    /// Button 1 went down on `row` (nil: not on a draggable row) at root (x, y).
    public mutating func pressed(row: Int?, x: Int, y: Int) {
        press = row.map { Press(row: $0, x: x, y: y) }
    }

    /// The pointer moved to root (x, y) with the button held: the row whose drag starts now, else nil.
    public mutating func moved(x: Int, y: Int) -> Int? {
        guard let press, max(abs(x - press.x), abs(y - press.y)) >= threshold else { return nil }
        self.press = nil
        return press.row
    }

    /// The button came up (or a drag ended): nothing is armed any more.
    public mutating func released() {
        press = nil
    }
}
