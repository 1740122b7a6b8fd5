import CX11
import FoundationEssentials
import HeroTransfer

/// Fetches targets of a selection one after another on its own requestor window, INCR included, with a
/// per-step timeout and byte budgets checked before any bytes are copied. The glue around `TargetRead`: it
/// performs X requests, feeds the replies in, and reports each target's bytes or failure. One fetch at a time;
/// `cancel` abandons it.
///
/// The requestor window lives as long as the reader. An abandoned request may already have been routed by the
/// server to a *new* owner (a conversion goes to whoever owns the selection when the server processes it), and
/// an owner with no X error handler, such as xclip, dies of the BadWindow its reply would get if the window were
/// destroyed: the new copy was then lost. So each request names a property of its own instead, taken in turn
/// from a ring; late replies land in properties nobody waits for, and are deleted unread.
public final class SelectionReader {
    /// What came back for one target.
    public struct Fetched: Sendable {
        public let target: String
        public let result: Result<PropertyValue, TargetReadFailure>
        /// Seconds from the conversion request to the last byte (or the failure).
        public var seconds: Double = 0
        /// Times the owner was asked again after staying silent while still owning the selection.
        public var retries = 0
    }

    public struct Limits: Sendable {
        /// Bytes for all targets of one fetch together.
        public var maxBytes: Int
        /// Seconds the owner may stay silent at any step (restarted at each INCR chunk).
        public var timeout: Double
        /// Times a silent owner that still owns the selection is asked again before the fetch gives up.
        public var retries: Int

        public init(maxBytes: Int = 64 << 20, timeout: Double = 5, retries: Int = 1) {
            self.maxBytes = maxBytes
            self.timeout = timeout
            self.retries = retries
        }
    }

    /// One target to fetch and the most bytes it may bring (the fetch's remaining budget caps it further).
    public struct Request: Sendable, Equatable {
        public let target: String
        public let maxBytes: Int

        public init(_ target: String, maxBytes: Int = .max) {
            self.target = target
            self.maxBytes = maxBytes
        }
    }

    private struct Job {
        let selection: Atom
        let time: Time
        /// The owner when the fetch started: a silent owner is asked again only while it still owns the selection.
        let owner: Window
        var queue: [Request]
        var current: Request
        var results: [Fetched] = []
        var read: TargetRead
        var budget: Int
        var requestedAt: UInt64 = 0
        var retries = 0
        let completion: ([Fetched]) -> Void
    }

    /// Reply properties in the ring: a late reply could only be mistaken after this many newer requests, and
    /// each must also match the target asked.
    static let ringSize = 16

    private let connection: XConnection
    private let loop: EventLoop
    public var limits: Limits
    /// The requestor window, for the reader's whole life.
    public let window: Window
    private let properties: [Atom]
    private var nextProperty = 0
    /// The property the request in flight names; 0 when none is in flight.
    private var property: Atom = 0
    private var job: Job?
    private var deadline: EventLoop.DeadlineID?
    /// One line per event not believed, for the log.
    public var log: (String) -> Void = { _ in }

    public init(connection: XConnection, loop: EventLoop, limits: Limits) {
        self.connection = connection
        self.loop = loop
        self.limits = limits
        window = connection.createHelperWindow()
        properties = (0..<Self.ringSize).map { connection.atom("_HEROBRIDGE_TRANSFER_\($0)") }
    }

    /// Whether a fetch is in flight.
    public var isBusy: Bool { job != nil }

    /// Fetches `targets` of `selection` in order with `time` as the conversion timestamp, then calls
    /// `completion` with one result per target. `owner` is who owned the selection when it changed (asked of
    /// the server when nil). A timeout ends the whole fetch (an owner that is silent for one target is silent
    /// for the rest) unless the owner still owns the selection, which is then asked again `limits.retries`
    /// times; a refusal or a too-large target moves on to the next one.
    public func fetch(selection: Atom, targets: [Request], time: Time, owner: Window? = nil,
                      completion: @escaping ([Fetched]) -> Void) {
        precondition(job == nil, "one fetch at a time")
        guard let first = targets.first else { completion([]); return }
        job = Job(selection: selection, time: time, owner: owner ?? connection.owner(of: selection),
                  queue: Array(targets.dropFirst()), current: first,
                  read: makeRead(first, budget: limits.maxBytes), budget: limits.maxBytes, completion: completion)
        request()
    }

    /// Fetches targets with no cap of their own beyond the fetch's budget.
    public func fetch(selection: Atom, targets: [String], time: Time, owner: Window? = nil,
                      completion: @escaping ([Fetched]) -> Void) {
        fetch(selection: selection, targets: targets.map { Request($0) }, time: time, owner: owner, completion: completion)
    }

    /// Abandons the fetch in flight, reporting `reason` for the target being read; the completion still runs.
    public func cancel(reason: String) {
        guard var current = job else { return }
        current.results.append(Fetched(target: current.read.target, result: .failure(.abandoned(reason))))
        job = current
        finish()
    }

