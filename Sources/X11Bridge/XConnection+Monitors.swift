import CX11

/// What this server's RandR offers, asked once per connection (`XConnection.randr`).
struct RandRSupport {
    /// RandR's first event code on this server; nil when the server has no RandR.
    var eventBase: Int32?
    /// Whether it lists monitors: GetMonitors is RandR 1.5's.
    var listsMonitors: Bool
}

extension XConnection {
    /// The server's RandR, asked the first time (two round trips, then cached).
    var randr: RandRSupport {
        if let randrSupport { return randrSupport }
        var support = RandRSupport(eventBase: nil, listsMonitors: false)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        if XRRQueryExtension(display, &eventBase, &errorBase) != 0 {
            support.eventBase = eventBase
            var major: Int32 = 0, minor: Int32 = 0
            if XRRQueryVersion(display, &major, &minor) != 0 {
                support.listsMonitors = major > 1 || (major == 1 && minor >= 5)
            }
        }
        randrSupport = support
        return support
    }

    /// The screen's monitors in root coordinates, as RandR 1.5's GetMonitors lists them (active ones only: a
    /// monitor whose output is off is not listed; `xrandr --setmonitor` ones are). The whole screen as one monitor
    /// when the server has no RandR 1.5 or lists no monitor with an area. Two round trips the first time a
    /// monitor's name is new (the name is an atom), one after.
    public func monitors() -> [Monitor] {
        let screen = screenSize
        let whole = [Monitor(name: "screen", x: 0, y: 0, width: screen.width, height: screen.height)]
        guard randr.listsMonitors else { return whole }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, root, 1, &count) else {
            _ = takeError()
            return whole
        }
        defer { XRRFreeMonitors(list) }
        let infos = (0..<Int(max(0, count))).map { list[$0] }.filter { $0.width > 0 && $0.height > 0 }
        let names = names(of: infos.map(\.name))
        let monitors = zip(infos, names).map { info, name in
            Monitor(name: name.isEmpty ? "unnamed" : name, x: Int(info.x), y: Int(info.y), width: Int(info.width),
                    height: Int(info.height), isPrimary: info.primary != 0)
        }
        return monitors.isEmpty ? whole : monitors
    }

    /// Asks the server to report whatever can change the monitors: RandR's screen, CRTC and output changes (a
    /// monitor plugged, unplugged, turned off, moved, its mode changed), and ConfigureNotify of the root window, which
    /// is all a client's `xrandr --setmonitor` or `--delmonitor` makes (X11.md §15). Each is one event, and only when
    /// something changed: no polling. `isMonitorChange` tells them. The selections are sent at once (flushed), so a
    /// change another client makes from now on is reported.
    public func watchMonitors() {
        selectRootEvents(.structure)
        if randr.eventBase != nil {
            XRRSelectInput(display, root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        }
        flush()
    }

    /// Whether `event` may have changed the monitors (`watchMonitors`): a RandR change, or the root window's
    /// ConfigureNotify. A client's copy (SendEvent) is not believed.
    public func isMonitorChange(_ event: X11Event) -> Bool {
        guard !event.isSent else { return false }
        switch event.kind {
        case .screenChange: return true
        case let .configure(configure): return configure.window == root
        default: return false
        }
    }

    /// Lets Xlib's size of the screen (`screenSize`) follow a RandR screen change or the root window's
    /// ConfigureNotify: XRRUpdateConfiguration, which RandR asks of every client that takes those events. Called
    /// on every event as it is typed (`event(from:)`); nothing is done before RandR was asked for.
    func updateScreenConfiguration(_ raw: inout XEvent) {
        guard raw.xany.send_event == 0, let base = randrSupport?.eventBase else { return }
        if raw.type == base + RRScreenChangeNotify || (raw.type == ConfigureNotify && raw.xconfigure.window == root) {
            XRRUpdateConfiguration(&raw)
        }
    }
}
