import CX11
import Testing
import TestSupport
@testable import X11Bridge

/// Events typed by a real connection, on a private Xvfb: a key press looked up in the server's keyboard mapping
/// (keysyms, not keycodes), and a window manager's close request recognised on a connection that interned nothing
/// but what its window asked for (the catalog window's program has no list of atoms fetched at start).
@Suite struct X11EventServerTests {
    /// keysymdef.h: `XK_a`, `XK_A`.
    static let lowerA: KeySym = 0x61, upperA: KeySym = 0x41

    /// The next event of `connection` for `window`, waiting up to 5 s for it to arrive.
    static func nextEvent(on connection: XConnection, for window: Window) -> X11Event? {
        let end = EventLoop.now() + 5_000_000_000
        while EventLoop.now() < end {
            while let event = connection.nextEvent() {
                if event.raw.xany.window == window { return event }
            }
            _ = connection.sync()
        }
        return nil
    }

    @Test func aKeyPressCarriesItsKeysymsInTheLayoutAndTheTextItTypes() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let window = connection.createWindow(x: 0, y: 0, width: 10, height: 10, background: 0, eventMask: .keyPress)
        let keycode = XKeysymToKeycode(connection.display, Self.lowerA)
        try #require(keycode != 0, "Xvfb's keymap has an a")

        for (state, keysym, text) in [(UInt32(0), Self.lowerA, "a"), (UInt32(ShiftMask), Self.upperA, "A")] {
            var key = XKeyEvent()
            key.type = KeyPress
            key.display = connection.display
            key.window = window
            key.root = connection.root
            key.keycode = UInt32(keycode)
            key.state = state
            key.same_screen = 1
            var raw = XEvent(xkey: key)
            XSendEvent(connection.display, window, 0, KeyPressMask, &raw)
            let event = try #require(Self.nextEvent(on: connection, for: window))
            guard case let .keyPress(typed) = event.kind else {
                Issue.record("\(event.kind) is no key press")
                continue
            }
            #expect(typed.keysym == keysym && typed.text == text, "state \(state)")
            #expect(typed.unmodifiedKeysym == Self.lowerA, "index 0 whatever is held")
            #expect(event.isSent)
        }
    }

    @Test func aCloseRequestIsRecognisedOnceTheWindowAskedForIt() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let windowManager = try XConnection.open(displayName: xvfb.display, environment: [:])
        let window = connection.createWindow(x: 0, y: 0, width: 10, height: 10, background: 0, eventMask: .structure)
        connection.setProtocols([connection.atom("WM_DELETE_WINDOW")], of: window)
        _ = connection.sync()

        windowManager.sendClientMessage(to: window, type: windowManager.atom("WM_PROTOCOLS"),
                                        data: [Int(windowManager.atom("WM_DELETE_WINDOW")), 0])
        windowManager.flush()
        #expect(Self.nextEvent(on: connection, for: window)?.kind == .deleteRequest(window: window))

        windowManager.sendClientMessage(to: window, type: windowManager.atom("WM_PROTOCOLS"),
                                        data: [Int(windowManager.atom("WM_TAKE_FOCUS")), 0])
        windowManager.flush()
        #expect(Self.nextEvent(on: connection, for: window)?.kind == .other)

        // A ping is one only once the window asked for _NET_WM_PING too.
        let ping = Int(windowManager.atom("_NET_WM_PING"))
        windowManager.sendClientMessage(to: window, type: windowManager.atom("WM_PROTOCOLS"), data: [ping, 77, Int(window)])
        windowManager.flush()
        #expect(Self.nextEvent(on: connection, for: window)?.kind == .other)
        connection.setProtocols(connection.atoms(named: ["WM_DELETE_WINDOW", "_NET_WM_PING"]), of: window)
        _ = connection.sync()
        windowManager.sendClientMessage(to: window, type: windowManager.atom("WM_PROTOCOLS"), data: [ping, 78, Int(window)])
        windowManager.flush()
        #expect(Self.nextEvent(on: connection, for: window)?.kind
                == .ping(WindowManagerPing(window: window, data: [UInt32(ping), 78, UInt32(window), 0, 0])))
    }
}
