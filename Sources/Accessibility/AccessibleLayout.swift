/// Where the objects of a window are at one moment, for AT-SPI's Component interface: the window's top-left corner
/// on the screen and each object's rectangle in the window's pixels (by id; the frame's is the whole window). Not
/// part of the tree: the owner makes one when a Component call comes (`AccessibilityServer.layout`), so moving,
/// resizing or scrolling the window changes no tree, sends no event and costs nothing until someone asks.
public struct AccessibleLayout: Equatable, Sendable {
    /// The window's top-left corner in screen (root window) coordinates.
    public var originX: Int32
    public var originY: Int32
    /// Rectangles in window coordinates; an object with none has no extents (all zero).
    public var bounds: [String: AccessibleRect]

    public init(originX: Int32 = 0, originY: Int32 = 0, bounds: [String: AccessibleRect] = [:]) {
        self.originX = originX
        self.originY = originY
        self.bounds = bounds
    }

    /// AT-SPI's coordinate types (`AtspiCoordType`).
    public enum Coordinates: UInt32, Sendable {
        case screen = 0
        case window = 1
        case parent = 2
    }
}
