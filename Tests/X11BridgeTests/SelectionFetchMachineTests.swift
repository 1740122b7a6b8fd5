import Foundation
import Testing
@testable import X11Bridge

/// Fake atoms: 99 is `INCR`, 1 the selection, 10 and up the targets, 7 a data type.
private let incr: UInt = 99
private let clipboard: UInt = 1
private let dataType: UInt = 7
private let owner: UInt = 0x400001
private let time: UInt = 1234

private func target(_ name: String, _ atom: UInt, maxBytes: Int = .max) -> SelectionFetchMachine.Target {
    .init(name: name, atom: atom, maxBytes: maxBytes)
}

private let png = target("image/png", 10)
private let text = target("UTF8_STRING", 11)
private let html = target("text/html", 12)

private func bytes(_ count: Int, type: UInt = dataType) -> PropertyValue {
    PropertyValue(type: type, format: 8, bytes: Data(repeating: 0x41, count: count))
}

private func incrAnnouncement(_ size: UInt32) -> PropertyValue {
    var data = Data()
    withUnsafeBytes(of: size.littleEndian) { data.append(contentsOf: $0) }
    return PropertyValue(type: incr, format: 32, bytes: data)
}

private typealias Action = SelectionFetchMachine.Action
private typealias Fetched = SelectionReader.Fetched

private func machine(maxBytes: Int = 1 << 20, timeout: Double = 5, retries: Int = 1, ringSize: Int = 16) -> SelectionFetchMachine {
    SelectionFetchMachine(limits: .init(maxBytes: maxBytes, timeout: timeout, retries: retries), incrType: incr, ringSize: ringSize)
}

/// The conversion the machine asks for, in `slot`.
private func convert(_ slot: Int, _ target: SelectionFetchMachine.Target) -> Action {
    .convert(slot: slot, selection: clipboard, target: target.atom, time: time)
}

/// The actions that end a fetch whose last request used `slot`.
private func finish(_ slot: Int, _ results: [Fetched]) -> [Action] {
    [.cancelDeadline, .discard(slot: slot), .complete(results)]
}

/// The owner answers the request in `slot` for `target` with `value`: the machine asks to read the reply, then
/// takes what the read gave.
private func answer(_ machine: inout SelectionFetchMachine, slot: Int, _ target: SelectionFetchMachine.Target,
                    with value: PropertyValue, now: UInt64 = 0) -> [Action] {
    let read = machine.notified(slot: .ring(slot), selection: clipboard, target: target.atom, now: now)
    guard case .readReply(slot, _)? = read.first, read.count == 1 else {
        Issue.record("expected one read of slot \(slot), got \(read)")
        return []
    }
    return machine.replyRead(.value(value), now: now)
}

@Suite struct SelectionFetchMachineTests {
    @Test func noTargetsCompletesAtOnce() {
        var fetch = machine()
        #expect(fetch.fetch(selection: clipboard, targets: [], time: time, owner: owner, now: 0) == [.complete([])])
        #expect(!fetch.isBusy)
    }

