import FoundationEssentials
import X11Bridge

/// `IncrementalSends`, the owner side of INCR for several requestors at once, driven by begins, deletes and
/// cancels decoded from the input: each transfer's chunks cover its data exactly once, in order, then one end.
/// Input: one byte for the chunk size, then events of a few bytes each.
enum IncrementalSendsHarness {
    static let harness = Harness(name: "incremental-sends", maxLength: 2048,
                                 summary: "IncrementalSends: INCR chunks per (requestor, property), cancels", run: run)

    /// What the owner has written of one transfer.
    private struct Sent {
        let data: Data
        let type: UInt
        var written = Data()
        var chunks = 0
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let chunkSize = [1, 7, 256, 256 * 1024][input.int(below: 4)]
        var sends = IncrementalSends(chunkSize: chunkSize)
        var model: [IncrementalSends.Key: Sent] = [:]
        while !input.isAtEnd {
            let key = IncrementalSends.Key(requestor: UInt(input.int(below: 3) + 1), property: UInt(input.int(below: 2) + 1))
            switch input.int(below: 5) {
            case 0:
                let count = input.uint16() % 3000
                let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(key.requestor)) })
                let type = UInt(input.int(below: 3) + 10)
                sends.begin(key, data: bytes, type: type)
                model[key] = Sent(data: bytes, type: type)
            case 1, 2:
                deleted(key, sends: &sends, model: &model)
            case 3:
                Invariant.check(sends.cancel(key) == (model.removeValue(forKey: key) != nil), "cancel(\(key)) disagrees")
            default:
                let gone = Set(sends.cancelAll(requestor: key.requestor))
                let expected = Set(model.keys.filter { $0.requestor == key.requestor })
                Invariant.check(gone == expected, "cancelAll(\(key.requestor)) dropped \(gone), not \(expected)")
                for key in expected { model[key] = nil }
            }
            Invariant.check(sends.count == model.count && sends.isEmpty == model.isEmpty, "\(sends.count) transfers, \(model.count) begun")
            for requestor in 1...3 {
                Invariant.check(sends.isSending(to: UInt(requestor)) == model.keys.contains { $0.requestor == requestor },
                                "isSending(to: \(requestor)) disagrees")
            }
            for (key, sent) in model {
                let progress = sends.progress(key)
                Invariant.check(progress?.sent == sent.written.count && progress?.total == sent.data.count,
                                "progress of \(key) is \(String(describing: progress))")
            }
        }
    }

    private static func deleted(_ key: IncrementalSends.Key, sends: inout IncrementalSends,
                                model: inout [IncrementalSends.Key: Sent]) {
        let step = sends.propertyDeleted(key)
        guard var sent = model[key] else {
            Invariant.check(step == .ignore, "a delete of \(key), not in flight, gave \(step)")
            return
        }
        switch step {
        case let .writeChunk(stepKey, type, range):
            Invariant.check(stepKey == key && type == sent.type, "a chunk for \(stepKey) of type \(type)")
            Invariant.check(range.lowerBound == sent.written.count && !range.isEmpty && range.count <= sends.chunkSize
                                && range.upperBound <= sent.data.count,
                            "chunk \(range) after \(sent.written.count) of \(sent.data.count) bytes, chunk size \(sends.chunkSize)")
            guard let bytes = sends.bytes(for: key, range: range) else { fatalError("invariant broken: no bytes for \(range)") }
            Invariant.check(bytes == sent.data[range], "the bytes of chunk \(range) are not the data's")
            sent.written.append(bytes)
            sent.chunks += 1
            model[key] = sent
        case let .writeEnd(stepKey, type, chunks, bytes):
            Invariant.check(stepKey == key && type == sent.type, "an end for \(stepKey) of type \(type)")
            Invariant.check(sent.written == sent.data, "ended after \(sent.written.count) of \(sent.data.count) bytes")
            Invariant.check(chunks == sent.chunks && bytes == sent.data.count, "end says \(chunks) chunks, \(bytes) bytes")
            Invariant.check(sends.progress(key) == nil, "an ended transfer is still in flight")
            model[key] = nil
        case .ignore:
            fatalError("invariant broken: a delete of \(key) in flight was ignored")
        }
    }
}
