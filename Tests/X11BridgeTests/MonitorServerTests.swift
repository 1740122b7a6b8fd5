import Testing
import TestSupport
@testable import X11Bridge

/// `XConnection`'s monitors against a private Xvfb (RandR 1.5, one output named `screen`) changed by the real
/// `xrandr`: the list GetMonitors gives, and the events that say it changed, for `--setmonitor` (only a
/// ConfigureNotify of the root window) and for an output turned off and on (RandR's own events, typed
/// `.screenChange`).
@Suite(.serialized) struct MonitorServerTests {
    /// Runs `xrandr arguments…` on `display`; its exit status (turning Xvfb's one output off fails at the screen-size
    /// step after the output is already off).
    @discardableResult
    static func xrandr(_ arguments: [String], on display: String) throws -> Int32 {
        try HeroBridgeProcess.run(arguments, environment: ["DISPLAY": display], executable: "/usr/bin/xrandr").status
    }

    /// The kinds of the monitor changes `connection` has been sent since the last call. xrandr has exited, so the
    /// server processed its requests, and the events they made for us come before the reply to our round trip.
    static func monitorChanges(on connection: XConnection) -> [X11Event.Kind] {
        _ = connection.sync()
        var changes: [X11Event.Kind] = []
        while let event = connection.nextEvent() {
            if connection.isMonitorChange(event) { changes.append(event.kind) }
        }
        return changes
    }

    @Test func theScreenIsOneMonitorUntilXrandrSplitsIt() throws {
        let xvfb = try XvfbServer(width: 1280, height: 1024)
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        #expect(connection.monitors().map(\.description) == ["screen 1280x1024+0+0"])
        connection.watchMonitors()
        _ = connection.sync() // the selections processed before xrandr's requests, whatever the machine's load

        #expect(try Self.xrandr(["--setmonitor", "left", "640/170x1024/271+0+0", "screen"], on: xvfb.display) == 0)
        #expect(try Self.xrandr(["--setmonitor", "*right", "640/170x1024/271+640+0", "none"], on: xvfb.display) == 0)
        let changes = Self.monitorChanges(on: connection)
        // SetMonitor makes no RandR event: only the root window's ConfigureNotify, one per request.
        #expect(!changes.isEmpty && changes.allSatisfy { if case .configure = $0 { true } else { false } }, "\(changes)")
        // The primary one first, as the server lists it.
        #expect(connection.monitors() == [Monitor(name: "right", x: 640, y: 0, width: 640, height: 1024, isPrimary: true),
                                          Monitor(name: "left", x: 0, y: 0, width: 640, height: 1024)])

        #expect(try Self.xrandr(["--delmonitor", "right"], on: xvfb.display) == 0)
        #expect(!Self.monitorChanges(on: connection).isEmpty)
        #expect(connection.monitors().map(\.description) == ["left 640x1024+0+0"])
    }

    @Test func anOutputTurnedOffAndOnIsAScreenChange() throws {
        let xvfb = try XvfbServer(width: 1280, height: 1024)
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        connection.watchMonitors()
        _ = connection.sync()
        try Self.xrandr(["--output", "screen", "--off"], on: xvfb.display)
        let off = Self.monitorChanges(on: connection)
        #expect(off.contains(.screenChange), "\(off)")
        // No active monitor left: the whole screen stands for one.
        #expect(connection.monitors().map(\.description) == ["screen 1280x1024+0+0"])
        #expect(try Self.xrandr(["--output", "screen", "--auto"], on: xvfb.display) == 0)
        let on = Self.monitorChanges(on: connection)
        #expect(on.contains(.screenChange), "\(on)")
        #expect(connection.screenSize == (1280, 1024), "Xlib's size followed the change (XRRUpdateConfiguration)")
    }
}
