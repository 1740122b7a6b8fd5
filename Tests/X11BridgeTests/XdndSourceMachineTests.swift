import Testing
@testable import X11Bridge

/// Pure tests of the XDND v5 drag source (docs/X11.md §9). No X server: pointer, Status, Finished,
/// release, Escape and timers go in; messages, cursor feedback, timers and the outcome come out.

private typealias Machine = XdndSourceMachine
private typealias Action = XdndSourceMachine.Action
private typealias Target = XdndSourceMachine.Target

private let gedit = Target(window: 0x1a0_0003, version: 5)
private let oldApp = Target(window: 0x2c0_0001, version: 3)
private let proxied = Target(window: 0x3e0_0010, proxy: 0x3e0_0001, version: 4)

private func positions(_ actions: [Action]) -> [(target: Target, x: Int, y: Int, time: UInt)] {
    actions.compactMap { if case let .position(t, x, y, time) = $0 { (t, x, y, time) } else { nil } }
}

private func finishes(_ actions: [Action]) -> [Machine.Outcome] {
    actions.compactMap { if case let .finish(outcome) = $0 { outcome } else { nil } }
}

private func feedbacks(_ actions: [Action]) -> [Machine.Feedback] {
    actions.compactMap { if case let .feedback(f) = $0 { f } else { nil } }
}

private func messages(_ actions: [Action]) -> [Action] {
    actions.filter {
        switch $0 {
        case .enter, .position, .leave, .drop: true
        default: false
        }
    }
}

/// A machine over `target`, its first Position answered with `accept`.
private func over(_ target: Target = gedit, accept: Bool = true) -> Machine {
    var machine = Machine()
    _ = machine.motion(x: 10, y: 20, time: 100, over: target)
    _ = machine.status(from: target.window, accept: accept)
    return machine
}

@Suite("XDND v5 drag source (XdndSourceMachine)")
struct XdndSourceMachineTests {
    // MARK: - Entering targets

    @Test func theFirstMotionOverATargetSendsEnterThenOnePositionAndShowsRefusedUntilAStatus() {
        var machine = Machine()
        let actions = machine.motion(x: 300, y: 200, time: 55, over: gedit)
        #expect(messages(actions) == [.enter(gedit), .position(gedit, x: 300, y: 200, time: 55)])
        #expect(actions.contains(.arm(.repeatPosition, seconds: 0.35)))
        #expect(feedbacks(actions) == [.refused])
    }

    @Test func motionOverNothingSendsNothingAndShowsNoTarget() {
        var machine = Machine()
        let actions = machine.motion(x: 1, y: 1, time: 1, over: nil)
        #expect(messages(actions).isEmpty)
        #expect(feedbacks(actions) == [.noTarget])
        // The same feedback is not repeated on every motion.
        #expect(feedbacks(machine.motion(x: 2, y: 2, time: 2, over: nil)).isEmpty)
    }

    @Test func movingToAnotherTargetLeavesTheOldOneBeforeEnteringTheNew() {
        var machine = over(gedit)
        let actions = machine.motion(x: 500, y: 10, time: 200, over: oldApp)
        #expect(messages(actions) == [.leave(gedit), .enter(oldApp), .position(oldApp, x: 500, y: 10, time: 200)])
        #expect(feedbacks(actions) == [.refused], "acceptance belongs to the old target")
    }

    @Test func leavingEveryTargetSendsLeaveAndStopsRepeating() {
        var machine = over(gedit)
        let actions = machine.motion(x: 0, y: 0, time: 300, over: nil)
        #expect(messages(actions) == [.leave(gedit)])
        #expect(actions.contains(.disarm(.repeatPosition)))
        #expect(feedbacks(actions) == [.noTarget])
        #expect(machine.timerFired(.repeatPosition).isEmpty)
    }

    @Test func aProxiedTargetKeepsItsProxyInEveryMessage() {
        var machine = Machine()
        let actions = machine.motion(x: 5, y: 5, time: 9, over: proxied)
        #expect(messages(actions) == [.enter(proxied), .position(proxied, x: 5, y: 5, time: 9)])
        #expect(proxied.proxy == 0x3e0_0001 && proxied.window == 0x3e0_0010)
        // Its Status names the real window, not the proxy.
        #expect(machine.status(from: proxied.proxy, accept: true).isEmpty)
        #expect(feedbacks(machine.status(from: proxied.window, accept: true)) == [.accepted])
    }

    // MARK: - One outstanding Position

    @Test func motionsWhileAStatusIsOutstandingSendNothingAndTheNewestPointGoesWhenItArrives() {
        var machine = Machine()
        _ = machine.motion(x: 10, y: 10, time: 1, over: gedit)
        for i in 1...20 {
            #expect(positions(machine.motion(x: 10 + i, y: 10 + 2 * i, time: UInt(1 + i), over: gedit)).isEmpty, "motion \(i)")
        }
        let actions = machine.status(from: gedit.window, accept: true)
        #expect(positions(actions).count == 1)
        #expect(positions(actions).first?.x == 30 && positions(actions).first?.y == 50 && positions(actions).first?.time == 21)
        #expect(feedbacks(actions) == [.accepted])
        // And again only one outstanding: the next motion waits for that Position's Status.
        #expect(positions(machine.motion(x: 99, y: 99, time: 30, over: gedit)).isEmpty)
    }