    @Test func targetsAreAskedInOrderEachInTheNextSlotOfTheRing() {
        var fetch = machine()
        #expect(fetch.fetch(selection: clipboard, targets: [png, text], time: time, owner: owner, now: 0)
                == [convert(0, png), .armDeadline(seconds: 5)])
        #expect(fetch.slotInFlight == 0)
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: png.atom, now: 1)
                == [.readReply(slot: 0, maxBytes: 1 << 20)])
        #expect(fetch.replyRead(.value(bytes(100)), now: 2_000_000) == [convert(1, text), .armDeadline(seconds: 5)])
        #expect(fetch.notified(slot: .ring(1), selection: clipboard, target: text.atom, now: 3)
                == [.readReply(slot: 1, maxBytes: (1 << 20) - 100)])
        // The second target is timed from its own request, made when the first completed.
        let done = fetch.replyRead(.value(bytes(5)), now: 5_000_000)
        #expect(done == finish(1, [Fetched(target: "image/png", result: .success(bytes(100)), seconds: 0.002),
                                   Fetched(target: "UTF8_STRING", result: .success(bytes(5)), seconds: 0.003)]))
        #expect(!fetch.isBusy)
    }

    @Test func theBudgetIsSharedByTheTargetsAndCapsEachOwnLimit() {
        var fetch = machine(maxBytes: 1000)
        _ = fetch.fetch(selection: clipboard, targets: [target("a", 10, maxBytes: 600), target("b", 11, maxBytes: 900)],
                        time: time, owner: owner, now: 0)
        // The first target's own limit is below the budget.
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: 10, now: 0) == [.readReply(slot: 0, maxBytes: 600)])
        _ = fetch.replyRead(.value(bytes(550)), now: 0)
        // The second's 900 is capped by the 450 left.
        #expect(fetch.notified(slot: .ring(1), selection: clipboard, target: 11, now: 0) == [.readReply(slot: 1, maxBytes: 450)])
        let done = fetch.replyRead(.oversized(bytes: 451), now: 0)
        #expect(done == finish(1, [Fetched(target: "a", result: .success(bytes(550))),
                                   Fetched(target: "b", result: .failure(.announcedTooLarge(bytes: 451, limit: 450)))]))
    }

    @Test func aRefusalAMissingPropertyAndATooLargeReplyMoveOnToTheNextTarget() {
        var fetch = machine()
        _ = fetch.fetch(selection: clipboard, targets: [png, text, html], time: time, owner: owner, now: 0)
        #expect(fetch.notified(slot: .refusal, selection: clipboard, target: png.atom, now: 0) == [convert(1, text), .armDeadline(seconds: 5)])
        _ = fetch.notified(slot: .ring(1), selection: clipboard, target: text.atom, now: 0)
        #expect(fetch.replyRead(.missing, now: 0) == [convert(2, html), .armDeadline(seconds: 5)])
        _ = fetch.notified(slot: .ring(2), selection: clipboard, target: html.atom, now: 0)
        #expect(fetch.replyRead(.oversized(bytes: 2 << 20), now: 0)
                == finish(2, [Fetched(target: "image/png", result: .failure(.refused)),
                              Fetched(target: "UTF8_STRING", result: .failure(.propertyMissing)),
                              Fetched(target: "text/html", result: .failure(.announcedTooLarge(bytes: 2 << 20, limit: 1 << 20)))]))
    }

    @Test func aTimeoutEndsTheWholeFetchWhenTheOwnerHasChanged() {
        var fetch = machine(timeout: 2)
        _ = fetch.fetch(selection: clipboard, targets: [png, text], time: time, owner: owner, now: 0)
        #expect(fetch.deadlinePassed(now: 0) == [.askOwner(selection: clipboard)])
        // Silent for one target, silent for the rest: `text` is never asked.
        #expect(fetch.ownerAnswered(0x500000, now: 0)
                == finish(0, [Fetched(target: "image/png", result: .failure(.timedOut(step: "image/png", seconds: 2)))]))
    }

    @Test func aSilentOwnerThatStillOwnsTheSelectionIsAskedAgainInAFreshSlot() {
        var fetch = machine(timeout: 2, retries: 1)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        #expect(fetch.deadlinePassed(now: 0) == [.askOwner(selection: clipboard)])
        #expect(fetch.ownerAnswered(owner, now: 10) == [.discard(slot: 0), convert(1, png), .armDeadline(seconds: 2)])
        // The first request's late reply is not ours any more.
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: png.atom, now: 0) == [.discard(slot: 0)])
        _ = fetch.notified(slot: .ring(1), selection: clipboard, target: png.atom, now: 0)
        #expect(fetch.replyRead(.value(bytes(3)), now: 10)
                == finish(1, [Fetched(target: "image/png", result: .success(bytes(3)), retries: 1)]))
    }

    @Test func theRetriesRunOutAndThenTheTimeoutEndsTheFetch() {
        var fetch = machine(timeout: 2, retries: 1)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        _ = fetch.deadlinePassed(now: 0)
        _ = fetch.ownerAnswered(owner, now: 0)
        #expect(fetch.deadlinePassed(now: 0)
                == finish(1, [Fetched(target: "image/png", result: .failure(.timedOut(step: "image/png", seconds: 2)), retries: 1)]))
    }

    @Test func anOwnerAnswerNobodyAskedForIsIgnored() {
        // Found by the selection-fetch fuzz harness: an answer with no deadline behind it retried the request
        // beyond `limits.retries`.
        var fetch = machine(timeout: 2, retries: 0)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        #expect(fetch.ownerAnswered(owner, now: 0) == [])
        #expect(fetch.slotInFlight == 0)
        // The deadline, with no retry left, ends the fetch without asking who owns the selection.
        #expect(fetch.deadlinePassed(now: 0)
                == finish(0, [Fetched(target: "image/png", result: .failure(.timedOut(step: "image/png", seconds: 2)))]))
    }

    @Test func anOwnerIsAskedForOncePerDeadline() {
        var fetch = machine(timeout: 2, retries: 2)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        _ = fetch.deadlinePassed(now: 0)
        #expect(fetch.ownerAnswered(owner, now: 0) == [.discard(slot: 0), convert(1, png), .armDeadline(seconds: 2)])
        #expect(fetch.ownerAnswered(owner, now: 0) == [])
    }

    @Test func anUnknownOwnerIsNeverAskedAgain() {
        var fetch = machine(timeout: 2, retries: 3)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: 0, now: 0)
        #expect(fetch.deadlinePassed(now: 0)
                == finish(0, [Fetched(target: "image/png", result: .failure(.timedOut(step: "image/png", seconds: 2)))]))
    }

    @Test func anINCRTransferReadsEachChunkUnderTheRemainingBudgetAndRestartsTheTimer() {
        var fetch = machine(maxBytes: 100)
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        _ = fetch.notified(slot: .ring(0), selection: clipboard, target: png.atom, now: 0)
        #expect(fetch.replyRead(.value(incrAnnouncement(60)), now: 0) == [.armDeadline(seconds: 5)])
        // A new value in the slot is a chunk once the transfer is incremental.
        #expect(fetch.propertyChanged(slot: .ring(0)) == [.readChunk(slot: 0, maxBytes: 100)])
        #expect(fetch.chunkRead(.value(bytes(40)), now: 0) == [.armDeadline(seconds: 5)])
        #expect(fetch.propertyChanged(slot: .ring(0)) == [.readChunk(slot: 0, maxBytes: 60)])
        #expect(fetch.chunkRead(.value(bytes(20)), now: 0) == [.armDeadline(seconds: 5)])
        #expect(fetch.propertyChanged(slot: .ring(0)) == [.readChunk(slot: 0, maxBytes: 40)])
        #expect(fetch.chunkRead(.value(bytes(0)), now: 500_000_000)
                == finish(0, [Fetched(target: "image/png", result: .success(bytes(60)), seconds: 0.5)]))
    }

    @Test func aChunkBeyondTheBudgetFailsTheTargetUnreadAndTheFetchMovesOn() {
        var fetch = machine(maxBytes: 100)
        _ = fetch.fetch(selection: clipboard, targets: [png, text], time: time, owner: owner, now: 0)
        _ = answer(&fetch, slot: 0, png, with: incrAnnouncement(0))
        _ = fetch.propertyChanged(slot: .ring(0))
        _ = fetch.chunkRead(.value(bytes(90)), now: 0)
        _ = fetch.propertyChanged(slot: .ring(0))
        #expect(fetch.chunkRead(.oversized(bytes: 11), now: 0) == [convert(1, text), .armDeadline(seconds: 5)])
        // The abandoned owner's next chunk lands in slot 0: deleted unread, so that owner can finish.
        #expect(fetch.propertyChanged(slot: .ring(0)) == [.discard(slot: 0)])
        // The failed target took nothing from the budget.
        #expect(fetch.notified(slot: .ring(1), selection: clipboard, target: text.atom, now: 0) == [.readReply(slot: 1, maxBytes: 100)])
    }

    @Test func aNewValueInTheSlotBeforeTheReplyIsNotAChunk() {
        var fetch = machine()
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        // The owner writes the reply property before it sends SelectionNotify: that write is not a chunk.
        #expect(fetch.propertyChanged(slot: .ring(0)) == [])
        #expect(fetch.propertyChanged(slot: .foreign) == [])
        #expect(fetch.propertyChanged(slot: .refusal) == [])
        #expect(fetch.isBusy)
    }

    @Test func aReplyForAnotherSelectionOrTargetOrAForeignPropertyIsNotBelieved() {
        var fetch = machine()
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        #expect(fetch.notified(slot: .ring(0), selection: 2, target: png.atom, now: 0) == [])
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: text.atom, now: 0) == [])
        #expect(fetch.notified(slot: .foreign, selection: clipboard, target: png.atom, now: 0) == [])
        #expect(fetch.notified(slot: .ring(5), selection: clipboard, target: png.atom, now: 0) == [.discard(slot: 5)])
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: png.atom, now: 0) == [.readReply(slot: 0, maxBytes: 1 << 20)])
    }

    @Test func aSecondNotifyDuringINCRIsIgnored() {
        var fetch = machine()
        _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
        _ = answer(&fetch, slot: 0, png, with: incrAnnouncement(10))
        #expect(fetch.notified(slot: .ring(0), selection: clipboard, target: png.atom, now: 0) == [])
        #expect(fetch.notified(slot: .refusal, selection: clipboard, target: png.atom, now: 0) == [])
        #expect(fetch.deadlinePassed(now: 0)
                == finish(0, [Fetched(target: "image/png", result: .failure(.timedOut(step: "image/png INCR chunk 1", seconds: 5)))]))
    }

    @Test func cancelReportsTheReasonForTheTargetInFlightAndEndsTheFetch() {
        var fetch = machine()
        _ = fetch.fetch(selection: clipboard, targets: [png, text], time: time, owner: owner, now: 0)
        _ = answer(&fetch, slot: 0, png, with: bytes(4))
        #expect(fetch.cancel(reason: "a newer clipboard change")
                == finish(1, [Fetched(target: "image/png", result: .success(bytes(4))),
                              Fetched(target: "UTF8_STRING", result: .failure(.abandoned("a newer clipboard change")))]))
        #expect(fetch.cancel(reason: "again") == [])
        #expect(fetch.deadlinePassed(now: 0) == [])
        // Its late reply is deleted unread; the next fetch starts in the next slot.
        #expect(fetch.notified(slot: .ring(1), selection: clipboard, target: text.atom, now: 0) == [.discard(slot: 1)])
        #expect(fetch.fetch(selection: clipboard, targets: [text], time: time, owner: owner, now: 0)
                == [convert(2, text), .armDeadline(seconds: 5)])
    }

    @Test func theRingWrapsSoALateReplyIsMistakenOnlyAfterRingSizeRequests() {
        var fetch = machine(ringSize: 3)
        var slots: [Int] = []
        for _ in 0..<4 {
            _ = fetch.fetch(selection: clipboard, targets: [png], time: time, owner: owner, now: 0)
            slots.append(fetch.slotInFlight ?? -1)
            _ = fetch.cancel(reason: "next")
        }
        #expect(slots == [0, 1, 2, 0])
    }
}
