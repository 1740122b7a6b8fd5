import Foundation
import Testing
@testable import X11Bridge

private typealias Key = IncrementalSends.Key
private let png: UInt = 7
private let multiple: UInt = 50

private func bytes(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }) }

/// The value under test behind a reference, so that `#expect` can call its mutating methods.
private final class Sends {
    var value: IncrementalSends
    init(chunkSize: Int) { value = IncrementalSends(chunkSize: chunkSize) }
    func begin(_ key: Key, data: Data, type: UInt) { value.begin(key, data: data, type: type) }
    func propertyDeleted(_ key: Key) -> IncrementalSends.Step { value.propertyDeleted(key) }
    func bytes(for key: Key, range: Range<Int>) -> Data? { value.bytes(for: key, range: range) }
    func progress(_ key: Key) -> (sent: Int, total: Int)? { value.progress(key) }
    func cancel(_ key: Key) -> Bool { value.cancel(key) }
    func cancelAll(requestor: UInt) -> [Key] { value.cancelAll(requestor: requestor) }
    func isSending(to requestor: UInt) -> Bool { value.isSending(to: requestor) }
    func needsIncrement(_ count: Int) -> Bool { value.needsIncrement(count) }
    var isEmpty: Bool { value.isEmpty }
    var count: Int { value.count }
}

/// Plays a whole transfer: every delete the requestor would make, collecting the chunks written.
private func drain(_ sends: Sends, _ key: Key) -> (chunks: [Data], end: IncrementalSends.Step) {
    var chunks: [Data] = []
    while true {
        let step = sends.propertyDeleted(key)
        guard case let .writeChunk(k, _, range) = step else { return (chunks, step) }
        chunks.append(sends.bytes(for: k, range: range)!)
    }
}

@Suite("Owner side of INCR: chunks by (requestor, property)")
struct IncrementalSendsTests {
    @Test func onlyDataLargerThanAChunkNeedsINCR() {
        let sends = Sends(chunkSize: 256 * 1024)
        #expect(!sends.needsIncrement(256 * 1024))
        #expect(sends.needsIncrement(256 * 1024 + 1))
    }

    @Test func deletesReleaseChunksInOrderThenTheZeroLengthEnd() {
        let sends = Sends(chunkSize: 10)
        let key = Key(requestor: 0x400001, property: 300)
        let data = bytes(25)
        sends.begin(key, data: data, type: png)
        #expect(sends.propertyDeleted(key) == .writeChunk(key, type: png, range: 0..<10))
        #expect(sends.propertyDeleted(key) == .writeChunk(key, type: png, range: 10..<20))
        #expect(sends.propertyDeleted(key) == .writeChunk(key, type: png, range: 20..<25))
        #expect(sends.propertyDeleted(key) == .writeEnd(key, type: png, chunks: 3, bytes: 25))
        #expect(sends.isEmpty)
        // The requestor's delete of the end marker belongs to nothing any more.
        #expect(sends.propertyDeleted(key) == .ignore)
    }

    @Test func chunksReassembleToTheExactBytes() {
        let sends = Sends(chunkSize: 4096)
        let key = Key(requestor: 1, property: 2)
        let data = bytes(20_000)
        sends.begin(key, data: data, type: png)
        let (chunks, end) = drain(sends, key)
        #expect(chunks.count == 5)
        #expect(chunks.reduce(Data(), +) == data)
        #expect(end == .writeEnd(key, type: png, chunks: 5, bytes: 20_000))
    }

    @Test func aSliceOfALargerBufferIsChunkedFromItsOwnStart() {
        let sends = Sends(chunkSize: 3)
        let key = Key(requestor: 1, property: 2)
        let whole = bytes(20)
        sends.begin(key, data: whole[5..<12], type: png)
        #expect(drain(sends, key).chunks.reduce(Data(), +) == whole[5..<12])
    }

    @Test func severalTransfersRunAtOnceWithoutMixing() {
        let sends = Sends(chunkSize: 8)
        let a = Key(requestor: 1, property: 10), b = Key(requestor: 2, property: 10), c = Key(requestor: 1, property: 11)
        sends.begin(a, data: bytes(20), type: png)
        sends.begin(b, data: Data(repeating: 0xAA, count: 9), type: 8)
        sends.begin(c, data: Data(repeating: 0xBB, count: 17), type: 9)
        #expect(sends.count == 3)
        #expect(sends.propertyDeleted(b) == .writeChunk(b, type: 8, range: 0..<8))
        #expect(sends.propertyDeleted(a) == .writeChunk(a, type: png, range: 0..<8))
        #expect(sends.propertyDeleted(b) == .writeChunk(b, type: 8, range: 8..<9))
        #expect(sends.propertyDeleted(b) == .writeEnd(b, type: 8, chunks: 2, bytes: 9))
        #expect(sends.progress(a)! == (8, 20))
        #expect(drain(sends, c).chunks.reduce(Data(), +) == Data(repeating: 0xBB, count: 17))
        #expect(drain(sends, a).chunks.reduce(Data(), +) == bytes(20)[8...])
        #expect(sends.isEmpty)
    }

