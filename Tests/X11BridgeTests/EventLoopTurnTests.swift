import CX11
import FoundationEssentials
import Glibc
import Testing
import TestSupport
@testable import X11Bridge

/// A turn of the event loop gives the deadlines and other descriptors their go once it has drained 64 events or
/// run `EventLoop.turnBudgetNanoseconds`, whichever comes first, on a private Xvfb.
@Suite struct EventLoopTurnTests {
    /// 200 events queued at once, each taking at least a millisecond to handle, and a deadline already due: it
    /// fires once the turn's budget is spent, long before the 64-event cap. Counted in events, not timed: a
    /// loaded machine only makes each event slower, so the budget comes sooner.
    @Test func aTurnOfSlowEventsGivesWayToADueDeadlineWithinItsBudget() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let loop = EventLoop(connection: connection)
        let window = connection.createHelperWindow()
        let type = connection.atom("HEROBRIDGE_TEST_TICK")
        for i in 0..<200 { connection.sendClientMessage(to: window, type: type, data: [i]) }
        _ = connection.sync()
        var handled = 0
        var handledWhenDue: Int?
        _ = loop.schedule(after: 0) {
            handledWhenDue = handled
            loop.stop(status: 0)
        }
        let budgetEvents = Int(EventLoop.turnBudgetNanoseconds / 1_000_000) // at 1 ms or more per event
        _ = loop.run { event in
            guard event.raw.type == ClientMessage else { return }
            handled += 1
            // A handler that works for 1 ms: a spin on the loop's clock, so each event costs at least that much.
            let done = EventLoop.now() + 1_000_000
            while EventLoop.now() < done {}
        }
        let due = try #require(handledWhenDue)
        #expect(due >= 1 && due <= budgetEvents + 1, "the deadline waited for \(due) events")
    }
}
