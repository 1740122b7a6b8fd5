/// What one of our top-level windows (the drop window, the catalog window) tells the window manager besides its
/// title, class and size hints (docs/X11.md §14): which process and machine it belongs to, so a window manager can
/// offer to end a hung one; its type; its icon; that it takes the keyboard focus and starts in the normal state,
/// as the leader of its own group; and, for a launch with a startup id, that id and the time of the click that
/// asked for it. The rules as a value, a list of property writes; `XConnection.describe` performs them.
public struct WindowManagerHints: Equatable, Sendable {
    /// EWMH's window types that HeroBridge's windows have: top-level windows are normal; the override-redirect
    /// popups (`XConnection.createPopup`) say what they are for compositors, which animate and shadow by type.
    public enum WindowType: String, Sendable {
        case normal = "_NET_WM_WINDOW_TYPE_NORMAL"
        case popupMenu = "_NET_WM_WINDOW_TYPE_POPUP_MENU"
        case dnd = "_NET_WM_WINDOW_TYPE_DND"
    }

    /// One property's value, with the atom names it needs still names (interned together when written).
    public enum Value: Equatable, Sendable {
        /// Format 32 of type CARDINAL (or `type`): integers.
        case cardinals([UInt], type: String = "CARDINAL")
        /// Format 32 of type ATOM: the atoms of these names.
        case atoms([String])
        /// Format 8 of `type` (`STRING` for Latin-1 text, `UTF8_STRING`).
        case text(String, type: String)
    }

    public struct Property: Equatable, Sendable {
        public var name: String
        public var value: Value
    }

    /// The WM_PROTOCOLS a top-level window takes part in: closing (WM_DELETE_WINDOW) and EWMH's ping, answered
    /// from the event loop (`WindowManagerPing`).
    public static let protocols = ["WM_DELETE_WINDOW", "_NET_WM_PING"]

    /// WM_HINTS' flags (ICCCM 4.1.2.4): the input, initial state and window group fields are set.
    static let inputHint: UInt = 1, stateHint: UInt = 2, windowGroupHint: UInt = 64
    /// WM_HINTS' initial state: NormalState (shown, not iconic).
    static let normalState: UInt = 1

    public var window: Window
    public var pid: Int32
    /// The machine the process runs on (WM_CLIENT_MACHINE): with `pid`, what names the process to end.
    public var host: String
    public var type: WindowType
    /// `_NET_WM_ICON`'s images; none leaves the property out.
    public var icons: [WindowIcon]

    public init(window: Window, pid: Int32, host: String, type: WindowType = .normal, icons: [WindowIcon]) {
        self.window = window
        self.pid = pid
        self.host = host
        self.type = type
        self.icons = icons
    }

    /// The properties to write, in order. WM_HINTS (nine CARD32s: flags, input, initial state, icon pixmap, icon
    /// window, icon x and y, icon mask, window group) names the window as its own group's leader: each process has
    /// one top-level window, which is what a window manager raises or minimises as a group.
    public var properties: [Property] {
        var list = [
            Property(name: "WM_HINTS", value: .cardinals([Self.inputHint | Self.stateHint | Self.windowGroupHint, 1,
                                                          Self.normalState, 0, 0, 0, 0, 0, window], type: "WM_HINTS")),
            Property(name: "WM_CLIENT_MACHINE", value: .text(host, type: "STRING")),
            Property(name: "_NET_WM_PID", value: .cardinals([UInt(pid)])),
            Property(name: "_NET_WM_WINDOW_TYPE", value: .atoms([type.rawValue])),
        ]
        if !icons.isEmpty { list.append(Property(name: "_NET_WM_ICON", value: .cardinals(icons.flatMap(\.cardinals)))) }
        return list
    }

    /// What a window mapped for a launch says (EWMH): the launch's id, and the time of the click that started it
    /// as the window's last user time, so focus-stealing prevention lets it have the focus. Nothing without a launch.
    public static func launch(_ startup: StartupNotification?) -> [Property] {
        guard let startup else { return [] }
        var list = [Property(name: "_NET_STARTUP_ID", value: .text(startup.id, type: "UTF8_STRING"))]
        if let time = startup.timestamp { list.append(userTime(time)) }
        return list
    }

    /// `_NET_WM_USER_TIME`: the time of the user's last input in the window.
    public static func userTime(_ time: Time) -> Property {
        Property(name: "_NET_WM_USER_TIME", value: .cardinals([time]))
    }
}
