import Glibc
import Testing
import WaylandBridge

/// Two pipes with a byte each, both readable in the same turn.
private func readablePipes() -> (first: [Int32], second: [Int32]) {
    var first: [Int32] = [-1, -1]
    var second: [Int32] = [-1, -1]
    _ = pipe(&first)
    _ = pipe(&second)
    var byte: UInt8 = 1
    _ = write(first[1], &byte, 1)
    _ = write(second[1], &byte, 1)
    return (first, second)
}

private func closeAll(_ fds: [Int32]...) {
    for pair in fds { for fd in pair { close(fd) } }
}

@Suite struct PollLoopTests {
    @Test func aHandlerUnwatchedByAnEarlierOneInTheSameTurnIsNotCalled() {
        let loop = PollLoop()
        let (first, second) = readablePipes()
        defer { closeAll(first, second) }
        var calls: [String] = []
        loop.watch(fd: first[0], events: Int16(POLLIN)) { [unowned loop] _ in
            calls.append("first")
            loop.unwatch(fd: second[0])
        }
        loop.watch(fd: second[0], events: Int16(POLLIN)) { _ in calls.append("second") }
        loop.turn(timeout: 1)
        #expect(calls == ["first"])
    }

    @Test func aHandlerMayUnwatchItself() {
        let loop = PollLoop()
        let (first, second) = readablePipes()
        defer { closeAll(first, second) }
        var calls = 0
        loop.watch(fd: first[0], events: Int16(POLLIN)) { [unowned loop] _ in
            calls += 1
            loop.unwatch(fd: first[0])
        }
        loop.turn(timeout: 1)
        loop.turn(timeout: 0)
        #expect(calls == 1)
        #expect(loop.isIdle)
    }

    @Test func theHandlerGetsRevents() {
        let loop = PollLoop()
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        defer { close(ends[1]) }
        close(ends[0])
        var revents: Int16 = 0
        loop.watch(fd: ends[1], events: Int16(POLLOUT)) { revents = $0 }
        loop.turn(timeout: 1)
        #expect(revents & Int16(POLLERR) != 0)
    }

    @Test func aCancelledTimerDoesNotFire() {
        let loop = PollLoop()
        var fired: [String] = []
        let cancelled = loop.startTimer(after: 0) { fired.append("cancelled") }
        _ = loop.startTimer(after: 0) { fired.append("kept") }
        cancelled.cancel()
        #expect(loop.run(until: { !fired.isEmpty }, within: 5))
        #expect(fired == ["kept"])
    }
}
