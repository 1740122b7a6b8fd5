import Glibc
import Testing
import TestSupport
import X11Bridge

/// Watching descriptors for other events than POLLIN, and unwatching them from inside a handler, on a private Xvfb.
@Suite struct EventLoopWatchTests {
    /// Two pipes readable in the same turn: the first handler unwatches the second, which is then not called.
    @Test func aHandlerUnwatchedEarlierInTheTurnIsNotCalled() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let loop = EventLoop(connection: try XConnection.open(displayName: xvfb.display, environment: [:]))
        var first: [Int32] = [-1, -1]
        var second: [Int32] = [-1, -1]
        _ = pipe(&first)
        _ = pipe(&second)
        defer { for fd in first + second { close(fd) } }
        var byte: UInt8 = 1
        _ = write(first[1], &byte, 1)
        _ = write(second[1], &byte, 1)
        var calls: [String] = []
        loop.watch(fd: first[0], events: Int16(POLLIN)) { _ in
            calls.append("first")
            loop.unwatch(fd: first[0])
            loop.unwatch(fd: second[0])
        }
        loop.watch(fd: second[0], events: Int16(POLLIN)) { _ in calls.append("second") }
        // Another turn after the unwatching one: nothing is called again although both pipes are still readable.
        _ = loop.schedule(after: 0.05) { loop.stop(status: 0) }
        _ = loop.run { _ in }
        #expect(calls == ["first"])
    }

    /// POLLOUT is watched, and the handler gets revents: a pipe whose reader is gone reports POLLERR.
    @Test func theHandlerGetsReventsForTheEventsAsked() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let loop = EventLoop(connection: try XConnection.open(displayName: xvfb.display, environment: [:]))
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        close(ends[0])
        defer { close(ends[1]) }
        var revents: Int16 = 0
        loop.watch(fd: ends[1], events: Int16(POLLOUT)) { events in
            revents = events
            loop.unwatch(fd: ends[1])
            loop.stop(status: 0)
        }
        #expect(loop.run { _ in } == .stopped(0))
        #expect(revents & Int16(POLLERR) != 0)
    }
}