    @Test func aStatusWithNoMotionSinceSendsNoPosition() {
        var machine = Machine()
        _ = machine.motion(x: 10, y: 10, time: 1, over: gedit)
        #expect(positions(machine.status(from: gedit.window, accept: false)).isEmpty)
    }

    @Test func statusFromAnotherWindowOrAnUnaskedStatusIsIgnored() {
        var machine = Machine()
        _ = machine.motion(x: 10, y: 10, time: 1, over: gedit)
        let before = machine
        #expect(machine.status(from: oldApp.window, accept: true).isEmpty)
        #expect(machine == before)
        _ = machine.status(from: gedit.window, accept: false)
        // A second Status for the same Position changes nothing: the target's answer stands.
        #expect(machine.status(from: gedit.window, accept: true).isEmpty)
        #expect(finishes(machine.release(time: 5)) == [.notDropped])
    }

    @Test func theCursorFollowsTheTargetsAnswers() {
        var machine = Machine()
        #expect(feedbacks(machine.motion(x: 1, y: 1, time: 1, over: gedit)) == [.refused])
        #expect(feedbacks(machine.status(from: gedit.window, accept: true)) == [.accepted])
        _ = machine.motion(x: 2, y: 2, time: 2, over: gedit)
        #expect(feedbacks(machine.status(from: gedit.window, accept: false)) == [.refused])
        _ = machine.motion(x: 3, y: 3, time: 3, over: gedit)
        #expect(feedbacks(machine.status(from: gedit.window, accept: false)).isEmpty, "unchanged: not re-sent")
    }

    // MARK: - Resting pointer

    @Test func theRepeatTimerResendsThePositionWhileThePointerRests() {
        var machine = over(gedit)
        let actions = machine.timerFired(.repeatPosition)
        #expect(positions(actions).count == 1)
        #expect(positions(actions).first?.x == 10 && positions(actions).first?.y == 20)
        #expect(actions.contains(.arm(.repeatPosition, seconds: 0.35)))
        // Until that one is answered, the timer only re-arms.
        let again = machine.timerFired(.repeatPosition)
        #expect(positions(again).isEmpty)
        #expect(again == [.arm(.repeatPosition, seconds: 0.35)])
        _ = machine.status(from: gedit.window, accept: true)
        #expect(positions(machine.timerFired(.repeatPosition)).count == 1)
    }

    // MARK: - Release

    @Test func releaseAfterAnAcceptingStatusDropsWithTheReleaseTimeAndAwaitsFinished() {
        var machine = over(gedit, accept: true)
        let actions = machine.release(time: 777)
        #expect(messages(actions) == [.drop(gedit, time: 777)])
        #expect(actions.contains(.arm(.finishedWait, seconds: 10)))
        #expect(actions.contains(.disarm(.repeatPosition)))
        #expect(finishes(actions).isEmpty)
        #expect(machine.state == .dropped(gedit))
        let done = machine.finished(from: gedit.window, success: true)
        #expect(finishes(done) == [.dropped(success: true)])
        #expect(done.contains(.disarm(.finishedWait)))
        #expect(machine.isDone)
    }

    @Test func releaseAfterARefusingStatusSendsLeaveNotDrop() {
        var machine = over(gedit, accept: false)
        let actions = machine.release(time: 777)
        #expect(messages(actions) == [.leave(gedit)])
        #expect(finishes(actions) == [.notDropped])
    }

    @Test func releaseOverNothingEndsWithoutMessages() {
        var machine = Machine()
        _ = machine.motion(x: 1, y: 1, time: 1, over: nil)
        let actions = machine.release(time: 2)
        #expect(messages(actions).isEmpty)
        #expect(finishes(actions) == [.notDropped])
    }

    @Test func releaseWithAStatusOutstandingWaitsForItThenDrops() {
        var machine = over(gedit, accept: true)
        _ = machine.motion(x: 40, y: 40, time: 150, over: gedit)  // a Position is out again
        let released = machine.release(time: 160)
        #expect(messages(released).isEmpty)
        #expect(released.contains(.arm(.statusWait, seconds: 1)))
        let answered = machine.status(from: gedit.window, accept: true)
        #expect(messages(answered) == [.drop(gedit, time: 160)])
        #expect(answered.contains(.disarm(.statusWait)))
    }

    @Test func releaseWithAStatusOutstandingLeavesWhenItRefuses() {
        var machine = Machine()
        _ = machine.motion(x: 1, y: 1, time: 1, over: gedit)
        _ = machine.release(time: 2)
        let answered = machine.status(from: gedit.window, accept: false)
        #expect(messages(answered) == [.leave(gedit)])
        #expect(finishes(answered) == [.notDropped])
    }

