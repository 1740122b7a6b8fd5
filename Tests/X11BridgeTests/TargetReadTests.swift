import Foundation
import HeroTransfer
import Testing
@testable import X11Bridge
import HeroBase

/// The fake atoms of these tests: 99 is the connection's `INCR`, the others stand for data types.
private let incr: UInt = 99
private let pngType: UInt = 7
private let textType: UInt = 8

private func value(_ bytes: [UInt8], type: UInt = pngType, format: Int = 8) -> PropertyValue {
    PropertyValue(type: type, format: format, bytes: Data(bytes))
}

private func value(_ text: String, type: UInt = pngType, format: Int = 8) -> PropertyValue {
    PropertyValue(type: type, format: format, bytes: Data(text.utf8))
}

/// The INCR announcement: type INCR, format 32, one item (the size lower bound) as 4 little-endian bytes,
/// or no item at all (xclip).
private func incrAnnouncement(_ size: UInt32?) -> PropertyValue {
    var bytes = Data()
    if let size { withUnsafeBytes(of: size.littleEndian) { bytes.append(contentsOf: $0) } }
    return PropertyValue(type: incr, format: 32, bytes: bytes)
}

private func reader(_ target: String = "image/png", maxBytes: Int = 1 << 20) -> TargetRead {
    TargetRead(target: target, maxBytes: maxBytes, incrType: incr)
}

/// A read that is in the middle of an INCR transfer after `chunks` chunks.
private func incrementalRead(_ target: String = "image/png", maxBytes: Int = 1 << 20, chunks: [String]) -> TargetRead {
    var read = reader(target, maxBytes: maxBytes)
    _ = read.notified(incrAnnouncement(nil), refused: false)
    for chunk in chunks { _ = read.chunkArrived(value(chunk)) }
    return read
}

@Suite("Reading one selection target (ICCCM, INCR)")
struct TargetReadTests {
    // MARK: One-shot replies

    @Test func aNewReadAwaitsTheSelectionNotify() {
        let read = reader()
        #expect(read.state == .awaitingNotify)
        #expect(read.isActive)
        #expect(!read.isIncremental)
        #expect(read.step == "image/png")
    }

    @Test func aOneShotReplyCompletesWithItsBytes() {
        var read = reader()
        let reply = value([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 3])
        #expect(read.notified(reply, refused: false) == .complete(reply))
        #expect(read.state == .complete)
        #expect(!read.isActive)
        #expect(!read.isIncremental)
    }

    @Test func aOneShotReplyOfExactlyMaxBytesIsAccepted() {
        var read = reader(maxBytes: 4)
        let reply = value("four")
        #expect(read.notified(reply, refused: false) == .complete(reply))
    }

    @Test func aOneShotReplyOverMaxBytesFailsTooLarge() {
        var read = reader(maxBytes: 4)
        #expect(read.notified(value("fives"), refused: false) == .failed(.tooLarge(bytes: 5, limit: 4)))
        #expect(read.state == .failed(.tooLarge(bytes: 5, limit: 4)))
        #expect(!read.isActive)
    }

    @Test func aRefusalFailsRefused() {
        var read = reader()
        #expect(read.notified(nil, refused: true) == .failed(.refused))
        #expect(read.state == .failed(.refused))
        #expect(!read.isActive)
    }

    @Test func aMissingReplyPropertyFailsPropertyMissing() {
        var read = reader()
        #expect(read.notified(nil, refused: false) == .failed(.propertyMissing))
        #expect(read.state == .failed(.propertyMissing))
    }

    @Test func anEmptyOneShotReplyCompletesEmpty() {
        var read = reader()
        let reply = value([])
        #expect(read.notified(reply, refused: false) == .complete(reply))
    }

    // MARK: INCR

    @Test func anIncrReplyWaitsForChunks() {
        var read = reader()
        #expect(read.notified(incrAnnouncement(1000), refused: false) == .waiting)
        #expect(read.isActive)
        #expect(read.isIncremental)
        #expect(read.state == .awaitingChunk(received: IncomingBytes(capacity: 0)!, type: nil, format: 8, chunks: 0))
        #expect(read.incoming?.capacity == read.maxBytes) // the whole budget reserved, so no chunk moves the bytes
        #expect(read.step == "image/png INCR chunk 1")
    }

    @Test func incrChunksAppendInOrderAndAZeroLengthChunkCompletes() {
        var read = reader()
        #expect(read.notified(incrAnnouncement(11), refused: false) == .waiting)
        #expect(read.chunkArrived(value("Spi")) == .waiting)
        #expect(read.chunkArrived(value("der-")) == .waiting)
        #expect(read.chunkArrived(value("Man")) == .waiting)
        #expect(read.isIncremental)
        #expect(read.chunkArrived(value([])) == .complete(value("Spider-Man")))
        #expect(read.state == .complete)
        #expect(!read.isActive)
        #expect(!read.isIncremental)
    }

