import CX11
import FoundationEssentials

extension XConnection {
    /// The one place where the agent's parts select events on the root window (the resource database's
    /// PropertyNotify, a tray's MANAGER broadcast): each adds its mask to the union this client already selects
    /// there, so one part's selection never replaces another's.
    public func selectRootEvents(_ mask: EventMask) {
        addEventMask(mask.rawValue, to: root)
    }

    /// The most of RESOURCE_MANAGER we read. A desktop's whole Xresources is a few kilobytes; any client may set the
    /// property, and one that wrote megabytes must cost a small round trip, not the megabytes.
    public static let maxResourceBytes = 256 << 10

    /// The resource database `xrdb` loaded on the root window (RESOURCE_MANAGER: `Xft.dpi:\t192` lines), read
    /// only when it is at most `maxResourceBytes` (its size asked first).
    public func resourceManager() -> BoundedRead {
        readProperty(window: root, property: atom("RESOURCE_MANAGER"), delete: false, maxBytes: Self.maxResourceBytes)
    }

    /// Whether `event` is a change of the resource database on the root window (xrdb -merge, a settings daemon).
    public func isResourceManagerChange(_ event: X11Event) -> Bool {
        let raw = event.raw
        return raw.type == PropertyNotify && raw.xproperty.window == root && raw.xproperty.atom == atom("RESOURCE_MANAGER")
    }

    /// Resizes `window` (one of ours); a ConfigureNotify follows.
    public func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
    }

    /// Changes only the smallest size in `window`'s WM_NORMAL_HINTS, keeping the rest of the hints as they were.
    public func setMinimumSize(_ minimum: (width: Int, height: Int), of window: Window) {
        var hints = XSizeHints()
        var supplied = 0
        if XGetWMNormalHints(display, window, &hints, &supplied) == 0 { hints = XSizeHints() }
        hints.flags |= PMinSize
        hints.min_width = Int32(minimum.width); hints.min_height = Int32(minimum.height)
        XSetWMNormalHints(display, window, &hints)
    }
}
