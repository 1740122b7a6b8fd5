import HeroBase

/// The rules of one selection fetch, as a value that returns actions (no X11 calls, no clock, no timer of its
/// own): which targets are asked in what order, which reply belongs to the request in flight, which failure
/// ends the fetch and which moves on, when a silent owner is asked again, and how the fetch's byte budget
/// shrinks as targets arrive. `SelectionReader` performs the actions against the server.
///
/// Each request names a reply property of its own, a *slot* of a ring (`ringSize` of them): an abandoned request
/// may already have been routed to a new owner, whose late reply then lands in a slot nobody waits for and is
/// deleted unread, so the requestor window never has to be replaced (destroying it would kill an owner with no
/// X error handler, xclip among them, and lose the new copy).
public struct SelectionFetchMachine {
    /// One target to fetch: its name, its atom, and the most bytes it may bring (the fetch's remaining budget
    /// caps it further).
    public struct Target: Equatable, Sendable {
        public let name: String
        public let atom: Atom
        public let maxBytes: Int

        public init(name: String, atom: Atom, maxBytes: Int = .max) {
            self.name = name
            self.atom = atom
            self.maxBytes = maxBytes
        }
    }

    /// Which reply property an event names.
    public enum Slot: Equatable, Sendable {
        /// Property None: the owner refused the conversion.
        case refusal
        /// One of the ring's properties.
        case ring(Int)
        /// A property that is not ours.
        case foreign
    }

    public enum Action: Equatable {
        /// Delete the slot's property (ICCCM: it must not exist before asking), then ask the owner to convert
        /// `selection` to `target` into it.
        case convert(slot: Int, selection: Atom, target: Atom, time: Time)
        /// Read the slot's property, deleting it, taking at most `maxBytes`; feed the result to `replyRead`.
        case readReply(slot: Int, maxBytes: Int)
        /// The same for an INCR chunk; feed the result to `chunkRead`.
        case readChunk(slot: Int, maxBytes: Int)
        /// Delete the slot's property unread: a late reply or an INCR chunk of an abandoned request.
        case discard(slot: Int)
        /// (Re)arm the single per-step timer.
        case armDeadline(seconds: Double)
        case cancelDeadline
        /// Ask the server who owns `selection` now and feed the answer to `ownerAnswered`.
        case askOwner(selection: Atom)
        /// The fetch is over: one result per target asked, in order.
        case complete([SelectionReader.Fetched])
    }

    /// What a read of a reply property gave.
    public typealias PropertyRead = XConnection.BoundedRead

    /// What a read of an INCR chunk gave.
    public enum ChunkRead: Equatable {
        /// The property was gone.
        case missing
        /// It held more than the budget allowed: nothing was read.
        case oversized(bytes: Int)
        /// Read as a value of its own, to be copied into `incoming` (tests and fuzzing feed these).
        case value(PropertyValue)
        /// Read from the wire straight into `incoming`'s spare bytes, not committed yet.
        case written(type: Atom, format: Int, bytes: Int)
    }

    private struct Job {
        let selection: Atom
        let time: Time
        /// The owner when the fetch started: a silent owner is asked again only while it still owns the selection.
        let owner: Window
        var queue: [Target]
        var current: Target
        var results: [SelectionReader.Fetched] = []
        var read: TargetRead
        var budget: Int
        var requestedAt: UInt64 = 0
        var retries = 0
        /// The reply property of the request in flight.
        var slot = 0
        /// An `askOwner` is outstanding: only then is an owner's answer taken (once).
        var askedOwner = false
    }

    /// Reply properties in the ring: a late reply could only be mistaken after this many newer requests, and
    /// each must also match the target asked.
    public let ringSize: Int
    public var limits: SelectionReader.Limits
    private let incrType: Atom
    private var nextSlot = 0
    private var job: Job?

    public init(limits: SelectionReader.Limits, incrType: Atom, ringSize: Int = 16) {
        precondition(ringSize > 1, "a late reply needs a slot of its own")
        self.limits = limits
        self.incrType = incrType
        self.ringSize = ringSize
    }

    public var isBusy: Bool { job != nil }

    /// The slot whose property the request in flight names; nil when none is in flight.
    public var slotInFlight: Int? { job?.slot }

    /// Starts fetching `targets` of `selection` in order at `now` (nanoseconds of `EventClock`), with `time` as
    /// the conversion timestamp; `owner` is who owned the selection when it changed.
    public mutating func fetch(selection: Atom, targets: [Target], time: Time, owner: Window, now: UInt64) -> [Action] {
        precondition(job == nil, "one fetch at a time")
        guard let first = targets.first else { return [.complete([])] }
        job = Job(selection: selection, time: time, owner: owner, queue: Array(targets.dropFirst()), current: first,
                  read: makeRead(first, budget: limits.maxBytes), budget: limits.maxBytes)
        return request(now: now)
    }

    /// A SelectionNotify for our requestor window.
    public mutating func notified(slot: Slot, selection: Atom, target: Atom, now: UInt64) -> [Action] {
        guard let current = job, slot == .ring(current.slot) || slot == .refusal, selection == current.selection,
              target == current.current.atom, current.read.state == .awaitingNotify else {
            // A late reply to an abandoned request: delete what it wrote, unread.
            if case let .ring(stale) = slot, stale != job?.slot { return [.discard(slot: stale)] }
            return []
        }
        if slot == .refusal { return advance(now: now) { $0.notified(nil, refused: true) } }
        // An INCR announcement is a few bytes whatever the budget left.
        return [.readReply(slot: current.slot, maxBytes: max(current.read.remainingBytes, 16))]
    }

