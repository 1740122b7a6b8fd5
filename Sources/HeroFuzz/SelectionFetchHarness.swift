import FoundationEssentials
import X11Bridge

/// `SelectionFetchMachine`, a whole fetch, driven by what other clients and the server may do in any order: replies
/// in any slot for any selection and target, property changes, deadlines, owner answers, cancels, and new fetches.
/// Reads the machine asks for are answered at once (the reader performs them synchronously) within the bound it
/// gave, as `XConnection.readProperty` does. It never
/// asks a read beyond the fetch's budget, completes each fetch exactly once with one result per target asked (in
/// order, within each target's cap and the budget together), asks in a fresh slot, never discards the slot it
/// waits on, and retries a silent owner at most `limits.retries` times per target.
enum SelectionFetchHarness {
    static let harness = Harness(name: "selection-fetch", maxLength: 4096,
                                 summary: "SelectionFetchMachine: replies in any slot, deadlines, retries, cancels, the budget",
                                 run: run)

    private static let incr: UInt = 99
    private static let selection: UInt = 1
    private static let owner: UInt = 0x400001

    /// What the harness knows of the fetch in flight, to check the machine's actions against.
    private struct Fetch {
        var targets: [SelectionFetchMachine.Target]
        var completed = false
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let limits = SelectionReader.Limits(maxBytes: [0, 16, 100, 1 << 20][input.int(below: 4)], timeout: 1,
                                            retries: input.int(below: 3))
        let ringSize = [2, 3, 16][input.int(below: 3)]
        var machine = SelectionFetchMachine(limits: limits, incrType: incr, ringSize: ringSize)
        var fetch: Fetch?
        var now: UInt64 = 0
        while !input.isAtEnd {
            now += UInt64(input.int(below: 1000))
            let wasBusy = machine.isBusy
            let slotBefore = machine.slotInFlight
            let actions: [SelectionFetchMachine.Action]
            switch input.int(below: 6) {
            case 0 where !machine.isBusy:
                let targets = (0..<input.int(below: 4)).map {
                    SelectionFetchMachine.Target(name: "t\($0)", atom: UInt(10 + $0), maxBytes: [Int.max, 8, 50][input.int(below: 3)])
                }
                fetch = Fetch(targets: targets)
                actions = machine.fetch(selection: selection, targets: targets, time: 1, owner: input.bool() ? owner : 0, now: now)
            case 1:
                let slot: SelectionFetchMachine.Slot = [.refusal, .foreign, .ring(input.int(below: ringSize))][input.int(below: 3)]
                let target = UInt(10 + input.int(below: 4))
                actions = machine.notified(slot: slot, selection: input.int(below: 4) == 0 ? 2 : selection, target: target, now: now)
            case 2:
                actions = machine.propertyChanged(slot: input.bool() ? .ring(input.int(below: ringSize)) : .foreign)
            case 3:
                actions = machine.deadlinePassed(now: now)
            case 4:
                actions = machine.ownerAnswered(input.bool() ? owner : 0x500000, now: now)
            default:
                actions = machine.cancel(reason: "fuzz")
            }
            check(actions, machine: machine, wasBusy: wasBusy, slotBefore: slotBefore, fetch: &fetch, limits: limits, ringSize: ringSize)
            // The reads it asked for, answered at once; what they return is checked in turn.
            var reads = actions.filter { if case .readReply = $0 { true } else if case .readChunk = $0 { true } else { false } }
            while !reads.isEmpty {
                let read = reads.removeFirst()
                let (busy, slot) = (machine.isBusy, machine.slotInFlight)
                let next = answer(read, &machine, &input, now: now)
                check(next, machine: machine, wasBusy: busy, slotBefore: slot, fetch: &fetch, limits: limits, ringSize: ringSize)
                reads += next.filter { if case .readReply = $0 { true } else if case .readChunk = $0 { true } else { false } }
            }
        }
    }

