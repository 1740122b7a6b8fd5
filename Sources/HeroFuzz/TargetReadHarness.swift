import FoundationEssentials
import X11Bridge

/// `TargetRead`, reading one selection target (one-shot or INCR), driven by a sequence of owner events decoded
/// from the input: it never holds or completes with more than its budget, completes with exactly the bytes sent,
/// and does nothing once complete or failed. Input: one byte for the budget, then events of a few bytes each.
enum TargetReadHarness {
    static let harness = Harness(name: "target-read", maxLength: 2048,
                                 summary: "TargetRead: SelectionNotify, INCR chunks, timeouts, the byte budget", run: run)

    private static let incr: UInt = 99

    private static func property(_ input: inout FuzzInput) -> PropertyValue {
        let type: UInt = [incr, 7, 8][input.int(below: 3)]
        let format = [8, 32, 16][input.int(below: 3)]
        return PropertyValue(type: type, format: format, bytes: input.data(input.int(below: 24)))
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let maxBytes = [0, 1, 16, 100, 1 << 20][input.int(below: 5)]
        var read = TargetRead(target: "image/png", maxBytes: maxBytes, incrType: incr)
        // What the owner has sent so far of an INCR transfer, and the type of its first chunk.
        var sent = Data()
        var firstType: UInt?
        var oneShot: PropertyValue?
        while !input.isAtEnd {
            let before = read
            let outcome: TargetRead.Outcome
            switch input.int(below: 4) {
            case 0:
                let refused = input.int(below: 4) == 0
                let value = input.int(below: 4) == 0 ? nil : property(&input)
                outcome = read.notified(value, refused: refused)
                if before.state == .awaitingNotify, !refused, let value, value.type != incr { oneShot = value }
            case 1:
                let chunk = input.int(below: 5) == 0 ? nil : property(&input)
                outcome = read.chunkArrived(chunk)
                if before.isIncremental, let chunk, !chunk.bytes.isEmpty, case .awaitingChunk = read.state {
                    sent.append(chunk.bytes)
                    if firstType == nil { firstType = chunk.type }
                }
            case 2:
                outcome = read.replyTooLarge(bytes: input.uint16())
            default:
                outcome = read.timedOut(after: 1)
            }
            check(read, before: before, outcome: outcome, maxBytes: maxBytes, sent: sent, firstType: firstType, oneShot: oneShot)
        }
    }

    private static func check(_ read: TargetRead, before: TargetRead, outcome: TargetRead.Outcome, maxBytes: Int,
                              sent: Data, firstType: UInt?, oneShot: PropertyValue?) {
        if !before.isActive {
            Invariant.check(outcome == .waiting && read == before, "a finished read acted: \(outcome), now \(read.state)")
        }
        Invariant.check(read.isActive == (read.state == .awaitingNotify || read.isIncremental), "isActive disagrees with \(read.state)")
        switch read.state {
        case let .awaitingChunk(received, _, _, _):
            Invariant.check(received.count <= maxBytes, "holds \(received.count) bytes over a budget of \(maxBytes)")
            Invariant.check(received.data == sent, "holds \(received.count) bytes, the owner sent \(sent.count)")
            Invariant.check(read.remainingBytes == maxBytes - received.count, "remainingBytes \(read.remainingBytes)")
        case .awaitingNotify:
            Invariant.check(read.remainingBytes == maxBytes, "remainingBytes \(read.remainingBytes) before any byte")
        case .complete, .failed:
            break
        }
        switch outcome {
        case let .complete(value):
            Invariant.check(before.isActive && read.state == .complete, "completed from \(before.state) to \(read.state)")
            Invariant.check(value.bytes.count <= maxBytes, "completed with \(value.bytes.count) bytes over \(maxBytes)")
            if before.isIncremental {
                Invariant.check(value.bytes == sent, "INCR completed with \(value.bytes.count) bytes, \(sent.count) sent")
                if let firstType { Invariant.check(value.type == firstType, "INCR completed with another type") }
            } else {
                Invariant.check(value == oneShot, "a one-shot reply completed with other bytes")
            }
        case let .failed(failure):
            Invariant.check(before.isActive && read.state == .failed(failure), "failed from \(before.state) to \(read.state)")
        case .waiting:
            Invariant.check(read.isActive || read == before, "waiting, yet the read ended: \(read.state)")
        }
    }
}
