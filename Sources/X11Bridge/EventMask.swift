import CX11

/// Which events a window reports to us (Xlib's event masks, `ExposureMask` and the rest), as a set: what the
/// windows above X11Bridge select when they are made, and what a pointer grab reports. Only the masks those
/// windows use are named; the raw value is Xlib's, which `XSelectInput` takes.
public struct EventMask: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Expose: a part of the window must be drawn again.
    public static let exposure = EventMask(rawValue: ExposureMask)
    /// ConfigureNotify, MapNotify, UnmapNotify, DestroyNotify for the window itself.
    public static let structure = EventMask(rawValue: StructureNotifyMask)
    public static let buttonPress = EventMask(rawValue: ButtonPressMask)
    public static let buttonRelease = EventMask(rawValue: ButtonReleaseMask)
    /// MotionNotify while button 1 is held (a press that may become a drag).
    public static let button1Motion = EventMask(rawValue: Button1MotionMask)
    /// MotionNotify whether a button is held or not.
    public static let pointerMotion = EventMask(rawValue: PointerMotionMask)
    /// PropertyNotify: a property of the window changed (also how a server time is asked for).
    public static let propertyChange = EventMask(rawValue: PropertyChangeMask)
    public static let keyPress = EventMask(rawValue: KeyPressMask)
    /// FocusIn and FocusOut.
    public static let focusChange = EventMask(rawValue: FocusChangeMask)
}
