import CX11
import FoundationEssentials

extension XConnection {
    /// The default screen's size in pixels.
    public var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }

    /// The default screen's white pixel value, for a window's background.
    public var whitePixel: UInt { XWhitePixel(display, screen) }

    /// The pixel value of the colour (`red`, `green`, `blue` from 0 to 1) in the default visual, for a window's
    /// background: made from the visual's channel masks on a TrueColor or DirectColor screen (every screen today),
    /// with no round trip; white on any other.
    public func pixel(red: Double, green: Double, blue: Double) -> UInt {
        let visual = defaultVisual.pointee
        guard visual.red_mask != 0, visual.green_mask != 0, visual.blue_mask != 0 else { return whitePixel }
        func channel(_ value: Double, _ mask: UInt) -> UInt {
            let shift = UInt(mask.trailingZeroBitCount)
            let maximum = mask >> shift
            return (UInt((min(max(value, 0), 1) * Double(maximum)).rounded()) << shift) & mask
        }
        return channel(red, visual.red_mask) | channel(green, visual.green_mask) | channel(blue, visual.blue_mask)
    }

    /// Sets `window`'s background pixel (one of ours): what the server paints before we draw, on a map or a resize.
    public func setBackground(of window: Window, pixel: UInt) {
        XSetWindowBackground(display, window, pixel)
    }

    /// The default screen's visual, for a cairo surface on one of our windows (`CairoWindowSurface`).
    var defaultVisual: UnsafeMutablePointer<Visual> { XDefaultVisual(display, screen) }

    /// Maps `window` (one of ours) and raises it to the top of its siblings.
    public func mapRaised(_ window: Window) {
        XMapRaised(display, window)
    }

    /// Unmaps `window` (one of ours): hidden, not destroyed.
    public func unmap(_ window: Window) {
        XUnmapWindow(display, window)
    }

    /// Titles `window` for window managers: WM_NAME and the UTF-8 _NET_WM_NAME.
    public func setTitle(_ title: String, of window: Window) {
        XStoreName(display, window, title)
        setProperty8(window: window, property: atom("_NET_WM_NAME"), type: atom("UTF8_STRING"), bytes: Data(title.utf8))
    }

    /// Sets WM_CLASS: the instance name (`herobridge`) and the class name (`HeroBridge`).
    public func setClass(instance: String, className: String, of window: Window) {
        instance.withCString { name in
            className.withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display, window, &hint)
            }
        }
    }

    /// Sets WM_PROTOCOLS, the window-manager messages `window` takes part in (WM_DELETE_WINDOW). WM_PROTOCOLS is
    /// then in the atom cache too, where typing a ClientMessage looks for it (`event(from:)`); Xlib has just
    /// interned it for the property and answers from its own cache.
    public func setProtocols(_ protocols: [Atom], of window: Window) {
        var atoms = protocols
        XSetWMProtocols(display, window, &atoms, Int32(atoms.count))
        _ = atom("WM_PROTOCOLS")
    }

    /// Sets WM_NORMAL_HINTS: the size (and, when `userPosition`, the position) the user asked for, and the
    /// smallest size the window manager may give.
    public func setSizeHints(x: Int, y: Int, width: Int, height: Int, userPosition: Bool,
                             minimum: (width: Int, height: Int), of window: Window) {
        var hints = XSizeHints()
        hints.flags = PMinSize | (userPosition ? USPosition : 0) | USSize
        hints.x = Int32(x); hints.y = Int32(y)
        hints.width = Int32(width); hints.height = Int32(height)
        hints.min_width = Int32(minimum.width); hints.min_height = Int32(minimum.height)
        XSetWMNormalHints(display, window, &hints)
    }
}
