/// A position in root-window coordinates, as XDND messages carry it (16-bit on the wire, widened to `Int`).
/// Equatable by its two coordinates, so the values that hold one compare with the synthesized `==`.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}
