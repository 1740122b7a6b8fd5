import CX11
import Foundation
import Testing
import TestSupport
@testable import X11Bridge

/// `serverTime(window:)` on a private Xvfb: it must work on a window that does not select PropertyChangeMask
/// (before, it waited forever there) and keep the mask the window already had; and it must end, with an error,
/// when the window is gone or the server goes away (before, it waited forever inside XWindowEvent).
@Suite struct ServerTimeTests {
    @Test func worksOnAWindowWithoutPropertyChangeMaskAndKeepsItsOtherEvents() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let window = XCreateSimpleWindow(connection.display, connection.root, 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(connection.display, window, Int(ButtonPressMask | StructureNotifyMask))
        let first = try connection.serverTime(window: window)
        let second = try connection.serverTime(window: window)
        #expect(first > 0 && second >= first)
        let mask = try #require(connection.eventMask(of: window))
        #expect(mask & Int(ButtonPressMask | StructureNotifyMask) == Int(ButtonPressMask | StructureNotifyMask))
        #expect(mask & Int(PropertyChangeMask) != 0)
    }

    @Test func aWindowThatIsGoneIsAnErrorNotAWaitForever() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let outcome = returns(within: 10) { () -> Result<Time, X11Error> in
            guard let connection = try? XConnection.open(displayName: xvfb.display, environment: [:]) else { return .failure(.noDisplay) }
            let window = connection.createHelperWindow()
            connection.destroyWindow(window)
            _ = connection.sync()
            return Result { () throws(X11Error) in try connection.serverTime(window: window) }
        }
        let result = try #require(outcome, "serverTime did not return")
        guard case let .failure(.request(text)) = result else { Issue.record("\(result)"); return }
        #expect(text.hasPrefix("could not get a server timestamp on window 0x"), "\(text)")
    }

    @Test func aServerThatGoesAwayIsAnErrorNotAWaitForever() throws {
        let xvfb = try XvfbServer()
        let display = xvfb.display
        let outcome = returns(within: 10) { () -> Result<Time, X11Error> in
            guard let connection = try? XConnection.open(displayName: display, environment: [:]) else { return .failure(.noDisplay) }
            let window = connection.createHelperWindow()
            _ = connection.sync()
            xvfb.stop()
            return Result { () throws(X11Error) in try connection.serverTime(window: window) }
        }
        let result = try #require(outcome, "serverTime did not return")
        #expect(result == .failure(.connectionLost(display)), "\(result)")
    }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it: nil when it has not returned by then
/// (it is left running), so a wait that never ends fails the test instead of hanging the run.
private func returns<T>(within seconds: Double, _ body: @escaping () -> T) -> T? {
    nonisolated(unsafe) var value: T?
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let work = body
    Thread.detachNewThread {
        value = work()
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return value
}
