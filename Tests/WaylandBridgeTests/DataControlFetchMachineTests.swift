import Foundation
import Glibc
import Testing
@testable import WaylandBridge

private typealias Action = DataControlFetchMachine.Action
private typealias Request = DataControlReader.Request

private let second: UInt64 = 1_000_000_000

private func machine(maxBytes: Int = 1 << 20, timeout: Double = 5) -> DataControlFetchMachine {
    DataControlFetchMachine(limits: .init(maxBytes: maxBytes, timeout: timeout))
}

/// Feeds `count` bytes of `byte` in pieces the machine allows, as a reader would; the actions of the last piece.
@discardableResult
private func feed(_ machine: inout DataControlFetchMachine, _ count: Int, byte: UInt8 = 0x41, now: UInt64 = 0) -> [Action] {
    var left = count
    var actions: [Action] = []
    let piece = [UInt8](repeating: byte, count: DataControlFetchMachine.pieceBytes)
    while left > 0, machine.readAllowance > 0 {
        let size = min(left, machine.readAllowance)
        actions = piece.withUnsafeBytes { machine.arrived(UnsafeRawBufferPointer(rebasing: $0[..<size]), now: now) }
        left -= size
        if !actions.isEmpty { break }
    }
    return actions
}

private func results(_ actions: [Action]) -> [DataControlReader.Fetched]? {
    for case let .complete(fetched) in actions { return fetched }
    return nil
}

@Suite struct DataControlFetchMachineTests {
    @Test func noRequestsCompleteAtOnce() {
        var reader = machine()
        #expect(reader.fetch([], now: 0) == [.complete([])])
        #expect(!reader.isBusy)
    }

    @Test func oneTypeIsReadUntilEndOfFile() {
        var reader = machine()
        #expect(reader.fetch([Request("text/plain")], now: 0) == [.receive(mimeType: "text/plain"), .armDeadline(seconds: 5)])
        #expect(feed(&reader, 11, now: second) == [])
        let done = reader.endOfFile(now: 2 * second)
        #expect(done.prefix(2) == [.closePipe, .cancelDeadline])
        let fetched = results(done)
        #expect(fetched?.count == 1)
        #expect(fetched?.first?.result == .success(Data(repeating: 0x41, count: 11)))
        #expect(fetched?.first?.seconds == 2)
        #expect(!reader.isBusy)
    }