    @Test func aDeleteOfAnUnknownPropertyIsIgnored() {
        let sends = Sends(chunkSize: 8)
        sends.begin(Key(requestor: 1, property: 10), data: bytes(20), type: png)
        #expect(sends.propertyDeleted(Key(requestor: 1, property: 99)) == .ignore)
        #expect(sends.propertyDeleted(Key(requestor: 2, property: 10)) == .ignore)
        #expect(sends.progress(Key(requestor: 1, property: 10))! == (0, 20))
    }

    @Test func reusingThePropertyRestartsTheTransfer() {
        let sends = Sends(chunkSize: 8)
        let key = Key(requestor: 1, property: 10)
        sends.begin(key, data: bytes(20), type: png)
        _ = sends.propertyDeleted(key)
        sends.begin(key, data: Data(repeating: 1, count: 12), type: 8)
        #expect(sends.count == 1)
        #expect(sends.propertyDeleted(key) == .writeChunk(key, type: 8, range: 0..<8))
    }

    @Test func aVanishedRequestorLosesAllItsTransfersAndOnlyThose() {
        let sends = Sends(chunkSize: 8)
        let a = Key(requestor: 1, property: 10), b = Key(requestor: 1, property: 11), other = Key(requestor: 2, property: 10)
        for key in [a, b, other] { sends.begin(key, data: bytes(30), type: png) }
        #expect(Set(sends.cancelAll(requestor: 1)) == [a, b])
        #expect(!sends.isSending(to: 1))
        #expect(sends.isSending(to: 2))
        #expect(sends.propertyDeleted(a) == .ignore)
        #expect(sends.propertyDeleted(other) == .writeChunk(other, type: png, range: 0..<8))
    }

    @Test func aCancelledTransferIsForgotten() {
        let sends = Sends(chunkSize: 8)
        let key = Key(requestor: 1, property: 10)
        sends.begin(key, data: bytes(30), type: png)
        #expect(sends.cancel(key))
        #expect(!sends.cancel(key))
        #expect(sends.propertyDeleted(key) == .ignore)
        #expect(sends.bytes(for: key, range: 0..<8) == nil)
    }
}

@Suite("Owner decisions on SelectionRequest (ICCCM)")
struct SelectionRequestDecisionTests {
    private static let roots: Set<UInt> = [0x1d5, 0x1d6]

    private func decide(target: UInt = 10, property: UInt = 20, time: UInt = 1000, acquiredAt: UInt = 1000,
                        isOwner: Bool = true, requestor: UInt = 0x40_0001, exists: Bool = true) -> SelectionRequestDecision {
        .decide(target: target, property: property, time: time, acquiredAt: acquiredAt, isOwner: isOwner, multiple: multiple,
                requestor: requestor, roots: Self.roots, requestorExists: exists)
    }

    /// Any client can name the root window as requestor: the reply would be written into a property every
    /// client reads. Refused on every screen, MULTIPLE included.
    @Test func aRequestNamingAnyScreensRootIsRefused() {
        #expect(decide(requestor: 0x1d5) == .refuse("the requestor is a root window"))
        #expect(decide(requestor: 0x1d6) == .refuse("the requestor is a root window"))
        #expect(decide(target: multiple, property: 33, requestor: 0x1d5) == .refuse("the requestor is a root window"))
    }

    /// A SelectionNotify to a window that does not exist reaches nobody: nothing is written or sent.
    @Test func aRequestNamingAWindowThatDoesNotExistIsDropped() {
        #expect(decide(exists: false) == .drop("the requestor window does not exist"))
        #expect(decide(isOwner: false, exists: false) == .drop("the requestor window does not exist"))
    }

    @Test func aRequestAtOrAfterTheOwnershipIsConverted() {
        #expect(decide(time: 1000) == .convert(property: 20))
        #expect(decide(time: 5000) == .convert(property: 20))
    }

    @Test func aRequestOlderThanTheOwnershipIsRefused() {
        guard case .refuse = decide(time: 999) else { Issue.record("not refused"); return }
    }

    @Test func currentTimeIsAccepted() {
        #expect(decide(time: 0) == .convert(property: 20))
    }

    @Test func anObsoleteClientWithPropertyNoneGetsTheTargetAsProperty() {
        #expect(decide(target: 10, property: 0) == .convert(property: 10))
    }

    @Test func multipleNeedsAProperty() {
        #expect(decide(target: multiple, property: 33) == .multiple(property: 33))
        guard case .refuse = decide(target: multiple, property: 0) else { Issue.record("not refused"); return }
    }

    @Test func afterTheSelectionIsLostEverythingIsRefused() {
        guard case .refuse = decide(isOwner: false) else { Issue.record("not refused"); return }
    }

    @Test func multiplePairsAreReadInOrder() {
        let pairs = SelectionRequestDecision.pairs([1, 2, 3, 4, 5])
        #expect(pairs.map(\.target) == [1, 3])
        #expect(pairs.map(\.property) == [2, 4])
        #expect(SelectionRequestDecision.pairs([]).isEmpty)
    }
}
