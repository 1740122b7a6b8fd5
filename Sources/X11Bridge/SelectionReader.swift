import CX11
import FoundationEssentials

/// Fetches targets of a selection one after another on its own requestor window, INCR included, with a
/// per-step timeout and a byte budget. The glue around `TargetRead`: it performs X requests, feeds the
/// replies in, and reports each target's bytes or failure. One fetch at a time; `cancel` abandons it.
public final class SelectionReader {
    /// What came back for one target.
    public struct Fetched: Sendable {
        public let target: String
        public let result: Result<PropertyValue, TargetReadFailure>
        /// Seconds from the conversion request to the last byte (or the failure).
        public var seconds: Double = 0
    }

    public struct Limits: Sendable {
        /// Bytes for all targets of one fetch together.
        public var maxBytes: Int
        /// Seconds the owner may stay silent at any step (restarted at each INCR chunk).
        public var timeout: Double

        public init(maxBytes: Int = 64 << 20, timeout: Double = 5) {
            self.maxBytes = maxBytes
            self.timeout = timeout
        }
    }

    private struct Job {
        let selection: Atom
        let time: Time
        var queue: [String]
        var results: [Fetched] = []
        var read: TargetRead
        var budget: Int
        var requestedAt: UInt64 = 0
        let completion: ([Fetched]) -> Void
    }

    private let connection: XConnection
    private let loop: EventLoop
    public var limits: Limits
    /// The requestor window; replaced after an abandoned transfer so that late replies cannot be mistaken.
    public private(set) var window: Window
    private let property: Atom
    private var job: Job?
    private var deadline: EventLoop.DeadlineID?

    public init(connection: XConnection, loop: EventLoop, limits: Limits) {
        self.connection = connection
        self.loop = loop
        self.limits = limits
        window = connection.createHelperWindow()
        property = connection.atom("_HEROBRIDGE_TRANSFER")
    }

    /// Whether a fetch is in flight.
    public var isBusy: Bool { job != nil }

    /// Fetches `targets` of `selection` in order with `time` as the conversion timestamp, then calls
    /// `completion` with one result per target. A timeout ends the whole fetch (an owner that is silent for one
    /// target is silent for the rest); a refusal or a too-large target moves on to the next one.
    public func fetch(selection: Atom, targets: [String], time: Time, completion: @escaping ([Fetched]) -> Void) {
        precondition(job == nil, "one fetch at a time")
        guard let first = targets.first else { completion([]); return }
        job = Job(selection: selection, time: time, queue: Array(targets.dropFirst()), read: makeRead(first, budget: limits.maxBytes),
                  budget: limits.maxBytes, completion: completion)
        request(first)
    }

    /// Abandons the fetch in flight, reporting `reason` for the target being read; the completion still runs.
    public func cancel(reason: String) {
        guard var current = job else { return }
        current.results.append(Fetched(target: current.read.target, result: .failure(.abandoned(reason))))
        job = current
        finish(replaceWindow: true)
    }

    /// Feeds an event to the reader; true when it was ours.
    public func handle(_ event: XEvent) -> Bool {
        switch event.type {
        case SelectionNotify:
            let notify = event.xselection
            guard notify.requestor == window, let current = job, notify.selection == current.selection,
                  notify.target == connection.atom(current.read.target) else { return notify.requestor == window }
            let refused = notify.property == 0
            let value = refused ? nil : connection.readProperty(window: window, property: notify.property, delete: true)
            advance { $0.notified(value, refused: refused) }
            return true
        case PropertyNotify:
            let change = event.xproperty
            guard change.window == window else { return false }
            guard change.atom == property, change.state == PropertyNewValue, job?.read.isIncremental == true else { return true }
            let chunk = connection.readProperty(window: window, property: property, delete: true)
            advance { $0.chunkArrived(chunk) }
            return true
        default:
            return false
        }
    }

    private func makeRead(_ target: String, budget: Int) -> TargetRead {
        TargetRead(target: target, maxBytes: budget, incrType: connection.atom("INCR"))
    }

    private func request(_ target: String) {
        guard job != nil else { return }
        job?.requestedAt = EventLoop.now()
        let current = job!
        // ICCCM: the requestor makes sure the property does not exist before asking.
        connection.deleteProperty(window: window, property: property)
        connection.convert(selection: current.selection, target: connection.atom(target), property: property,
                           requestor: window, time: current.time)
        armDeadline()
    }

    private func armDeadline() {
        loop.cancel(deadline)
        let seconds = limits.timeout
        deadline = loop.schedule(after: seconds) { [weak self] in
            self?.deadline = nil
            self?.advance { $0.timedOut(after: seconds) }
        }
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
            let seconds = Double(EventLoop.now() - job!.requestedAt) / 1e9
            job!.results.append(Fetched(target: job!.read.target, result: .success(value), seconds: seconds))
            job!.budget -= value.bytes.count
            next()
        case let .failed(failure):
            job!.results.append(Fetched(target: job!.read.target, result: .failure(failure)))
            switch failure {
            case .timedOut, .abandoned:
                finish(replaceWindow: true)
            case .tooLarge, .announcedTooLarge, .typeChanged:
                // The owner may still be writing chunks into our property: start afresh for the next target.
                replaceWindow()
                next()
            case .refused, .propertyMissing:
                next()
            }
        }
    }

    private func next() {
        guard job != nil else { return }
        guard !job!.queue.isEmpty else { finish(replaceWindow: false); return }
        let target = job!.queue.removeFirst()
        job!.read = makeRead(target, budget: job!.budget)
        request(target)
    }

    private func finish(replaceWindow replace: Bool) {
        loop.cancel(deadline)
        deadline = nil
        guard let done = job else { return }
        job = nil
        if replace { replaceWindow() } else { connection.deleteProperty(window: window, property: property) }
        done.completion(done.results)
    }

    private func replaceWindow() {
        connection.destroyWindow(window)
        window = connection.createHelperWindow()
    }
}