    @Test func aStatusThatNeverComesAfterReleaseTimesOutWithLeave() {
        var machine = Machine()
        _ = machine.motion(x: 1, y: 1, time: 1, over: gedit)
        _ = machine.release(time: 2)
        #expect(machine.timerFired(.finishedWait).isEmpty, "a timer of another kind does nothing")
        let actions = machine.timerFired(.statusWait)
        #expect(messages(actions) == [.leave(gedit)])
        #expect(finishes(actions) == [.timedOut])
    }

    @Test func aFinishedThatNeverComesTimesOut() {
        var machine = over(gedit)
        _ = machine.release(time: 3)
        #expect(finishes(machine.timerFired(.finishedWait)) == [.timedOut])
        #expect(machine.finished(from: gedit.window, success: true).isEmpty, "a late Finished changes nothing")
    }

    @Test func aDropWaitingForFinishedCanBeAbandonedForANewDragButADragInProgressCannot() {
        var waiting = over(gedit)
        _ = waiting.release(time: 3)
        let actions = waiting.abandon()
        #expect(finishes(actions) == [.timedOut])
        #expect(actions.contains(.disarm(.finishedWait)))
        #expect(messages(actions).isEmpty, "after a Drop there is nothing to Leave")
        var held = over(gedit)
        #expect(held.abandon().isEmpty)
        #expect(!held.isDone)
    }

    @Test func finishedFromAnotherWindowIsIgnored() {
        var machine = over(gedit)
        _ = machine.release(time: 3)
        #expect(machine.finished(from: oldApp.window, success: true).isEmpty)
        #expect(machine.state == .dropped(gedit))
    }

    @Test func aFailedFinishedIsReportedFromVersion5AndIgnoredBelow() {
        var v5 = over(gedit)
        _ = v5.release(time: 3)
        #expect(finishes(v5.finished(from: gedit.window, success: false)) == [.dropped(success: false)])
        var v3 = over(oldApp)
        _ = v3.release(time: 3)
        #expect(finishes(v3.finished(from: oldApp.window, success: false)) == [.dropped(success: true)])
    }

    // MARK: - Escape

    @Test func escapeMidDragLeavesTheTargetAndCancels() {
        var machine = over(gedit)
        let actions = machine.escape()
        #expect(messages(actions) == [.leave(gedit)])
        #expect(finishes(actions) == [.cancelled])
        #expect(actions.contains(.disarm(.repeatPosition)))
        // Nothing after the end: no Drop on the later release, no Position on motion.
        #expect(machine.release(time: 9).isEmpty)
        #expect(machine.motion(x: 1, y: 1, time: 10, over: gedit).isEmpty)
    }

    @Test func escapeOverNothingCancelsWithoutMessages() {
        var machine = Machine()
        _ = machine.motion(x: 1, y: 1, time: 1, over: nil)
        let actions = machine.escape()
        #expect(messages(actions).isEmpty)
        #expect(finishes(actions) == [.cancelled])
    }

    @Test func escapeWhileWaitingForTheReleaseStatusCancels() {
        var machine = Machine()
        _ = machine.motion(x: 1, y: 1, time: 1, over: gedit)
        _ = machine.release(time: 2)
        let actions = machine.escape()
        #expect(messages(actions) == [.leave(gedit)])
        #expect(finishes(actions) == [.cancelled])
        #expect(actions.contains(.disarm(.statusWait)))
        #expect(machine.status(from: gedit.window, accept: true).isEmpty, "the late Status drops nothing")
    }

    @Test func escapeAfterTheDropIsIgnored() {
        var machine = over(gedit)
        _ = machine.release(time: 3)
        #expect(machine.escape().isEmpty)
        #expect(finishes(machine.finished(from: gedit.window, success: true)) == [.dropped(success: true)])
    }

    @Test func everyPathEndsInExactlyOneFinish() {
        // Drive a machine through many event orders; a finish must appear exactly once and nothing after it.
        let scripts: [[(inout Machine) -> [Action]]] = [
            [{ $0.motion(x: 1, y: 1, time: 1, over: gedit) }, { $0.status(from: gedit.window, accept: true) },
             { $0.release(time: 2) }, { $0.finished(from: gedit.window, success: true) }, { $0.escape() },
             { $0.timerFired(.finishedWait) }],
            [{ $0.motion(x: 1, y: 1, time: 1, over: gedit) }, { $0.release(time: 2) }, { $0.timerFired(.statusWait) },
             { $0.status(from: gedit.window, accept: true) }, { $0.release(time: 3) }],
            [{ $0.motion(x: 1, y: 1, time: 1, over: nil) }, { $0.escape() }, { $0.escape() }, { $0.release(time: 3) }],
            [{ $0.motion(x: 1, y: 1, time: 1, over: oldApp) }, { $0.motion(x: 2, y: 2, time: 2, over: gedit) },
             { $0.status(from: oldApp.window, accept: true) }, { $0.release(time: 3) }, { $0.timerFired(.statusWait) },
             { $0.timerFired(.statusWait) }],
        ]
        for (index, script) in scripts.enumerated() {
            var machine = Machine()
            var finished = 0
            for step in script {
                let actions = step(&machine)
                if finished > 0 { #expect(actions.isEmpty, "script \(index): action after the finish") }
                finished += finishes(actions).count
            }
            #expect(finished == 1, "script \(index)")
        }
    }
}
