#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import WaylandBridge
import HeroBase

/// `DataControlFetchMachine`, the rules of reading an offer's types through pipes, driven by what a source, the
/// pipe and the clock may do: pieces of any size the machine allows, ends of file, read and pipe failures, a
/// vanished offer, the timer firing on time or at any other moment, cancels, then new fetches. Each fetch completes
/// exactly once, as its last action, with one result per type asked, in the order asked and up to where it ended;
/// one pipe at a time, every pipe closed; a type's bytes are exactly the bytes that arrived, never more than its
/// cap (its own within what the fetch's budget leaves), and too many bytes fail it as `tooLarge`; the reservation
/// is made at the first byte and is exactly the cap (a cap no address space holds fails as `noMemory`); the
/// silence timeout fails a type exactly when the source was silent that long, and a timer is armed, no later than the silence's end, whenever a fetch is under way. The
/// invariants of `PipeMachinesSequenceTests.aFetchCompletesOnceWithinItsBounds`, and more.
/// Input: a limits byte, then events of one to three bytes each (see `run`).
enum WaylandFetchHarness {
    static let harness = Harness(name: "wayland-fetch", maxLength: 2048,
                                 summary: "DataControlFetchMachine: one completion, caps and budget, buffer, silence timeout",
                                 run: run)

    /// Bytes that arrive: the type's byte at offset `o` is `pattern[o % 251]`, so a piece at any offset is a slice.
    private static let pattern: [UInt8] = (0..<(DataControlFetchMachine.pieceBytes + 251)).map { UInt8($0 % 251) }

    /// How one type ended, as the harness saw it.
    private enum Ending: Equatable {
        case bytes(Int)
        case failure(DataControlReadFailure)
    }

    /// The fetch in flight, as the harness knows it.
    private struct Fetch {
        let requests: [DataControlReader.Request]
        let budget: Int
        /// The types asked (`receive`), in order, and how each ended.
        var asked: [String] = []
        var endings: [Ending] = []
        var spent = 0
        /// The current type's bytes so far, its cap, and when it last made progress.
        var count = 0
        var cap = 0
        var lastProgress: UInt64 = 0
        var pipeOpen = false
        var completed = false
    }

