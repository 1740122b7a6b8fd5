/// Where the drag image sits and how big it is, as a value: a card with the hero's thumbnail and name, beside
/// the pointer (below and to the right, flipped at the screen's edges so it stays whole on screen). Sizes are
/// logical units, as in the windows' layouts; `factor` (the display's scale) turns them into pixels. No X11, no
/// cairo: the name's width is measured by the caller.
public struct DragImageLayout: Equatable, Sendable {
    public static let height = 56.0
    public static let padding = 8.0
    public static let thumbnailSize = 40.0
    public static let cornerRadius = 10.0
    public static let fontSize = 14.0
    /// The name is cut with an ellipsis past this width.
    public static let maxNameWidth = 200.0
    /// From the pointer's hotspot to the card's nearest corner: the card never covers what the pointer is on.
    public static let offset = 16

    public let width: Double
    public let factor: Double

    /// A card for a name `nameWidth` wide (logical units, as the font measures it), drawn at `factor`.
    public init(nameWidth: Double, factor: Double = 1) {
        width = (Self.padding * 3 + Self.thumbnailSize + min(max(nameWidth, 0), Self.maxNameWidth)).rounded(.up)
        self.factor = factor
    }

    public var pixelWidth: Int { Int((width * factor).rounded(.up)) }
    public var pixelHeight: Int { Int((Self.height * factor).rounded(.up)) }
    /// `offset` in pixels.
    public var pixelOffset: Int { Int((Double(Self.offset) * factor).rounded()) }

    public var thumbnailOrigin: (x: Double, y: Double) { (Self.padding, (Self.height - Self.thumbnailSize) / 2) }
    public var textOrigin: (x: Double, y: Double) { (Self.padding * 2 + Self.thumbnailSize, Self.height / 2 + Self.fontSize * 0.35) }

    /// The card's top-left corner for the pointer at root (x, y) on a screen of `screen` pixels.
    public func origin(pointerX x: Int, y: Int, screen: (width: Int, height: Int)) -> (x: Int, y: Int) {
        let right = x + pixelOffset, below = y + pixelOffset
        let left = x - pixelOffset - pixelWidth, above = y - pixelOffset - pixelHeight
        return (right + pixelWidth <= screen.width || left < 0 ? right : left,
                below + pixelHeight <= screen.height || above < 0 ? below : above)
    }
}