    private static func answer(_ read: SelectionFetchMachine.Action, _ machine: inout SelectionFetchMachine,
                               _ input: inout FuzzInput, now: UInt64) -> [SelectionFetchMachine.Action] {
        let maxBytes: Int
        let isReply: Bool
        switch read {
        case let .readReply(_, bound): (maxBytes, isReply) = (bound, true)
        case let .readChunk(_, bound): (maxBytes, isReply) = (bound, false)
        default: return []
        }
        let result: XConnection.BoundedRead
        switch input.int(below: 5) {
        case 0: result = .missing
        case 1: result = .oversized(bytes: maxBytes + 1 + input.int(below: 100))
        case 2 where isReply:
            var announcement = Data()
            withUnsafeBytes(of: UInt32(input.uint16()).littleEndian) { announcement.append(contentsOf: $0) }
            result = .value(PropertyValue(type: incr, format: 32, bytes: announcement))
        default:
            let count = min(maxBytes, input.int(below: 40))
            result = .value(PropertyValue(type: 7, format: 8, bytes: Data(repeating: 0x41, count: input.bool() ? count : 0)))
        }
        if isReply { return machine.replyRead(result, now: now) }
        switch result {
        case .missing: return machine.chunkRead(.missing, now: now)
        case let .oversized(bytes): return machine.chunkRead(.oversized(bytes: bytes), now: now)
        case let .value(chunk):
            // Half the chunks as the reader reads them, straight into the transfer's spare bytes.
            guard input.bool(), let incoming = machine.incoming, chunk.bytes.count <= incoming.spare else {
                return machine.chunkRead(.value(chunk), now: now)
            }
            incoming.writeSpare { destination, _ in destination.initializeMemory(as: UInt8.self, repeating: 0x41, count: chunk.bytes.count) }
            return machine.chunkRead(.written(type: chunk.type, format: chunk.format, bytes: chunk.bytes.count), now: now)
        }
    }

    private static func check(_ actions: [SelectionFetchMachine.Action], machine: SelectionFetchMachine, wasBusy: Bool,
                              slotBefore: Int?, fetch: inout Fetch?, limits: SelectionReader.Limits, ringSize: Int) {
        var lastConvert: Int?
        var discardedSinceConvert: Set<Int> = []
        for (index, action) in actions.enumerated() {
            switch action {
            case let .convert(slot, _, _, _):
                Invariant.check((0..<ringSize).contains(slot), "converted into slot \(slot) of \(ringSize)")
                Invariant.check(slot != (lastConvert ?? slotBefore), "asked again in the same slot \(slot)")
                lastConvert = slot
                discardedSinceConvert = []
            case let .readReply(_, bound), let .readChunk(_, bound):
                Invariant.check(bound <= max(limits.maxBytes, 16), "asked to read \(bound) bytes over a budget of \(limits.maxBytes)")
            case let .discard(slot):
                discardedSinceConvert.insert(slot)
            case let .complete(results):
                guard var current = fetch else {
                    Invariant.check(false, "completed a fetch never started")
                    return
                }
                Invariant.check(!current.completed, "completed a fetch twice")
                Invariant.check(index == actions.count - 1, "an action after the completion")
                Invariant.check(!machine.isBusy, "still busy after completing")
                Invariant.check(results.count <= current.targets.count && (!current.targets.isEmpty || results.isEmpty),
                                "\(results.count) results for \(current.targets.count) targets")
                Invariant.check(zip(results, current.targets).allSatisfy { $0.target == $1.name }, "results out of order")
                var total = 0
                for (result, target) in zip(results, current.targets) {
                    Invariant.check(result.retries <= limits.retries, "asked \(result.retries) times again")
                    if case let .success(value) = result.result {
                        Invariant.check(value.bytes.count <= target.maxBytes, "\(target.name) brought \(value.bytes.count) over its cap")
                        total += value.bytes.count
                    }
                }
                Invariant.check(total <= limits.maxBytes, "the fetch brought \(total) bytes over a budget of \(limits.maxBytes)")
                current.completed = true
                fetch = current
            case .armDeadline, .cancelDeadline, .askOwner:
                break
            }
        }
        if machine.isBusy {
            Invariant.check(fetch?.completed == false, "busy with no fetch in flight")
            if let slot = machine.slotInFlight {
                Invariant.check(!discardedSinceConvert.contains(slot), "discarded the slot it waits on")
                if let lastConvert { Invariant.check(lastConvert == slot, "waits on \(slot), asked in \(lastConvert)") }
            }
        } else if wasBusy {
            Invariant.check(fetch?.completed == true, "the fetch ended without its completion")
        }
    }
}