    private static let steps: [UInt64] = [0, 1, 1_000_000, 500_000_000, 1_000_000_000, 2_000_000_000, 4_999_999_999, 5_000_000_000]

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let byte = input.byte()
        let budget = [300_000, 0, 1, 100, 65_536, 70_000, 64 << 20, Int.max][Int(byte) & 7]
        let timeout = [5, 0.5, 1e-9, 30][Int(byte >> 3) & 3]
        var machine = DataControlFetchMachine(limits: .init(maxBytes: budget, timeout: timeout))
        var fetch: Fetch?
        var clock = FuzzClock(steps: steps)
        var events = 0
        while !input.isAtEnd && events < 1000 {
            events += 1
            clock.tick(&input)
            let actions: [DataControlFetchMachine.Action]
            let busy = machine.isBusy
            switch input.int(below: 12) {
            case 0 where !busy:
                let caps = [Int.max, 0, 1, 100, 65_535, 65_536, 65_537, 200_000]
                let requests = (0..<input.int(below: 5)).map {
                    DataControlReader.Request("type/\($0)", maxBytes: caps[input.int(below: caps.count)])
                }
                fetch = Fetch(requests: requests, budget: budget)
                actions = machine.fetch(requests, now: clock.now)
            case 0, 1, 2, 3, 4:
                let allowance = machine.readAllowance
                if busy {
                    Invariant.check(allowance >= 1 && allowance <= DataControlFetchMachine.pieceBytes,
                                    "a read allowance of \(allowance)")
                    if let fetch { Invariant.check(allowance == min(DataControlFetchMachine.pieceBytes - 1, fetch.cap - fetch.count) + 1,
                                                   "a read allowance of \(allowance) with \(fetch.count) of \(fetch.cap) bytes") }
                } else {
                    Invariant.check(allowance == 0, "a read allowance of \(allowance) with nothing to read")
                }
                let sizes = [allowance, 1, max(1, allowance - 1), 1 + input.uint16() % max(1, allowance)]
                let size = min(allowance, sizes[input.int(below: sizes.count)])
                let start = (fetch?.count ?? 0) % 251
                actions = pattern.withUnsafeBytes { machine.arrived(UnsafeRawBufferPointer(rebasing: $0[start..<(start + size)]), now: clock.now) }
                if busy, size > 0, var current = fetch {
                    let total = current.count + size
                    if total > current.cap {
                        current.endings.append(.failure(.tooLarge(bytes: total, limit: current.cap)))
                    } else if current.count == 0, IncomingBytes(capacity: current.cap) == nil {
                        // The type's first bytes reserve its cap; a cap no address space can hold fails the type.
                        current.endings.append(.failure(.noMemory(bytes: current.cap)))
                    } else {
                        current.count = total
                        current.lastProgress = clock.now
                    }
                    fetch = current
                }
            case 5:
                actions = machine.endOfFile(now: clock.now)
                if busy, var current = fetch {
                    current.endings.append(.bytes(current.count))
                    current.spent += current.count
                    fetch = current
                }
            case 6:
                let errno = [EIO, EBADF, EINVAL][input.int(below: 3)]
                actions = machine.readFailed(errno: errno, now: clock.now)
                if busy { fetch?.endings.append(.failure(.readFailed(errno: errno))) }
            case 7:
                let errno: Int32? = input.bool() ? nil : EMFILE
                actions = machine.receiveFailed(errno: errno, now: clock.now)
                if busy { fetch?.endings.append(.failure(errno.map { .noPipe(errno: $0) } ?? .offerGone)) }
            case 8, 9:
                clock.fire(&input)
                actions = machine.deadlinePassed(now: clock.now)
                if busy, let current = fetch, !(Double(clock.now &- current.lastProgress) / 1e9 < timeout) {
                    fetch?.endings.append(.failure(.timedOut(seconds: timeout)))
                }
            case 10 where input.int(below: 4) == 0:
                actions = machine.cancel(reason: "fuzz", now: clock.now)
                if busy { fetch?.endings.append(.failure(.abandoned("fuzz"))) }
            default:
                continue
            }
            take(actions, machine: machine, fetch: &fetch, clock: &clock, wasBusy: busy, timeout: timeout)
        }
        if machine.isBusy {
            let actions = machine.cancel(reason: "end of input", now: clock.now)
            fetch?.endings.append(.failure(.abandoned("end of input")))
            take(actions, machine: machine, fetch: &fetch, clock: &clock, wasBusy: true, timeout: timeout)
        }
        Invariant.check(fetch.map(\.completed) ?? true, "a fetch never completed")
        Invariant.check(!clock.timerArmed, "the timer is left armed")
    }

    private static func take(_ actions: [DataControlFetchMachine.Action], machine: DataControlFetchMachine, fetch: inout Fetch?,
                             clock: inout FuzzClock, wasBusy: Bool, timeout: Double) {
        if !wasBusy && fetch?.completed != false {
            Invariant.check(actions.isEmpty, "\(actions) with no fetch under way")
            return
        }
        guard var current = fetch else { return }
        for (index, action) in actions.enumerated() {
            switch action {
            case let .receive(mimeType):
                Invariant.check(!current.pipeOpen, "a second pipe while one is open")
                Invariant.check(!current.completed, "a pipe after the completion")
                current.pipeOpen = true
                let asked = current.asked.count
                Invariant.check(asked < current.requests.count && current.requests[asked].mimeType == mimeType,
                                "asked for \(mimeType) as type \(asked) of \(current.requests.map(\.mimeType))")
                current.asked.append(mimeType)
                current.count = 0
                current.cap = min(current.requests[asked].maxBytes, current.budget - current.spent)
                current.lastProgress = clock.now
            case .closePipe:
                Invariant.check(current.pipeOpen, "a pipe closed that was not open")
                current.pipeOpen = false
            case let .armDeadline(seconds):
                clock.arm(seconds: seconds, timeout: timeout)
            case .cancelDeadline:
                clock.cancel()
            case let .complete(results):
                Invariant.check(!current.completed, "a fetch completed twice")
                Invariant.check(index == actions.count - 1, "an action after the completion")
                Invariant.check(!machine.isBusy, "still busy after completing")
                Invariant.check(!current.pipeOpen, "a pipe left open at the completion")
                current.completed = true
                Invariant.check(results.map(\.mimeType) == current.asked, "results for \(results.map(\.mimeType)), asked \(current.asked)")
                Invariant.check(current.requests.prefix(results.count).map(\.mimeType) == results.map(\.mimeType), "results out of order")
                Invariant.check(results.count == current.endings.count, "\(results.count) results for \(current.endings.count) endings")
                var spent = 0
                for (request, (result, ending)) in zip(current.requests, zip(results, current.endings)) {
                    Invariant.check(result.seconds >= 0, "\(result.seconds) s")
                    switch (result.result, ending) {
                    case let (.success(bytes), .bytes(count)):
                        Invariant.check(bytes.count == count, "\(bytes.count) bytes kept of \(count) that arrived")
                        Invariant.check(bytes.count <= request.maxBytes, "\(bytes.count) bytes over a cap of \(request.maxBytes)")
                        Invariant.check(bytes.indices.allSatisfy { bytes[$0] == UInt8($0 % 251) }, "the bytes kept are not the bytes that arrived")
                        spent += bytes.count
                    case let (.failure(failure), .failure(expected)):
                        Invariant.check(failure == expected, "\(request.mimeType) failed as \(failure), not \(expected)")
                    default:
                        Invariant.check(false, "\(request.mimeType) ended as \(result.result), not \(ending)")
                    }
                }
                Invariant.check(spent <= current.budget, "the fetch kept \(spent) bytes over a budget of \(current.budget)")
            }
        }
        // Between events: the type read now is the last asked, its bytes within its cap, the buffer too.
        if machine.isBusy {
            Invariant.check(!current.completed, "busy after the completion")
            Invariant.check(current.pipeOpen, "busy with no pipe")
            Invariant.check(machine.mimeTypeInFlight == current.asked.last, "reading \(String(describing: machine.mimeTypeInFlight))")
            Invariant.check(current.endings.count == current.asked.count - 1, "\(current.endings.count) endings, \(current.asked.count) types asked")
            let received = machine.received
            Invariant.check(received.count == current.count, "\(received.count) bytes kept of \(current.count) that arrived")
            Invariant.check(received.count <= current.cap && received.count <= current.budget, "\(received.count) bytes over a cap of \(current.cap)")
            // Nothing reserved before the type's first byte; then exactly its cap, never moved or grown.
            Invariant.check(received.capacity == (received.count == 0 ? 0 : current.cap),
                            "\(received.capacity) bytes reserved for \(received.count) under a cap of \(current.cap)")
            // A silent source is noticed: the timer fires no later than the silence's end.
            Invariant.check(clock.timerArmed, "a fetch under way with no timer armed")
            Invariant.check(clock.firesAt <= current.lastProgress + UInt64((timeout * 1e9).rounded(.up)) + 1_000,
                            "the timer fires at \(clock.firesAt), after the silence's end")
        } else {
            Invariant.check(current.completed, "idle, yet the fetch never completed")
            Invariant.check(!clock.timerArmed, "idle with the timer armed")
            Invariant.check(machine.received.count == 0, "idle with bytes kept")
        }
        fetch = current
    }
}
