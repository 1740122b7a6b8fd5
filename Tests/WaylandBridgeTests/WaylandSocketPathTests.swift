import Testing
@testable import WaylandBridge

/// The socket is found from the environment given, as libwayland would find it from the process's.
@Suite struct WaylandSocketPathTests {
    @Test func aNameIsRelativeToTheRuntimeDirectory() throws {
        #expect(try WaylandConnection.socketPath(environment: ["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000"])
                == "/run/user/1000/wayland-1")
    }

    @Test func noNameMeansWayland0() throws {
        #expect(try WaylandConnection.socketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"]) == "/run/user/1000/wayland-0")
    }

    @Test func anAbsoluteNameNeedsNoRuntimeDirectory() throws {
        #expect(try WaylandConnection.socketPath(environment: ["WAYLAND_DISPLAY": "/tmp/sway/wayland-5"]) == "/tmp/sway/wayland-5")
    }

    @Test func aRelativeNameWithoutRuntimeDirectoryIsAnError() {
        #expect(throws: WaylandError.noRuntimeDirectory) { try WaylandConnection.socketPath(environment: ["WAYLAND_DISPLAY": "wayland-1"]) }
    }

    @Test func aMissingSocketIsAConnectError() {
        #expect(throws: WaylandError.connectFailed(path: "/nonexistent/wayland-9", errno: 2)) {
            _ = try WaylandConnection.open(environment: ["WAYLAND_DISPLAY": "/nonexistent/wayland-9"])
        }
        #expect(WaylandError.connectFailed(path: "/nonexistent/wayland-9", errno: 2).description
                == "could not connect to the Wayland compositor at /nonexistent/wayland-9: No such file or directory")
    }

    @Test func anOverlongPathIsAnError() {
        let path = "/" + String(repeating: "x", count: 200)
        #expect(throws: WaylandError.socketPathTooLong(path)) { _ = try WaylandConnection.open(environment: ["WAYLAND_DISPLAY": path]) }
    }
}
