import Testing
@testable import HeroAgent

/// `service install` says what the user manager lacks for the agent to see the session: DISPLAY always, and
/// WAYLAND_DISPLAY on a Wayland session (where, without it, the agent falls back to Xwayland's selections).
@Suite struct ServiceEnvironmentTests {
    @Test func anX11SessionNeedsOnlyDisplay() {
        #expect(Service.missingFromManager("HOME=/home/a\nDISPLAY=:0\n", session: ["DISPLAY": ":0"]) == [])
        #expect(Service.missingFromManager("HOME=/home/a\n", session: ["DISPLAY": ":0"]) == ["DISPLAY"])
    }

    @Test func aWaylandSessionNeedsWaylandDisplayToo() {
        let session = ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1"]
        #expect(Service.missingFromManager("DISPLAY=:0\n", session: session) == ["WAYLAND_DISPLAY"])
        #expect(Service.missingFromManager("PATH=/usr/bin\n", session: session) == ["DISPLAY", "WAYLAND_DISPLAY"])
        #expect(Service.missingFromManager("DISPLAY=:0\nWAYLAND_DISPLAY=wayland-1\n", session: session) == [])
        // Run from a terminal without it (ssh), the session type still says Wayland.
        #expect(Service.missingFromManager("DISPLAY=:0\n", session: ["XDG_SESSION_TYPE": "wayland"]) == ["WAYLAND_DISPLAY"])
    }

    @Test func anEmptyValueIsNoValue() {
        #expect(Service.missingFromManager("DISPLAY=\n", session: ["DISPLAY": ":0"]) == ["DISPLAY"])
    }
}
