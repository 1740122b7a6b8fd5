import HeroBase
import HeroTransfer

/// How many device pixels one logical unit of our windows takes: 1 on a 96 dpi screen, 2 on a 192 dpi one.
/// Layouts stay in logical units; the renderers multiply by `factor` (cairo_scale), event coordinates are divided
/// by it, thumbnails are made at `pixels(DropLayout.thumbnailSize)`. Worked out without a display from three
/// sources, strongest first: the `scale =` config key, `$GDK_SCALE`, `Xft.dpi` in the root window's
/// RESOURCE_MANAGER text (what `xrdb` loads).
public struct DisplayScale: Equatable, Sendable {
    /// What the user asked for with `scale =`: a fixed factor, or `auto` (follow GDK_SCALE and Xft.dpi).
    public enum Choice: Equatable, Sendable {
        case auto
        case fixed(Double)
    }

    /// Where the factor came from, for the log line.
    public enum Source: Equatable, Sendable {
        case config
        case gdkScale
        case xftDpi(Double)
        /// None of the three said anything usable: 1×.
        case none
    }

    /// The range of factors, and of the `scale =` key. Below 1 the text would be smaller than the layout was
    /// drawn for and the windows smaller than their minimum; above 4 (384 dpi) there is no screen today, and a
    /// typo such as `Xft.dpi: 9600` must not ask the server for a 40000-pixel window and cairo for gigabytes of
    /// surface: the factor bounds every size we derive from it.
    public static let range = 1.0...4.0

    public let factor: Double
    public let source: Source

    public init(factor: Double, source: Source) {
        self.factor = factor
        self.source = source
    }

    public static let one = DisplayScale(factor: 1, source: .none)

    /// The precedence rule: the config's fixed factor, else GDK_SCALE, else Xft.dpi, else 1×. The config key is
    /// this program's own setting, so it wins; GDK_SCALE is the session's word for toolkit windows (GTK lets it
    /// override Xft.dpi too), so it comes before Xft.dpi, which is foremost a font setting and the vaguest hint.
    /// A GDK_SCALE or Xft.dpi that does not parse is ignored, as GTK ignores it.
    public static func resolve(choice: Choice, gdkScale: String?, resources: String?) -> DisplayScale {
        if case let .fixed(factor) = choice { return DisplayScale(factor: clamped(factor), source: .config) }
        if let gdkScale, let factor = parseGdkScale(gdkScale) { return DisplayScale(factor: factor, source: .gdkScale) }
        if let resources, let dpi = xftDpi(in: resources) { return DisplayScale(factor: factor(dpi: dpi), source: .xftDpi(dpi)) }
        return .one
    }

    /// GDK_SCALE is an integer for GTK (`2`); anything else, or below 1, says nothing. Above 4 is clamped.
    public static func parseGdkScale(_ text: String) -> Double? {
        guard let value = Int(text.trimmed()), value >= 1 else { return nil }
        return clamped(Double(value))
    }

    /// The value of the last `Xft.dpi:` line of a resource database text (`Xft.dpi:\t192`), as xrdb writes it;
    /// later lines win, as in Xlib's own merge. Nil when there is none, or it is not a positive number.
    public static func xftDpi(in resources: String) -> Double? {
        var found: Double?
        for line in resources.split(separator: "\n") {
            let trimmed = line.trimmed()
            guard trimmed.hasPrefix("Xft.dpi"), let colon = trimmed.firstIndex(of: ":"),
                  trimmed[..<colon].trimmed() == "Xft.dpi" else { continue }
            if let dpi = Double(trimmed[trimmed.index(after: colon)...].trimmed()), dpi.isFinite, dpi > 0 { found = dpi }
        }
        return found
    }

    /// dpi / 96 rounded to the nearest quarter, in `range`. Quarters are the steps desktops offer (125 %, 150 %,
    /// 175 %), and a factor such as 1.04 (100 dpi) would put every line and glyph edge between two pixels, blurred,
    /// for a size difference nobody sees.
    public static func factor(dpi: Double) -> Double {
        clamped((dpi / 96 * 4).rounded() / 4)
    }

    private static func clamped(_ factor: Double) -> Double {
        min(max(factor, range.lowerBound), range.upperBound)
    }

    /// `logical` units in whole device pixels.
    public func pixels(_ logical: Double) -> Int { Int((logical * factor).rounded()) }

    /// A point in device pixels (an event's coordinates) in logical units, for the layouts' hit tests.
    public func logical(x: Int, y: Int) -> (x: Double, y: Double) { (Double(x) / factor, Double(y) / factor) }

    /// A window's geometry in device pixels: a size the user gave stays as given (pixels stay pixels); without
    /// one, the default size, in logical units, scaled, at the place the user gave if any.
    public func windowGeometry(given: WindowGeometry?, default logical: WindowGeometry) -> WindowGeometry {
        if let given, given.sizeGiven { return given }
        var geometry = given ?? WindowGeometry(width: 0, height: 0)
        geometry.width = pixels(Double(logical.width))
        geometry.height = pixels(Double(logical.height))
        return geometry
    }

    /// The smallest size the window manager may give, in pixels: the logical minimum scaled, but never above a
    /// size the user gave, which would make the window manager overrule the user's pixels.
    public func minimumSize(_ logical: (width: Int, height: Int), given: WindowGeometry?) -> (width: Int, height: Int) {
        let width = pixels(Double(logical.width)), height = pixels(Double(logical.height))
        guard let given, given.sizeGiven else { return (width, height) }
        return (min(width, given.width), min(height, given.height))
    }

    /// `1×`, `1.5×`, `2×`: how the factor is shown in the log.
    public var description: String {
        let text = factor == factor.rounded() ? String(Int(factor)) : String(factor)
        return "\(text)×"
    }

    /// Where it came from, in words for the log.
    public var origin: String {
        switch source {
        case .config: "the scale setting"
        case .gdkScale: "GDK_SCALE"
        case let .xftDpi(dpi): "Xft.dpi \(dpi == dpi.rounded() ? String(Int(dpi)) : String(dpi))"
        case .none: "no scale setting, GDK_SCALE or Xft.dpi"
        }
    }
}
