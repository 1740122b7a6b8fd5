/// An X geometry string, `WxH+X+Y` (`400x600`, `400x600+10+20`, `+0-0`), parsed without a display.
public struct WindowGeometry: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Offsets from the left/top edge, or, when `fromRight`/`fromBottom`, from the right/bottom edge.
    public var x: Int?
    public var y: Int?
    public var fromRight = false
    public var fromBottom = false
    /// False for a place alone (`+0-0`): the size is then the window's default, which follows the display's scale.
    public var sizeGiven = true

    public static let `default` = WindowGeometry(width: 400, height: 600)

    public init(width: Int, height: Int, x: Int? = nil, y: Int? = nil) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// The geometry in the syntax `parse` reads: `400x600`, `400x600+10-20`, `+10-20` (a place alone).
    public var description: String {
        var text = sizeGiven ? "\(width)x\(height)" : ""
        if let x, let y { text += "\(fromRight ? "-" : "+")\(x)\(fromBottom ? "-" : "+")\(y)" }
        return text
    }

    /// Parses the X11 syntax (`[=][W{xX}H][{+-}X{+-}Y]`); nil when malformed or a size is below 200×300.
    public static func parse(_ text: String) -> WindowGeometry? {
        var rest = Substring(text.hasPrefix("=") ? String(text.dropFirst()) : text)
        guard !rest.isEmpty else { return nil }
        var geometry = WindowGeometry.default
        geometry.sizeGiven = false
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count < 6 else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(digits)
        }
        if let first = rest.first, first.isNumber {
            guard let width = number(), let separator = rest.first, separator == "x" || separator == "X" else { return nil }
            rest = rest.dropFirst()
            guard let height = number() else { return nil }
            geometry.width = width
            geometry.height = height
            geometry.sizeGiven = true
        }
        if !rest.isEmpty {
            guard let xSign = rest.first, xSign == "+" || xSign == "-" else { return nil }
            rest = rest.dropFirst()
            guard let x = number(), let ySign = rest.first, ySign == "+" || ySign == "-" else { return nil }
            rest = rest.dropFirst()
            guard let y = number(), rest.isEmpty else { return nil }
            geometry.x = x
            geometry.y = y
            geometry.fromRight = xSign == "-"
            geometry.fromBottom = ySign == "-"
        }
        guard geometry.width >= 200, geometry.height >= 300, geometry.width <= 10000, geometry.height <= 10000 else { return nil }
        return geometry
    }
}