    @Test func endOfFileWithNoBytesIsEmptyData() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain")], now: 0)
        #expect(results(reader.endOfFile(now: 0))?.first?.result == .success(Data()))
    }

    @Test func typesAreAskedOneAfterAnother() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        feed(&reader, 3)
        #expect(reader.endOfFile(now: 0) == [.closePipe, .receive(mimeType: "text/html"), .armDeadline(seconds: 5)])
        #expect(reader.mimeTypeInFlight == "text/html")
        feed(&reader, 4, byte: 0x42)
        let fetched = results(reader.endOfFile(now: 0))
        #expect(fetched?.map(\.mimeType) == ["text/plain", "text/html"])
        #expect(fetched?.last?.result == .success(Data([0x42, 0x42, 0x42, 0x42])))
    }

    @Test func aTypeOverItsCapFailsAndTheNextIsAsked() {
        var reader = machine()
        _ = reader.fetch([Request("image/png", maxBytes: 100_000), Request("text/plain")], now: 0)
        #expect(reader.readAllowance == DataControlFetchMachine.pieceBytes)
        feed(&reader, 100_000)
        // One byte more than the cap is what the next read may take: that is how too much is caught.
        #expect(reader.readAllowance == 1)
        let actions = feed(&reader, 1)
        #expect(actions == [.closePipe, .receive(mimeType: "text/plain"), .armDeadline(seconds: 5)])
        let fetched = results(reader.endOfFile(now: 0))
        #expect(fetched?.first?.result == .failure(.tooLarge(bytes: 100_001, limit: 100_000)))
        #expect(fetched?.first?.result.failureDescription == "sent more than 97.7 KiB (97.7 KiB so far); transfer abandoned")
    }

    @Test func exactlyTheCapIsAccepted() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain", maxBytes: 70_000)], now: 0)
        #expect(feed(&reader, 70_000) == [])
        #expect(results(reader.endOfFile(now: 0))?.first?.result == .success(Data(repeating: 0x41, count: 70_000)))
    }

    @Test func theFetchBudgetIsSharedByItsTypes() {
        var reader = machine(maxBytes: 1000)
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        feed(&reader, 600)
        _ = reader.endOfFile(now: 0)
        #expect(reader.readAllowance == 401)
        let fetched = results(feed(&reader, 401)) ?? []
        #expect(fetched.last?.result == .failure(.tooLarge(bytes: 401, limit: 400)))
    }

    /// The bytes go into one reservation of the type's cap (address space: a page takes memory once written), made
    /// when the first byte comes, so they are never copied to a larger buffer however many arrive.
    @Test func theBytesAreKeptInOneReservationOfTheCapMadeWhenTheFirstByteComes() {
        var reader = machine(maxBytes: 1 << 32)
        _ = reader.fetch([Request("image/png")], now: 0)
        #expect(reader.received.capacity == 0, "nothing reserved before a byte came")
        feed(&reader, 10)
        #expect(reader.received.count == 10)
        #expect(reader.received.capacity == 1 << 32)
        feed(&reader, 1 << 20)
        #expect(reader.received.count == 10 + (1 << 20))
        #expect(reader.received.capacity == 1 << 32)
    }

    /// Found by the `wayland-fetch` fuzz harness: with no cap (a request's default `maxBytes`, within a budget of
    /// `Int.max`, which a `max-bytes` of 9223372036854775807 gives) the allowance's "one more than the cap leaves"
    /// overflowed, and the agent trapped on the first type it read. Now the allowance is a piece, and such a cap
    /// is refused as X11's INCR reads refuse it: its reservation cannot be had, one failure per type, no trap.
    @Test func aTypeWithNoCapWithinABudgetOfIntMaxIsRefusedWithoutATrap() {
        var reader = machine(maxBytes: .max)
        _ = reader.fetch([Request("text/plain"), Request("text/html", maxBytes: .max - 1)], now: 0)
        #expect(reader.readAllowance == DataControlFetchMachine.pieceBytes)
        _ = feed(&reader, 10)
        #expect(reader.readAllowance == DataControlFetchMachine.pieceBytes)
        let fetched = results(feed(&reader, 10)) ?? []
        #expect(fetched.map(\.result) == [.failure(.noMemory(bytes: .max)), .failure(.noMemory(bytes: .max - 1))])
    }

    @Test func theReservationIsTheTypesCapNotTheFetchBudget() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain", maxBytes: 100_000)], now: 0)
        feed(&reader, 100_000)
        #expect(reader.received.capacity == 100_000)
    }

    @Test func silenceForTheTimeoutFailsTheFetch() {
        var reader = machine(timeout: 5)
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        let actions = reader.deadlinePassed(now: 5 * second)
        let fetched = results(actions)
        // A source silent for one type is silent for the rest: the next is not asked.
        #expect(fetched == [.init(mimeType: "text/plain", result: .failure(.timedOut(seconds: 5)), seconds: 5)])
        #expect(actions.prefix(2) == [.closePipe, .cancelDeadline])
        #expect(DataControlReadFailure.timedOut(seconds: 5).description == "sent nothing for 5 s; transfer abandoned")
    }

    @Test func eachPieceRestartsTheSilence() {
        var reader = machine(timeout: 5)
        _ = reader.fetch([Request("text/plain")], now: 0)
        feed(&reader, 10, now: 3 * second)
        // The timer armed at 0 fires at 5 s; the source spoke at 3 s, so it waits 3 s more.
        #expect(reader.deadlinePassed(now: 5 * second) == [.armDeadline(seconds: 3)])
        feed(&reader, 10, now: 7 * second)
        #expect(reader.deadlinePassed(now: 8 * second) == [.armDeadline(seconds: 4)])
        #expect(results(reader.deadlinePassed(now: 12 * second))?.first?.result == .failure(.timedOut(seconds: 5)))
    }

    @Test func cancelAbandonsTheTypeInFlightAndCompletesOnce() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        feed(&reader, 10)
        let actions = reader.cancel(reason: "a newer selection", now: 0)
        #expect(results(actions) == [.init(mimeType: "text/plain", result: .failure(.abandoned("a newer selection")))])
        #expect(reader.cancel(reason: "again", now: 0) == [])
        #expect(reader.endOfFile(now: 0) == [])
        #expect(reader.deadlinePassed(now: 100 * second) == [])
        #expect(DataControlReadFailure.abandoned("a newer selection").description == "abandoned: a newer selection")
    }

    @Test func aGoneOfferEndsTheFetch() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        #expect(results(reader.receiveFailed(errno: nil, now: 0)) == [.init(mimeType: "text/plain", result: .failure(.offerGone))])
    }

    @Test func noPipeFailsOnlyThatType() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain"), Request("text/html")], now: 0)
        #expect(reader.receiveFailed(errno: EMFILE, now: 0) == [.closePipe, .receive(mimeType: "text/html"), .armDeadline(seconds: 5)])
        #expect(DataControlReadFailure.noPipe(errno: EMFILE).description == "no pipe could be made: Too many open files; not read")
    }

    @Test func aReadErrorFailsThatType() {
        var reader = machine()
        _ = reader.fetch([Request("text/plain")], now: 0)
        #expect(results(reader.readFailed(errno: EIO, now: 0))?.first?.result == .failure(.readFailed(errno: EIO)))
    }

    @Test func eventsWithNoFetchDoNothing() {
        var reader = machine()
        #expect(reader.readAllowance == 0)
        #expect(reader.endOfFile(now: 0) == [])
        #expect(reader.deadlinePassed(now: 0) == [])
        #expect(reader.readFailed(errno: EIO, now: 0) == [])
        #expect(feed(&reader, 10) == [])
    }
}

extension Result where Failure == DataControlReadFailure {
    /// The failure's sentence; nil for a success.
    var failureDescription: String? {
        if case let .failure(failure) = self { return failure.description }
        return nil
    }
}