    @Test func incrResultCarriesTheTypeAndFormatOfTheFirstChunk() {
        // Some owners end the transfer with a zero-length property of another type or format.
        var read = reader()
        _ = read.notified(incrAnnouncement(nil), refused: false)
        _ = read.chunkArrived(value([1, 0, 0, 0, 2, 0, 0, 0], type: textType, format: 32))
        let outcome = read.chunkArrived(PropertyValue(type: 0, format: 8, bytes: Data()))
        #expect(outcome == .complete(value([1, 0, 0, 0, 2, 0, 0, 0], type: textType, format: 32)))
    }

    @Test func incrWithNoChunkBeforeTheEndCompletesEmpty() {
        var read = reader()
        _ = read.notified(incrAnnouncement(0), refused: false)
        #expect(read.chunkArrived(value([], type: textType)) == .complete(value([], type: textType)))
    }

    @Test func incrAnnouncingMoreThanMaxBytesFailsAtOnce() {
        var read = reader(maxBytes: 1000)
        #expect(read.notified(incrAnnouncement(1001), refused: false) == .failed(.announcedTooLarge(bytes: 1001, limit: 1000)))
        #expect(!read.isActive)
        #expect(!read.isIncremental)
    }

    @Test func incrAnnouncingExactlyMaxBytesIsAccepted() {
        var read = reader(maxBytes: 1000)
        #expect(read.notified(incrAnnouncement(1000), refused: false) == .waiting)
        #expect(read.isIncremental)
    }

    @Test func incrAnnouncedSizeIsReadLittleEndian() {
        // 0x0100_0000 little-endian is 16 MiB; read big-endian it would be 1 and pass the limit.
        var read = reader(maxBytes: 1 << 20)
        let outcome = read.notified(PropertyValue(type: incr, format: 32, bytes: Data([0, 0, 0, 1])), refused: false)
        #expect(outcome == .failed(.announcedTooLarge(bytes: 1 << 24, limit: 1 << 20)))
    }

    @Test func incrWithZeroItemsLikeXclipStillWorks() {
        var read = reader(maxBytes: 16)
        #expect(read.notified(incrAnnouncement(nil), refused: false) == .waiting)
        #expect(read.isIncremental)
        #expect(read.chunkArrived(value("xclip ")) == .waiting)
        #expect(read.chunkArrived(value("data")) == .waiting)
        #expect(read.chunkArrived(value("")) == .complete(value("xclip data")))
    }

    @Test func incrChunkTypeChangingMidTransferFailsTypeChanged() {
        var read = reader()
        _ = read.notified(incrAnnouncement(nil), refused: false)
        #expect(read.chunkArrived(value("abc", type: pngType)) == .waiting)
        #expect(read.chunkArrived(value("def", type: textType)) == .failed(.typeChanged))
        #expect(read.state == .failed(.typeChanged))
        #expect(!read.isActive)
    }

    @Test func incrGrowingPastMaxBytesFailsTooLargeWithTheByteCount() {
        var read = reader(maxBytes: 10)
        _ = read.notified(incrAnnouncement(4), refused: false)
        #expect(read.chunkArrived(value("123456")) == .waiting)
        #expect(read.chunkArrived(value("7890")) == .waiting) // exactly 10: still fine
        #expect(read.chunkArrived(value("!")) == .failed(.tooLarge(bytes: 11, limit: 10)))
        #expect(read.state == .failed(.tooLarge(bytes: 11, limit: 10)))
    }

    @Test func incrChunkPropertyVanishingFailsPropertyMissing() {
        var read = incrementalRead(chunks: ["abc"])
        #expect(read.chunkArrived(nil) == .failed(.propertyMissing))
        #expect(read.state == .failed(.propertyMissing))
    }

    @Test func aBigIncrTransferLosesAndDuplicatesNothing() throws {
        let chunkSize = 64 * 1024
        let chunkCount = 200
        var read = reader(maxBytes: chunkSize * chunkCount)
        #expect(read.notified(incrAnnouncement(UInt32(chunkSize * chunkCount)), refused: false) == .waiting)
        var expected = Data()
        expected.reserveCapacity(chunkSize * chunkCount)
        for index in 0..<chunkCount {
            // Each chunk differs: a fill byte and its index stamped at both ends.
            var chunk = Data(repeating: UInt8(index % 251), count: chunkSize)
            withUnsafeBytes(of: UInt32(index).littleEndian) { stamp in
                chunk.replaceSubrange(0..<4, with: stamp)
                chunk.replaceSubrange(chunkSize - 4..<chunkSize, with: stamp)
            }
            expected.append(chunk)
            let outcome = read.chunkArrived(PropertyValue(type: pngType, format: 8, bytes: chunk))
            try #require(outcome == .waiting, "chunk \(index + 1)")
        }
        #expect(read.step == "image/png INCR chunk \(chunkCount + 1)")
        let outcome = read.chunkArrived(value([]))
        guard case let .complete(result) = outcome else {
            Issue.record("expected completion, got \(outcome)")
            return
        }
        #expect(result.type == pngType)
        #expect(result.format == 8)
        #expect(result.bytes.count == chunkSize * chunkCount)
        #expect(result.bytes == expected)
    }

