import CX11
import Testing
import TestSupport
import X11Bridge

/// `serverTime(window:)` on a private Xvfb: it must work on a window that does not select PropertyChangeMask
/// (before, it waited forever there) and keep the mask the window already had.
@Suite struct ServerTimeTests {
    @Test func worksOnAWindowWithoutPropertyChangeMaskAndKeepsItsOtherEvents() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection(displayName: xvfb.display, environment: [:])
        let window = XCreateSimpleWindow(connection.display, connection.root, 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(connection.display, window, Int(ButtonPressMask | StructureNotifyMask))
        let first = connection.serverTime(window: window)
        let second = connection.serverTime(window: window)
        #expect(first > 0 && second >= first)
        let mask = try #require(connection.eventMask(of: window))
        #expect(mask & Int(ButtonPressMask | StructureNotifyMask) == Int(ButtonPressMask | StructureNotifyMask))
        #expect(mask & Int(PropertyChangeMask) != 0)
    }
}
