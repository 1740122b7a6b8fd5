import CX11
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What our windows say to the window manager beyond title, class and size (docs/X11.md §14): the properties of
/// `WindowManagerHints`, the answer to `_NET_WM_PING`, the user's last input time, and the end of a launch
/// (`StartupNotification`).
extension XConnection {
    /// The machine this process runs on, for WM_CLIENT_MACHINE ("" when the name cannot be read).
    public static var hostName: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The hints of top-level `window` of this process (pid and host filled in), of `type`, with `icons`.
    public func hints(for window: Window, type: WindowManagerHints.WindowType = .normal, icons: [WindowIcon]) -> WindowManagerHints {
        WindowManagerHints(window: window, pid: getpid(), host: Self.hostName, type: type, icons: icons)
    }

    /// Writes `hints`' properties on its window.
    public func describe(_ hints: WindowManagerHints) {
        write(hints.properties, on: hints.window)
    }

    /// Writes `properties` on `window`, interning the atoms they name together (one round trip for the new ones).
    public func write(_ properties: [WindowManagerHints.Property], on window: Window) {
        var names: [String] = []
        for property in properties {
            names.append(property.name)
            switch property.value {
            case let .cardinals(_, type): names.append(type)
            case let .atoms(values): names += values
            case let .text(_, type): names.append(type)
            }
        }
        _ = atoms(named: names)
        for property in properties {
            switch property.value {
            case let .cardinals(values, type):
                setProperty32(window: window, property: atom(property.name), type: atom(type), values: values)
            case let .atoms(values):
                setProperty32(window: window, property: atom(property.name), type: XA_ATOM, values: values.map { atom($0) })
            case let .text(text, type):
                setProperty8(window: window, property: atom(property.name), type: atom(type), bytes: Data(text.utf8))
            }
        }
    }

    /// Says what an override-redirect popup is for (the tray menu, the drag image): no window manager places it,
    /// but a compositor animates and shadows it by its type.
    public func setWindowType(_ type: WindowManagerHints.WindowType, of window: Window) {
        write([.init(name: "_NET_WM_WINDOW_TYPE", value: .atoms([type.rawValue]))], on: window)
    }

    /// Sets `_NET_WM_USER_TIME` on `window`: the time of the user's last key or button in it, which
    /// focus-stealing prevention compares with other windows' when one asks to be raised or focused.
    public func setUserTime(_ time: Time, of window: Window) {
        write([WindowManagerHints.userTime(time)], on: window)
    }

    /// Answers a window manager's `_NET_WM_PING`: the same message, to the root window, about the root window.
    public func answer(_ ping: WindowManagerPing) {
        let reply = ping.reply(root: root)
        sendClientMessage(to: reply.destination, type: atom("WM_PROTOCOLS"), data: reply.data.map { Int($0) },
                          mask: SubstructureNotifyMask | SubstructureRedirectMask, about: reply.window)
    }

    /// Ends the launch `startup` names: its "remove" message to the root window, as the series of 20-byte
    /// ClientMessages of `StartupNotification`, all naming `window` (one of ours), with PropertyChangeMask, where
    /// launchers listen.
    public func sendStartupRemove(_ startup: StartupNotification, about window: Window) {
        let messages = startup.removeMessages
        let types = atoms(named: [StartupNotification.beginType, StartupNotification.continuationType])
        for message in messages {
            var event = XClientMessageEvent()
            event.type = ClientMessage
            event.display = display
            event.window = window
            event.message_type = message.type == StartupNotification.beginType ? types[0] : types[1]
            event.format = 8
            withUnsafeMutableBytes(of: &event.data.b) { bytes in
                for (index, byte) in message.bytes.enumerated() { bytes[index] = byte }
            }
            var raw = XEvent(xclient: event)
            XSendEvent(display, root, 0, PropertyChangeMask, &raw)
        }
    }
}