    /// What the read of a reply property gave.
    public mutating func replyRead(_ read: PropertyRead, now: UInt64) -> [Action] {
        switch read {
        case .missing: return advance(now: now) { $0.notified(nil, refused: false) }
        case let .oversized(bytes): return advance(now: now) { $0.replyTooLarge(bytes: bytes) }
        case let .value(value): return advance(now: now) { $0.notified(value, refused: false) }
        }
    }

    /// A new value in one of the requestor window's properties (the owner wrote an INCR chunk).
    public mutating func propertyChanged(slot: Slot) -> [Action] {
        guard case let .ring(index) = slot else { return [] }
        guard index == job?.slot, let read = job?.read, read.isIncremental else {
            // A chunk of an abandoned INCR transfer: deleting it unread lets that owner finish and go away.
            return index == job?.slot ? [] : [.discard(slot: index)]
        }
        return [.readChunk(slot: index, maxBytes: read.remainingBytes)]
    }

    /// What the read of an INCR chunk gave.
    public mutating func chunkRead(_ read: ChunkRead, now: UInt64) -> [Action] {
        switch read {
        case .missing: return advance(now: now) { $0.chunkArrived(nil) }
        case let .oversized(bytes): return advance(now: now) { $0.replyTooLarge(bytes: bytes) }
        case let .value(chunk): return advance(now: now) { $0.chunkArrived(chunk) }
        case let .written(type, format, bytes):
            return advance(now: now) { $0.chunkWritten(type: type, format: format, bytes: bytes) }
        }
    }

    /// The name of the target being read; nil when no fetch is in flight.
    public var targetInFlight: String? { job?.read.target }

    /// Where the chunks of the INCR transfer in flight go: a `.readChunk` reads into its spare bytes.
    public var incoming: IncomingBytes? { job?.read.incoming }

    /// The per-step timer fired. A silent owner that still owns the selection may have lost the request (its
    /// reply crossed a change, or it was busy): it is asked again, `limits.retries` times, before the fetch is
    /// given up; so first ask who owns it now.
    public mutating func deadlinePassed(now: UInt64) -> [Action] {
        guard let current = job else { return [] }
        if current.read.state == .awaitingNotify, current.retries < limits.retries, current.owner != 0 {
            job!.askedOwner = true
            return [.askOwner(selection: current.selection)]
        }
        return advance(now: now) { [timeout = limits.timeout] in $0.timedOut(after: timeout) }
    }

    /// Who owns the selection now, asked after the timer fired.
    public mutating func ownerAnswered(_ owner: Window, now: UInt64) -> [Action] {
        guard let current = job, current.askedOwner, current.read.state == .awaitingNotify else { return [] }
        job!.askedOwner = false
        guard owner == current.owner else {
            return advance(now: now) { [timeout = limits.timeout] in $0.timedOut(after: timeout) }
        }
        job!.retries += 1
        job!.read = makeRead(current.current, budget: current.budget)
        return [.discard(slot: current.slot)] + request(now: now)
    }

    /// Abandons the fetch in flight, reporting `reason` for the target being read.
    public mutating func cancel(reason: String) -> [Action] {
        guard let current = job else { return [] }
        job!.results.append(.init(target: current.read.target, result: .failure(.abandoned(reason)), retries: current.retries))
        return finish()
    }

    private func makeRead(_ target: Target, budget: Int) -> TargetRead {
        TargetRead(target: target.name, maxBytes: min(target.maxBytes, budget), incrType: incrType)
    }

    /// Asks the owner for the current target into the next slot of the ring.
    private mutating func request(now: UInt64) -> [Action] {
        guard let current = job else { return [] }
        job!.requestedAt = now
        job!.askedOwner = false
        job!.slot = nextSlot
        nextSlot = (nextSlot + 1) % ringSize
        return [.convert(slot: job!.slot, selection: current.selection, target: current.current.atom, time: current.time),
                .armDeadline(seconds: limits.timeout)]
    }

    private mutating func advance(now: UInt64, _ step: (inout TargetRead) -> TargetRead.Outcome) -> [Action] {
        guard job != nil else { return [] }
        // Mutate the job in place: a copy of it would share the INCR buffer, and every chunk appended to a shared
        // buffer copies it whole, which makes a transfer's time grow with the square of its size.
        switch step(&job!.read) {
        case .waiting:
            return [.armDeadline(seconds: limits.timeout)]
        case let .complete(value):
            let nanoseconds = now &- job!.requestedAt
            job!.results.append(.init(target: job!.read.target, result: .success(value),
                                      seconds: Double(nanoseconds) / 1e9, retries: job!.retries))
            job!.budget -= value.bytes.count
            return next(now: now)
        case let .failed(failure):
            job!.results.append(.init(target: job!.read.target, result: .failure(failure), retries: job!.retries))
            switch failure {
            case .timedOut, .abandoned:
                // An owner silent for one target is silent for the rest.
                return finish()
            case .tooLarge, .announcedTooLarge, .typeChanged, .refused, .propertyMissing, .noMemory:
                // An owner still writing INCR chunks writes them into a slot nobody waits for any more.
                return next(now: now)
            }
        }
    }

    private mutating func next(now: UInt64) -> [Action] {
        guard job != nil else { return [] }
        guard !job!.queue.isEmpty else { return finish() }
        let target = job!.queue.removeFirst()
        job!.current = target
        job!.retries = 0
        job!.read = makeRead(target, budget: job!.budget)
        return request(now: now)
    }

    private mutating func finish() -> [Action] {
        guard let done = job else { return [] }
        job = nil
        return [.cancelDeadline, .discard(slot: done.slot), .complete(done.results)]
    }
}
