import Glibc
import Testing
@testable import WaylandBridge

private typealias Action = DataControlSends.Action

private let second: UInt64 = 1_000_000_000
private let text = [UInt8]("Spider-Man".utf8)
private let png = [UInt8](repeating: 0x89, count: 3 << 20)

private func sends(stallTimeout: Double = 5, maxSends: Int = 16) -> DataControlSends {
    DataControlSends(contents: ["text/plain": text, "image/png": png, "empty/x": []],
                     limits: .init(stallTimeout: stallTimeout, maxSends: maxSends))
}

@Suite struct DataControlSendsTests {
    @Test func aKnownTypeIsWatchedAndWrittenWhole() {
        var machine = sends()
        #expect(machine.requested("text/plain", fd: 7, now: 0) == [.watch(fd: 7), .armDeadline(seconds: 5)])
        let piece = machine.nextPiece(fd: 7)
        #expect(piece?.range == 0..<text.count)
        #expect(machine.wrote(fd: 7, count: text.count, now: 0) == [.close(fd: 7, failure: nil), .cancelDeadline])
        #expect(machine.count == 0)
    }

    @Test func anUnknownTypeIsClosedAtOnce() {
        var machine = sends()
        #expect(machine.requested("text/html", fd: 7, now: 0)
                == [.close(fd: 7, failure: "asked for text/html, which is not offered; refused")])
        #expect(machine.count == 0)
    }

    @Test func anEmptyTypeIsDoneAtTheFirstWrite() {
        var machine = sends()
        _ = machine.requested("empty/x", fd: 7, now: 0)
        #expect(machine.nextPiece(fd: 7)?.range == 0..<0)
        #expect(machine.wrote(fd: 7, count: 0, now: 0) == [.close(fd: 7, failure: nil), .cancelDeadline])
    }

    @Test func aWakeUpWritesAtMostOneMebibyte() {
        var machine = sends()
        _ = machine.requested("image/png", fd: 7, now: 0)
        #expect(machine.nextPiece(fd: 7)?.range == 0..<(1 << 20))
        #expect(machine.wrote(fd: 7, count: 1 << 20, now: 0) == [])
        #expect(machine.nextPiece(fd: 7)?.range == (1 << 20)..<(2 << 20))
        // A short write (the pipe filled) resumes where it stopped.
        #expect(machine.wrote(fd: 7, count: 4096, now: 0) == [])
        #expect(machine.nextPiece(fd: 7)?.range == ((1 << 20) + 4096)..<((2 << 20) + 4096))
    }

    @Test func concurrentSendsKeepTheirOwnProgress() {
        var machine = sends()
        #expect(machine.requested("image/png", fd: 7, now: 0) == [.watch(fd: 7), .armDeadline(seconds: 5)])
        #expect(machine.requested("text/plain", fd: 8, now: 0) == [.watch(fd: 8)])
        _ = machine.wrote(fd: 7, count: 100, now: 0)
        #expect(machine.wrote(fd: 8, count: text.count, now: 0) == [.close(fd: 8, failure: nil)])
        #expect(machine.nextPiece(fd: 7)?.range.lowerBound == 100)
        #expect(machine.count == 1)
    }

    @Test func aReaderThatClosesItsEndEndsItsSendOnly() {
        var machine = sends()
        _ = machine.requested("image/png", fd: 7, now: 0)
        _ = machine.requested("text/plain", fd: 8, now: 0)
        _ = machine.wrote(fd: 7, count: 65536, now: 0)
        #expect(machine.writeFailed(fd: 7, errno: EPIPE, reason: "closed its end")
                == [.close(fd: 7, failure: "the reader of image/png closed its end after 65536 of 3145728 bytes")])
        #expect(machine.count == 1)
    }

    @Test func aReaderThatTakesNothingIsDropped() {
        var machine = sends(stallTimeout: 5)
        _ = machine.requested("image/png", fd: 7, now: 0)
        _ = machine.requested("image/png", fd: 8, now: 2 * second)
        _ = machine.wrote(fd: 8, count: 10, now: 4 * second)
        #expect(machine.deadlinePassed(now: 5 * second) == [
            .close(fd: 7, failure: "the reader of image/png took nothing for 5 s after 0 of 3145728 bytes; dropped"),
            .armDeadline(seconds: 4),
        ])
        #expect(machine.deadlinePassed(now: 9 * second).first == .close(fd: 8, failure:
            "the reader of image/png took nothing for 5 s after 10 of 3145728 bytes; dropped"))
        #expect(machine.count == 0)
    }

    @Test func readersBeyondTheLimitAreRefused() {
        var machine = sends(maxSends: 2)
        _ = machine.requested("text/plain", fd: 7, now: 0)
        _ = machine.requested("text/plain", fd: 8, now: 0)
        #expect(machine.requested("text/plain", fd: 9, now: 0)
                == [.close(fd: 9, failure: "asked for text/plain while 2 sends were under way; refused")])
    }

    @Test func cancelAllEndsEverySend() {
        var machine = sends()
        _ = machine.requested("text/plain", fd: 7, now: 0)
        _ = machine.requested("image/png", fd: 8, now: 0)
        #expect(machine.cancelAll(reason: "shutdown") == [
            .close(fd: 7, failure: "the send of text/plain was abandoned: shutdown"),
            .close(fd: 8, failure: "the send of image/png was abandoned: shutdown"),
            .cancelDeadline,
        ])
    }
}
