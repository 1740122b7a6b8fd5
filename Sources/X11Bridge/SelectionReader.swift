import CX11
import FoundationEssentials
import HeroBase

/// Fetches targets of a selection one after another on its own requestor window, INCR included, with a
/// per-step timeout and byte budgets checked before any bytes are copied. It only performs: the rules (which
/// reply is ours, which failure ends the fetch, when a silent owner is asked again, the byte budget, the ring of
/// reply properties that keeps the requestor window for the reader's whole life) are `SelectionFetchMachine`'s.
/// One fetch at a time; `cancel` abandons it.
public final class SelectionReader {
    /// What came back for one target.
    public struct Fetched: Sendable, Equatable {
        public let target: String
        public let result: Result<PropertyValue, TargetReadFailure>
        /// Seconds from the conversion request to the last byte (or the failure).
        public var seconds: Double = 0
        /// Times the owner was asked again after staying silent while still owning the selection.
        public var retries = 0

        public init(target: String, result: Result<PropertyValue, TargetReadFailure>, seconds: Double = 0, retries: Int = 0) {
            self.target = target
            self.result = result
            self.seconds = seconds
            self.retries = retries
        }
    }

    public struct Limits: Sendable, Equatable {
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

    private let connection: XConnection
    private let loop: EventLoop
    /// The requestor window, for the reader's whole life.
    public let window: Window
    /// The ring's reply properties, by slot.
    private let properties: [Atom]
    private var machine: SelectionFetchMachine
    private var completion: (([Fetched]) -> Void)?
    private var deadline: EventLoop.DeadlineID?
    /// One line per event not believed, for the log.
    public var log: (String) -> Void = { _ in }
    /// Called after each INCR chunk is taken, with the target and its bytes so far (committed), for work that
    /// can start before the last byte: the agent checks, hashes and writes a PNG on threads of its own meanwhile.
    public var onChunk: (_ target: String, _ incoming: IncomingBytes) -> Void = { _, _ in }

    public init(connection: XConnection, loop: EventLoop, limits: Limits) {
        self.connection = connection
        self.loop = loop
        machine = SelectionFetchMachine(limits: limits, incrType: connection.atom("INCR"))
        window = connection.createHelperWindow()
        properties = connection.atoms(named: (0..<machine.ringSize).map { "_HEROBRIDGE_TRANSFER_\($0)" })
    }

    public var limits: Limits {
        get { machine.limits }
        set { machine.limits = newValue }
    }

    /// Whether a fetch is in flight.
    public var isBusy: Bool { machine.isBusy }

    /// Fetches `targets` of `selection` in order with `time` as the conversion timestamp, then calls
    /// `completion` with one result per target. `owner` is who owned the selection when it changed (asked of
    /// the server when nil). A timeout ends the whole fetch unless the owner still owns the selection, which is
    /// then asked again `limits.retries` times; a refusal or a too-large target moves on to the next one.
    public func fetch(selection: Atom, targets: [Request], time: Time, owner: Window? = nil,
                      completion: @escaping ([Fetched]) -> Void) {
        precondition(!machine.isBusy, "one fetch at a time")
        self.completion = completion
        let resolved = targets.map { SelectionFetchMachine.Target(name: $0.target, atom: connection.atom($0.target), maxBytes: $0.maxBytes) }
        perform(machine.fetch(selection: selection, targets: resolved, time: time,
                              owner: owner ?? connection.owner(of: selection), now: EventClock.nanoseconds()))
    }

    /// Abandons the fetch in flight, reporting `reason` for the target being read; the completion still runs.
    public func cancel(reason: String) {
        perform(machine.cancel(reason: reason))
    }

    /// Feeds an event to the reader; true when it was ours.
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        switch event.type {
        case SelectionNotify:
            let notify = event.xselection
            guard notify.requestor == window else { return false }
            perform(machine.notified(slot: slot(of: notify.property), selection: notify.selection, target: notify.target,
                                     now: EventClock.nanoseconds()))
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
            perform(machine.propertyChanged(slot: slot(of: change.atom)))
            return true
        default:
            return false
        }
    }

    private func slot(of property: Atom) -> SelectionFetchMachine.Slot {
        if property == 0 { return .refusal }
        return properties.firstIndex(of: property).map { .ring($0) } ?? .foreign
    }

    private func perform(_ actions: [SelectionFetchMachine.Action]) {
        for action in actions {
            switch action {
            case let .convert(slot, selection, target, time):
                // ICCCM: the requestor makes sure the property does not exist before asking.
                connection.deleteProperty(window: window, property: properties[slot])
                connection.convert(selection: selection, target: target, property: properties[slot], requestor: window, time: time)
            case let .readReply(slot, maxBytes):
                let read = connection.readProperty(window: window, property: properties[slot], delete: true, maxBytes: maxBytes)
                perform(machine.replyRead(read, now: EventClock.nanoseconds()))
            case let .readChunk(slot, maxBytes):
                guard let incoming = machine.incoming else { continue }
                let chunk: SelectionFetchMachine.ChunkRead
                switch connection.readProperty(window: window, property: properties[slot], delete: true, into: incoming,
                                               maxBytes: maxBytes) {
                case .missing: chunk = .missing
                case let .oversized(bytes): chunk = .oversized(bytes: bytes)
                case let .written(type, format, bytes): chunk = .written(type: type, format: format, bytes: bytes)
                }
                let target = machine.targetInFlight
                let before = incoming.count
                let next = machine.chunkRead(chunk, now: EventClock.nanoseconds())
                if incoming.count > before, let target { onChunk(target, incoming) }
                perform(next)
            case let .discard(slot):
                connection.deleteProperty(window: window, property: properties[slot])
            case let .armDeadline(seconds):
                loop.cancel(deadline)
                deadline = loop.schedule(after: seconds) { [weak self] in
                    guard let self else { return }
                    deadline = nil
                    perform(machine.deadlinePassed(now: EventClock.nanoseconds()))
                }
            case .cancelDeadline:
                loop.cancel(deadline)
                deadline = nil
            case let .askOwner(selection):
                perform(machine.ownerAnswered(connection.owner(of: selection), now: EventClock.nanoseconds()))
            case let .complete(results):
                let done = completion
                completion = nil
                done?(results)
            }
        }
    }
}