    // MARK: Timeouts

    @Test func timeoutWhileAwaitingNotifyBlamesTheTarget() {
        var read = reader("TARGETS")
        #expect(read.timedOut(after: 5) == .failed(.timedOut(step: "TARGETS", seconds: 5)))
        #expect(read.state == .failed(.timedOut(step: "TARGETS", seconds: 5)))
        #expect(!read.isActive)
    }

    @Test func timeoutWhileAwaitingChunk4NamesTheChunk() {
        var read = incrementalRead("text/html", chunks: ["one", "two", "three"])
        #expect(read.step == "text/html INCR chunk 4")
        #expect(read.timedOut(after: 0.5) == .failed(.timedOut(step: "text/html INCR chunk 4", seconds: 0.5)))
        #expect(!read.isIncremental)
    }

    @Test func timeoutBeforeTheFirstChunkNamesChunk1() {
        var read = incrementalRead(chunks: [])
        #expect(read.timedOut(after: 5) == .failed(.timedOut(step: "image/png INCR chunk 1", seconds: 5)))
    }

    // MARK: Events after the end

    @Test func eventsAfterCompletionAreIgnored() {
        var read = reader()
        _ = read.notified(value("done"), refused: false)
        let finished = read
        #expect(read.notified(value("again"), refused: false) == .waiting)
        #expect(read.notified(nil, refused: true) == .waiting)
        #expect(read.chunkArrived(value("more")) == .waiting)
        #expect(read.chunkArrived(nil) == .waiting)
        #expect(read.timedOut(after: 5) == .waiting)
        #expect(read == finished)
        #expect(read.state == .complete)
    }

    @Test func eventsAfterFailureAreIgnored() {
        var read = reader()
        _ = read.notified(nil, refused: true)
        let failed = read
        #expect(read.notified(value("late"), refused: false) == .waiting)
        #expect(read.chunkArrived(value("late")) == .waiting)
        #expect(read.timedOut(after: 5) == .waiting)
        #expect(read == failed)
        #expect(read.state == .failed(.refused))
    }

    @Test func eventsAfterAnIncrCompletionAreIgnored() {
        var read = incrementalRead(chunks: ["abc"])
        #expect(read.chunkArrived(value([])) == .complete(value("abc")))
        let finished = read
        #expect(read.chunkArrived(value("def")) == .waiting)
        #expect(read.notified(incrAnnouncement(3), refused: false) == .waiting)
        #expect(read == finished)
    }

    @Test func aChunkBeforeTheNotifyIsIgnored() {
        var read = reader()
        #expect(read.chunkArrived(value("stray")) == .waiting)
        #expect(read.chunkArrived(nil) == .waiting)
        #expect(read.state == .awaitingNotify)
    }

    @Test func aSecondNotifyDuringIncrIsIgnored() {
        var read = incrementalRead(chunks: ["abc"])
        let before = read
        #expect(read.notified(value("other"), refused: false) == .waiting)
        #expect(read.notified(nil, refused: true) == .waiting)
        #expect(read == before)
        #expect(read.chunkArrived(value([])) == .complete(value("abc")))
    }

    // MARK: Descriptions

    @Test func failureDescriptionsReadWell() {
        #expect(TargetReadFailure.timedOut(step: "TARGETS", seconds: 5).description == "did not answer TARGETS within 5 s")
        #expect(TargetReadFailure.timedOut(step: "image/png", seconds: 0.5).description
            == "did not answer image/png within 0.5 s")
        #expect(TargetReadFailure.tooLarge(bytes: 1_572_864, limit: 1 << 20).description
            == "sent more than 1 MiB (1.5 MiB so far); transfer abandoned")
        #expect(TargetReadFailure.refused.description == "refused")
        #expect(TargetReadFailure.typeChanged.description == "changed the data type in the middle of an INCR transfer")
        #expect(TargetReadFailure.propertyMissing.description == "reply property vanished before it was read")
        #expect(TargetReadFailure.abandoned("owner gone").description == "abandoned: owner gone")
    }

    @Test func aTimedOutReadDescribesItsStep() {
        var read = incrementalRead("text/plain", chunks: ["a", "b", "c"])
        guard case let .failed(failure) = read.timedOut(after: 5) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description == "did not answer text/plain INCR chunk 4 within 5 s")
    }
}
