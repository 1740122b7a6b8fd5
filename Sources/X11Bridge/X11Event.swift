import CX11

/// One X event as the modules above X11Bridge see it: what happened, typed (`kind`), read out of Xlib's union once,
/// when the connection takes the event off its queue (`XConnection.nextEvent`). The windows' views handle their
/// expose, configure, key, button, motion, focus, map and close events from `kind` and need no Xlib name or
/// constant; a key press already carries its keysym in the user's layout and the text it types, looked up then.
///
/// X11Bridge's own protocol handlers (the selection watcher, reader and owner, XDND as target and source, the
/// manager selection, the tray dock) are fed the same value and read the event as Xlib delivered it (`raw`,
/// internal to X11Bridge): what they check (a PropertyNotify's state, a SelectionRequest, a ClientMessage's data,
/// an XFixes event outside the union) is theirs alone, and typing it for everyone would only copy it twice.
public struct X11Event {
    /// What happened. Only what the views and the agent act on is typed; everything else is `.other`, and reaches
    /// the protocol handlers as it came.
    public enum Kind: Equatable, Sendable {
        /// Part of `window` must be drawn again; `count` more Exposes of the same series follow (draw at 0).
        case expose(window: Window, count: Int)
        /// `window` was moved, resized or restacked (ConfigureNotify).
        case configure(Configure)
        case keyPress(Key)
        case buttonPress(Pointer)
        case buttonRelease(Pointer)
        /// The pointer moved (`button` is 0).
        case motion(Pointer)
        case focusIn(window: Window)
        case focusOut(window: Window)
        /// `window` was mapped (MapNotify).
        case map(window: Window)
        /// `window` was unmapped (UnmapNotify).
        case unmap(window: Window)
        /// `window` was destroyed (DestroyNotify).
        case destroy(window: Window)
        /// The window manager asks to close `window` (a WM_PROTOCOLS ClientMessage naming WM_DELETE_WINDOW).
        case deleteRequest(window: Window)
        /// The window manager asks whether we still run (a WM_PROTOCOLS ClientMessage naming _NET_WM_PING): answer
        /// with `XConnection.answer(_:)` (docs/X11.md §14.2).
        case ping(WindowManagerPing)
        /// RandR says the screen's size, CRTCs or outputs changed (RRScreenChangeNotify, RRNotify): the monitors
        /// may be others now (`XConnection.watchMonitors`).
        case screenChange
        /// Anything else: selection and property events, other ClientMessages, XFixes events.
        case other
    }

    /// A button press or release, or a motion of the pointer.
    public struct Pointer: Equatable, Sendable {
        /// The window the event happened in.
        public var window: Window
        /// 1 left, 2 middle, 3 right, 4 and 5 the wheel up and down; 0 for a motion.
        public var button: Int
        /// The pointer in `window`'s coordinates, in pixels.
        public var x: Int, y: Int
        /// The pointer in the root window's coordinates, in pixels.
        public var rootX: Int, rootY: Int
        public var time: Time
        /// The modifier keys and buttons held just before the event (X's state mask).
        public var state: UInt32
    }

    /// A key pressed, as the user's keyboard layout reads it: keysyms, not keycodes.
    public struct Key: Equatable, Sendable {
        /// The window the key went to (the focus, or the keyboard grab's).
        public var window: Window
        /// The key's keysym with the modifiers applied (Shift+a is `A`), as XLookupString gives it.
        public var keysym: KeySym
        /// The key's keysym without modifiers (keysym index 0): Escape is Escape whatever is held, which is how a
        /// menu or a drag reads its keys.
        public var unmodifiedKeysym: KeySym
        /// What the key types, as XLookupString gives it: Latin-1 in the C locale, each byte its own code point;
        /// "" for a key that types nothing (an arrow, Escape).
        public var text: String
        /// The modifier keys and buttons held (X's state mask).
        public var state: UInt32
        public var time: Time
    }

    /// A window's new place and size (ConfigureNotify), in pixels.
    public struct Configure: Equatable, Sendable {
        public var window: Window
        public var x: Int, y: Int
        public var width: Int, height: Int
    }

    /// What a KeyPress reads as in the user's layout: the keysym with modifiers, the keysym without, and the bytes
    /// typed. Looked up by the connection (it needs the display's keyboard mapping).
    typealias KeyLookup = (keysym: KeySym, unmodified: KeySym, bytes: [UInt8])

    /// The atoms a window manager's close request and ping name: their type (WM_PROTOCOLS) and their first item
    /// (WM_DELETE_WINDOW, _NET_WM_PING; nil while not interned, when no window of ours asked for it).
    typealias ProtocolAtoms = (protocols: Atom, deleteWindow: Atom?, ping: Atom?)

    public let kind: Kind
    /// Whether a client sent the event (SendEvent) rather than the server making it. A window reading user input
    /// ignores a sent click or key: it is no user's (a forged right click on the tray icon would open its menu,
    /// whose grabs take the pointer and keyboard from everyone).
    public let isSent: Bool
    /// The event as Xlib delivered it, for X11Bridge's own protocol handlers.
    let raw: XEvent

