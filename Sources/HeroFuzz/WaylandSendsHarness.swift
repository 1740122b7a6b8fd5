#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import WaylandBridge

/// `DataControlSends`, the source's sends, driven by what readers, the pipes and the clock may do: `send` requests
/// for offered and unknown types (on descriptors numbered as the kernel numbers them, a closed one's number
/// reused), writes that take all, part or none of a piece, write failures, the timer firing on time or at any other
/// moment, and the source going away. Every descriptor handed over is closed exactly once; one is refused (closed
/// at once) exactly when its type is not offered or `maxSends` are under way; a piece is the next bytes of the
/// type, at most `bytesPerWakeUp`; a send is complete exactly when its bytes were all written, in order; a reader
/// is dropped exactly when it took nothing for `stallTimeout`, and a timer is armed, no later than the next such
/// moment, whenever a send is under way. The invariants of
/// `PipeMachinesSequenceTests.everySendDescriptorIsClosedOnce`, and more.
/// Input: a limits byte, then events of one to three bytes each (see `run`).
enum WaylandSendsHarness {
    static let harness = Harness(name: "wayland-sends", maxLength: 2048,
                                 summary: "DataControlSends: every descriptor closed once, refusals, pieces, stall timeout",
                                 run: run)

    /// What the source offers, built once: an empty type, a small one, and one of 5 MB.
    private static let contents: [String: [UInt8]] = [
        "a": [],
        "b": (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) },
        "c": (0..<5_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) },
    ]

    /// One send under way, as the harness knows it.
    private struct Send {
        let mimeType: String
        var written = 0
        var lastProgress: UInt64
    }

    private static let steps: [UInt64] = [0, 1, 1_000_000, 500_000_000, 1_000_000_000, 3_000_000_000, 4_999_999_999, 5_000_000_000]

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let byte = input.byte()
        let limits = DataControlSends.Limits(stallTimeout: [5, 0.5, 1e-9, 30][Int(byte) & 3],
                                             maxSends: [3, 16, 1, 0][Int(byte >> 2) & 3],
                                             bytesPerWakeUp: [1 << 20, 1, 7, 4096][Int(byte >> 4) & 3])
        let timeout = UInt64(limits.stallTimeout * 1e9)
        var machine = DataControlSends(contents: contents, limits: limits)
        var open: [Int32: Send] = [:]
        var handedOver = 0
        var closed = 0
        var clock = FuzzClock(steps: steps)
        var events = 0
        while !input.isAtEnd && events < 1000 {
            events += 1
            clock.tick(&input)
            var expectedClosed: [Int32: String?] = [:]
            let actions: [DataControlSends.Action]
            var fired = false
            switch input.int(below: 8) {
            case 0, 1:
                // The kernel gives the lowest free number; the sends' own are taken, refused ones closed at once.
                var fd: Int32 = 10
                while open[fd] != nil { fd += 1 }
                let mimeType = ["a", "b", "c", "d"][input.int(below: 4)]
                handedOver += 1
                actions = machine.requested(mimeType, fd: fd, now: clock.now)
                if contents[mimeType] == nil || open.count >= limits.maxSends {
                    Invariant.check(actions.count == 1, "a refused \(mimeType) gave \(actions)")
                    expectedClosed[fd] = "refused"
                } else {
                    Invariant.check(actions.first == .watch(fd: fd), "an accepted \(mimeType) gave \(actions)")
                    Invariant.check(open.isEmpty == actions.contains(.armDeadline(seconds: limits.stallTimeout)),
                                    "the first send arms the timer, no other: \(actions)")
                    open[fd] = Send(mimeType: mimeType, lastProgress: clock.now)
                }
            case 2, 3, 4:
                guard let fd = pickOpen(open, &input), var send = open[fd] else {
                    Invariant.check(machine.nextPiece(fd: 9) == nil, "a piece for a descriptor never handed over")
                    continue
                }
                guard let piece = machine.nextPiece(fd: fd) else {
                    Invariant.check(false, "no piece for \(fd), a send under way")
                    return
                }
                let bytes = contents[send.mimeType]!
                Invariant.check(piece.bytes == bytes, "a piece of other bytes than \(send.mimeType)'s")
                Invariant.check(piece.range.lowerBound == send.written, "a piece at \(piece.range.lowerBound) after \(send.written) bytes written")
                Invariant.check(piece.range.upperBound <= bytes.count, "a piece to \(piece.range.upperBound) of \(bytes.count) bytes")
                Invariant.check(piece.range.count == min(limits.bytesPerWakeUp, bytes.count - send.written),
                                "a piece of \(piece.range.count) bytes, \(bytes.count - send.written) left, \(limits.bytesPerWakeUp) per wake-up")
                let counts = [piece.range.count, 0, min(1, piece.range.count), input.uint16() % (piece.range.count + 1)]
                let count = counts[input.int(below: counts.count)]
                actions = machine.wrote(fd: fd, count: count, now: clock.now)
                send.written += count
                if count > 0 { send.lastProgress = clock.now }
                if send.written == bytes.count {
                    expectedClosed[fd] = .some(nil)
                } else {
                    open[fd] = send
                }
            case 5:
                guard let fd = pickOpen(open, &input) else {
                    Invariant.check(machine.writeFailed(fd: 9, errno: EPIPE, reason: "closed its end").isEmpty, "a failure of no send")
                    continue
                }
                actions = machine.writeFailed(fd: fd, errno: EPIPE, reason: "closed its end")
                expectedClosed[fd] = "failed"
            case 6:
                clock.fire(&input)
                fired = true
                actions = machine.deadlinePassed(now: clock.now)
                for (fd, send) in open where clock.now &- send.lastProgress >= timeout { expectedClosed[fd] = "stalled" }
            default:
                guard input.int(below: 4) == 0 else { continue }
                actions = machine.cancelAll(reason: "fuzz")
                for fd in open.keys { expectedClosed[fd] = "abandoned" }
            }
            // The closes are exactly the expected ones; a complete send's has no failure, the others one.
            var closes: [Int32: String?] = [:]
            for action in actions {
                switch action {
                case let .close(fd, failure):
                    Invariant.check(closes[fd] == nil, "fd \(fd) closed twice")
                    closes[fd] = .some(failure)
                    closed += 1
                case let .armDeadline(seconds):
                    clock.arm(seconds: seconds, timeout: limits.stallTimeout)
                case .cancelDeadline:
                    clock.cancel()
                case .watch:
                    break
                }
            }
            Invariant.check(Set(closes.keys) == Set(expectedClosed.keys), "closed \(closes.keys.sorted()), expected \(expectedClosed.keys.sorted())")
            for (fd, failure) in closes {
                Invariant.check((failure == nil) == (expectedClosed[fd] == .some(nil)),
                                "fd \(fd) closed with \(String(describing: failure)), expected \(String(describing: expectedClosed[fd]))")
                open[fd] = nil
            }
            if fired, !open.isEmpty {
                Invariant.check(actions.last.map { if case .armDeadline = $0 { true } else { false } } == true,
                                "the timer fired with sends under way and was not armed again: \(actions)")
            }
            Invariant.check(machine.count == open.count, "\(machine.count) sends, \(open.count) descriptors open")
            Invariant.check(machine.count <= limits.maxSends, "\(machine.count) sends, at most \(limits.maxSends)")
            Invariant.check(handedOver == closed + open.count, "\(handedOver) handed over, \(closed) closed, \(open.count) open")
            if let oldest = open.values.map(\.lastProgress).min() {
                Invariant.check(clock.timerArmed, "sends under way with no timer armed")
                Invariant.check(clock.firesAt <= oldest + timeout + 1_000, "the timer fires at \(clock.firesAt), after a stall's end")
            } else {
                Invariant.check(!clock.timerArmed, "no send, yet the timer is armed")
            }
        }
        let actions = machine.cancelAll(reason: "end of input")
        let fds = actions.compactMap { if case let .close(fd, failure) = $0, failure != nil { fd } else { nil } }
        Invariant.check(Set(fds) == Set(open.keys) && fds.count == open.count, "the source's end closed \(fds.sorted()), not \(open.keys.sorted())")
        Invariant.check(machine.count == 0, "\(machine.count) sends after the end")
        Invariant.check(handedOver == closed + fds.count, "\(handedOver) handed over, \(closed + fds.count) closed")
    }

    private static func pickOpen(_ open: [Int32: Send], _ input: inout FuzzInput) -> Int32? {
        let fds = open.keys.sorted()
        let index = input.int(below: 256)
        return fds.isEmpty ? nil : fds[index % fds.count]
    }
}
