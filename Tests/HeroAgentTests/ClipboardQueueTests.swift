import Testing
import X11Bridge
@testable import HeroAgent

private let clipboard = WatchedSelection(atom: 1, name: "clipboard", isPrimary: false)
private let primary = WatchedSelection(atom: 2, name: "primary", isPrimary: true)

private func change(_ selection: WatchedSelection, _ owner: UInt, time: UInt = 0) -> SelectionChange {
    SelectionChange(selection: selection, owner: owner, time: time)
}

private let budget = 64 << 20

/// The order of clipboard reads, with no server, fetcher or worker: only the actions the agent would perform.
@Suite struct ClipboardQueueTests {
    @Test func aChangeIsReadAtOnceWhenNothingIsInFlight() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        #expect(queue.changed(change(clipboard, 0x10), backlogBytes: 0) == [.read(change(clipboard, 0x10))])
        #expect(queue.active == change(clipboard, 0x10))
        #expect(queue.pending.isEmpty)
    }

    @Test func aNewerChangeOfTheSameSelectionSupersedesTheReadAndNothingOfItIsStored() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        #expect(queue.changed(change(clipboard, 0x20), backlogBytes: 0) == [.abandon(change(clipboard, 0x10), .superseded)])
        #expect(queue.readFinished() == .discard(.superseded))
        #expect(queue.startNext(backlogBytes: 0) == [.read(change(clipboard, 0x20))])
        #expect(queue.readFinished() == .ingest)
        #expect(queue.startNext(backlogBytes: 0) == [])
    }

    @Test func onlyTheNewestChangeOfEachSelectionWaits() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(primary, 0x1), backlogBytes: 0)
        for owner: UInt in 0x10...0x14 { _ = queue.changed(change(clipboard, owner), backlogBytes: 0) }
        #expect(queue.pending == [change(clipboard, 0x14)])
        _ = queue.changed(change(primary, 0x2), backlogBytes: 0)
        _ = queue.changed(change(primary, 0x3), backlogBytes: 0)
        #expect(queue.pending == [change(clipboard, 0x14), change(primary, 0x3)])
    }

    @Test func aChangeOfTheOtherSelectionWaitsItsTurnAndCLIPBOARDGoesBeforePRIMARY() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        // PRIMARY first, CLIPBOARD after it: while a read is in flight neither abandons it.
        #expect(queue.changed(change(primary, 0x30), backlogBytes: 0) == [])
        #expect(queue.changed(change(clipboard, 0x11), backlogBytes: 0) == [.abandon(change(clipboard, 0x10), .superseded)])
        #expect(queue.readFinished() == .discard(.superseded))
        #expect(queue.startNext(backlogBytes: 0) == [.read(change(clipboard, 0x11))])
        #expect(queue.readFinished() == .ingest)
        #expect(queue.startNext(backlogBytes: 0) == [.read(change(primary, 0x30))])
    }

    @Test func aPRIMARYReadInFlightIsNotAbandonedForACLIPBOARDChange() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(primary, 0x30), backlogBytes: 0)
        #expect(queue.changed(change(clipboard, 0x10), backlogBytes: 0) == [])
        #expect(queue.readFinished() == .ingest)
        #expect(queue.startNext(backlogBytes: 0) == [.read(change(clipboard, 0x10))])
    }

    @Test func anOwnerGoneMidReadKeepsWhatArrivedWhole() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        #expect(queue.ownerGone(clipboard) == [.abandon(change(clipboard, 0x10), .ownerGone)])
        #expect(queue.readFinished() == .ingest)
    }

    @Test func anOwnerGoneDropsItsWaitingChangeAndLeavesTheOtherSelectionAlone() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        _ = queue.changed(change(primary, 0x30), backlogBytes: 0)
        #expect(queue.ownerGone(primary) == [])
        #expect(queue.pending.isEmpty)
        #expect(queue.active == change(clipboard, 0x10))
    }

    @Test func theFirstReasonForAnAbandonmentWins() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        _ = queue.ownerGone(clipboard)
        #expect(queue.changed(change(clipboard, 0x11), backlogBytes: 0) == [.abandon(change(clipboard, 0x10), .superseded)])
        #expect(queue.readFinished() == .ingest)
    }

    @Test func stopAbandonsTheReadAndForgetsEveryWaitingChange() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        #expect(queue.stop() == [])
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        _ = queue.changed(change(primary, 0x30), backlogBytes: 0)
        #expect(queue.stop() == [.abandon(change(clipboard, 0x10), .shutdown)])
        #expect(queue.readFinished() == .discard(.shutdown))
        #expect(queue.startNext(backlogBytes: 0) == [])
    }

    @Test func aReadWaitsWhileTheWorkerHoldsATransfersBudgetAndNewerChangesReplaceTheWaitingOne() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: 100)
        #expect(queue.changed(change(clipboard, 0x10), backlogBytes: 100) == [.waitForWorker(backlogBytes: 100)])
        #expect(queue.active == nil)
        #expect(queue.changed(change(clipboard, 0x11), backlogBytes: 150) == [.waitForWorker(backlogBytes: 150)])
        #expect(queue.pending == [change(clipboard, 0x11)])
        // The worker drained below the budget.
        #expect(queue.startNext(backlogBytes: 99) == [.read(change(clipboard, 0x11))])
    }

    @Test func theReasonNamesTheSelection() {
        #expect(ReadAbandonment.superseded.reason(primary.name) == "a newer primary change")
        #expect(ReadAbandonment.ownerGone.reason(primary.name) == "the owner went away")
        #expect(ReadAbandonment.shutdown.reason(clipboard.name) == "shutting down")
    }

    @Test func pausingAbandonsTheReadInFlightUnstoredAndForgetsWhatWaits() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.changed(change(clipboard, 0x10), backlogBytes: 0)
        _ = queue.changed(change(primary, 0x20), backlogBytes: 0)
        #expect(queue.pause() == [.abandon(change(clipboard, 0x10), .paused)])
        #expect(queue.pending.isEmpty)
        #expect(queue.readFinished() == .discard(.paused))
        #expect(queue.startNext(backlogBytes: 0) == [])
    }

    @Test func aChangeWhilePausedIsForgottenAndNotReadAtResume() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        _ = queue.pause()
        #expect(queue.changed(change(clipboard, 0x10), backlogBytes: 0) == [])
        #expect(queue.changed(change(primary, 0x11), backlogBytes: 0) == [])
        #expect(queue.active == nil && queue.pending.isEmpty)
        queue.resume()
        #expect(queue.startNext(backlogBytes: 0) == [])
        #expect(queue.changed(change(clipboard, 0x12), backlogBytes: 0) == [.read(change(clipboard, 0x12))])
    }

    @Test func pausingWithNothingInFlightAbandonsNothing() {
        var queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: budget)
        #expect(queue.pause() == [])
        #expect(ReadAbandonment.paused.reason(clipboard.name) == "the clipboard was paused")
    }
}