    /// Types `raw`. Pure but for the two lookups it is given: `lookUpKey` for a KeyPress (the connection's keyboard
    /// mapping) and `protocolAtoms` for a ClientMessage (the connection's cached atoms; nil while no window of ours
    /// has asked for WM_PROTOCOLS, when no close request or ping can be for us). `randrEventBase` is RandR's first
    /// event code on the server (nil: not asked for, and no RandR event is typed).
    init(_ raw: XEvent, lookUpKey: (XKeyEvent) -> KeyLookup, protocolAtoms: () -> ProtocolAtoms?,
         randrEventBase: Int32? = nil) {
        self.raw = raw
        isSent = raw.xany.send_event != 0
        kind = Self.kind(of: raw, lookUpKey: lookUpKey, protocolAtoms: protocolAtoms, randrEventBase: randrEventBase)
    }

    /// The window a key, button or motion event happened in; nil for any other kind.
    public var inputWindow: Window? {
        switch kind {
        case let .keyPress(key): key.window
        case let .buttonPress(pointer), let .buttonRelease(pointer), let .motion(pointer): pointer.window
        default: nil
        }
    }

    private static func kind(of raw: XEvent, lookUpKey: (XKeyEvent) -> KeyLookup,
                             protocolAtoms: () -> ProtocolAtoms?, randrEventBase: Int32?) -> Kind {
        switch raw.type {
        case Expose: .expose(window: raw.xexpose.window, count: Int(raw.xexpose.count))
        case ConfigureNotify: .configure(Configure(raw.xconfigure))
        case KeyPress: .keyPress(Key(raw.xkey, lookUp: lookUpKey(raw.xkey)))
        case ButtonPress: .buttonPress(Pointer(raw.xbutton))
        case ButtonRelease: .buttonRelease(Pointer(raw.xbutton))
        case MotionNotify: .motion(Pointer(raw.xmotion))
        case FocusIn: .focusIn(window: raw.xfocus.window)
        case FocusOut: .focusOut(window: raw.xfocus.window)
        case MapNotify: .map(window: raw.xmap.window)
        case UnmapNotify: .unmap(window: raw.xunmap.window)
        case DestroyNotify: .destroy(window: raw.xdestroywindow.window)
        case ClientMessage: windowManagerMessage(raw.xclient, atoms: protocolAtoms())
        default: isRandRChange(raw.type, eventBase: randrEventBase) ? .screenChange : .other
        }
    }

    /// Whether an event of `type` is RandR's RRScreenChangeNotify or RRNotify (a CRTC, output or property change).
    private static func isRandRChange(_ type: Int32, eventBase: Int32?) -> Bool {
        guard let eventBase else { return false }
        return type == eventBase + RRScreenChangeNotify || type == eventBase + RRNotify
    }

    /// A window manager's WM_DELETE_WINDOW or _NET_WM_PING, else `.other`: the first item is cut to the 32 bits
    /// that crossed the wire before it is compared (SWIFT-XLIB.md §3).
    private static func windowManagerMessage(_ message: XClientMessageEvent, atoms: ProtocolAtoms?) -> Kind {
        guard let atoms, message.message_type == atoms.protocols, message.format == 32 else { return .other }
        let first = Atom(UInt32(truncatingIfNeeded: message.data.l.0))
        if let deleteWindow = atoms.deleteWindow, first == deleteWindow { return .deleteRequest(window: message.window) }
        guard let ping = atoms.ping, first == ping else { return .other }
        let items = withUnsafeBytes(of: message.data.l) { Array($0.bindMemory(to: Int.self)) }
        return .ping(WindowManagerPing(window: message.window, data: items.map { UInt32(truncatingIfNeeded: $0) }))
    }
}

extension X11Event.Pointer {
    init(_ button: XButtonEvent) {
        self.init(window: button.window, button: Int(button.button), x: Int(button.x), y: Int(button.y),
                  rootX: Int(button.x_root), rootY: Int(button.y_root), time: button.time, state: button.state)
    }

    init(_ motion: XMotionEvent) {
        self.init(window: motion.window, button: 0, x: Int(motion.x), y: Int(motion.y),
                  rootX: Int(motion.x_root), rootY: Int(motion.y_root), time: motion.time, state: motion.state)
    }
}

extension X11Event.Key {
    /// Whether Control was held (ControlMask in `state`): Ctrl+C copies, and a key with Control types nothing.
    public var isControlHeld: Bool { state & UInt32(ControlMask) != 0 }
    /// Whether Alt was held (Mod1Mask, where X servers put Alt): a key with Alt types nothing.
    public var isAltHeld: Bool { state & UInt32(Mod1Mask) != 0 }

    init(_ key: XKeyEvent, lookUp: X11Event.KeyLookup) {
        // Latin-1: every byte is its own code point.
        self.init(window: key.window, keysym: lookUp.keysym, unmodifiedKeysym: lookUp.unmodified,
                  text: String(lookUp.bytes.map { Character(Unicode.Scalar($0)) }), state: key.state, time: key.time)
    }
}

extension X11Event.Configure {
    init(_ configure: XConfigureEvent) {
        self.init(window: configure.window, x: Int(configure.x), y: Int(configure.y), width: Int(configure.width),
                  height: Int(configure.height))
    }
}