    /// Feeds an event to the reader; true when it was ours.
    public func handle(_ event: XEvent) -> Bool {
        switch event.type {
        case SelectionNotify:
            let notify = event.xselection
            guard notify.requestor == window else { return false }
            guard let current = job, notify.property == property || notify.property == 0, notify.selection == current.selection,
                  notify.target == connection.atom(current.read.target), current.read.state == .awaitingNotify else {
                // A late reply to an abandoned request: delete what it wrote, unread.
                if notify.property != 0 && notify.property != property && properties.contains(notify.property) {
                    connection.deleteProperty(window: window, property: notify.property)
                }
                return true
            }
            if notify.property == 0 {
                advance { $0.notified(nil, refused: true) }
                return true
            }
            // An INCR announcement is a few bytes whatever the budget left.
            switch connection.readProperty(window: window, property: property, delete: true,
                                           maxBytes: max(current.read.remainingBytes, 16)) {
            case .missing: advance { $0.notified(nil, refused: false) }
            case let .oversized(bytes): advance { $0.replyTooLarge(bytes: bytes) }
            case let .value(value): advance { $0.notified(value, refused: false) }
            }
            return true
        case PropertyNotify:
            let change = event.xproperty
            guard change.window == window else { return false }
            // A client's copy would make us read a chunk before the owner wrote it, and give the target up.
            guard !connection.isForged(event) else {
                log(connection.describeForged(event))
                return true
            }
            guard change.state == PropertyNewValue else { return true }
            // No local copy of the job here: it would share the INCR buffer, and the append below would then copy
            // the whole buffer for every chunk (each reply to the server slower than the last).
            guard change.atom == property, job?.read.isIncremental == true else {
                // A chunk of an abandoned INCR transfer: deleting it unread lets that owner finish and go away.
                if properties.contains(change.atom) && change.atom != property {
                    connection.deleteProperty(window: window, property: change.atom)
                }
                return true
            }
            switch connection.readProperty(window: window, property: property, delete: true,
                                           maxBytes: job?.read.remainingBytes ?? 0) {
            case .missing: advance { $0.chunkArrived(nil) }
            case let .oversized(bytes): advance { $0.replyTooLarge(bytes: bytes) }
            case let .value(chunk): advance { $0.chunkArrived(chunk) }
            }
            return true
        default:
            return false
        }
    }

    private func makeRead(_ request: Request, budget: Int) -> TargetRead {
        TargetRead(target: request.target, maxBytes: min(request.maxBytes, budget), incrType: connection.atom("INCR"))
    }

    /// Asks the owner for the current target into the next property of the ring.
    private func request() {
        guard let current = job else { return }
        job?.requestedAt = EventClock.nanoseconds()
        property = properties[nextProperty]
        nextProperty = (nextProperty + 1) % properties.count
        // ICCCM: the requestor makes sure the property does not exist before asking.
        connection.deleteProperty(window: window, property: property)
        connection.convert(selection: current.selection, target: connection.atom(current.read.target), property: property,
                           requestor: window, time: current.time)
        armDeadline()
    }

    private func armDeadline() {
        loop.cancel(deadline)
        let seconds = limits.timeout
        deadline = loop.schedule(after: seconds) { [weak self] in
            self?.deadline = nil
            self?.timedOut(after: seconds)
        }
    }

    /// A silent owner that still owns the selection may have lost the request (its reply crossed a change, or
    /// it was busy): ask again, once per `limits.retries`, before giving the fetch up.
    private func timedOut(after seconds: Double) {
        guard let current = job else { return }
        if current.read.state == .awaitingNotify, current.retries < limits.retries,
           current.owner != 0, connection.owner(of: current.selection) == current.owner {
            job!.retries += 1
            connection.deleteProperty(window: window, property: property)
            job!.read = makeRead(current.current, budget: current.budget)
            request()
            return
        }
        advance { $0.timedOut(after: seconds) }
    }

    private func advance(_ step: (inout TargetRead) -> TargetRead.Outcome) {
        guard job != nil else { return }
        // Mutate the job in place: a copy of it would share the INCR buffer, and every chunk appended to a shared
        // buffer copies it whole (a 50 MB image read in 6.4 s instead of 0.2 s).
        let outcome = step(&job!.read)
        switch outcome {
        case .waiting:
            armDeadline()
        case let .complete(value):
            let seconds = Double(EventClock.nanoseconds() - job!.requestedAt) / 1e9
            job!.results.append(Fetched(target: job!.read.target, result: .success(value), seconds: seconds, retries: job!.retries))
            job!.budget -= value.bytes.count
            next()
        case let .failed(failure):
            job!.results.append(Fetched(target: job!.read.target, result: .failure(failure), retries: job!.retries))
            switch failure {
            case .timedOut, .abandoned:
                finish()
            case .tooLarge, .announcedTooLarge, .typeChanged, .refused, .propertyMissing:
                // An owner still writing INCR chunks writes them into a property nobody waits for any more.
                next()
            }
        }
    }

    private func next() {
        guard job != nil else { return }
        guard !job!.queue.isEmpty else { finish(); return }
        let request = job!.queue.removeFirst()
        job!.current = request
        job!.retries = 0
        job!.read = makeRead(request, budget: job!.budget)
        self.request()
    }

    private func finish() {
        loop.cancel(deadline)
        deadline = nil
        guard let done = job else { return }
        job = nil
        connection.deleteProperty(window: window, property: property)
        property = 0
        done.completion(done.results)
    }
}
