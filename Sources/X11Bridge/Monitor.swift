/// One monitor of the screen, as RandR 1.5 lists it (`XConnection.monitors`): its name (the output's, `HDMI-1`, or
/// the one `xrandr --setmonitor` gave), its rectangle in root coordinates and pixels, and whether it is the primary
/// one. A screen without RandR 1.5 is one monitor, the whole screen, named `screen`.
public struct Monitor: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var x: Int, y: Int
    public var width: Int, height: Int
    public var isPrimary: Bool

    public init(name: String, x: Int, y: Int, width: Int, height: Int, isPrimary: Bool = false) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isPrimary = isPrimary
    }

    /// `HDMI-1 1920x1080+0+0`, with ` primary` after the primary one: xrandr's geometry syntax, for the log.
    public var description: String { "\(name) \(width)x\(height)+\(x)+\(y)" + (isPrimary ? " primary" : "") }
}
