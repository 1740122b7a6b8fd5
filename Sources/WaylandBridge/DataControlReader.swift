import FoundationEssentials
import CLinux
#if canImport(Glibc)
import Glibc
import HeroBase
#endif

/// Reads MIME types of an offer one after another, each through a pipe the source writes into: read on the loop
/// when readable, at most `bytesPerWakeUp` per wake-up (a source that writes without end cannot hold the loop),
/// with a silence timeout and byte caps checked before bytes are kept. It only performs: the rules are
/// `DataControlFetchMachine`'s. One fetch at a time; `cancel` abandons it. The offer is held (kept alive) for the
/// fetch's length, so an offer replaced by a newer selection while being read can still be read; whether to go on
/// is the caller's choice (`cancel`).
public final class DataControlReader {
    /// One MIME type to read and the most bytes it may bring (the fetch's remaining budget caps it further).
    public struct Request: Sendable, Equatable {
        public let mimeType: String
        public let maxBytes: Int

        public init(_ mimeType: String, maxBytes: Int = .max) {
            self.mimeType = mimeType
            self.maxBytes = maxBytes
        }
    }

    /// What came back for one MIME type.
    public struct Fetched: Sendable, Equatable {
        public let mimeType: String
        public let result: Result<Data, DataControlReadFailure>
        /// Seconds from the receive request to the end of file (or the failure).
        public let seconds: Double

        public init(mimeType: String, result: Result<Data, DataControlReadFailure>, seconds: Double = 0) {
            self.mimeType = mimeType
            self.result = result
            self.seconds = seconds
        }
    }

    public struct Limits: Sendable, Equatable {
        /// Bytes for all types of one fetch together.
        public var maxBytes: Int
        /// Seconds the source may stay silent (restarted at each piece that arrives).
        public var timeout: Double

        public init(maxBytes: Int = 64 << 20, timeout: Double = 5) {
            self.maxBytes = maxBytes
            self.timeout = timeout
        }
    }

    /// The most bytes one wake-up of the loop reads from the pipe; the rest waits for the next turn.
    public static let bytesPerWakeUp = 1 << 20

    public let device: DataControlDevice
    private let loop: DescriptorLoop
    private var machine: DataControlFetchMachine
    private var offer: WaylandOffer?
    private var offerProxy: OpaquePointer?
    private var pipe: Int32 = -1
    private var timer: LoopTimer?
    private var completion: (([Fetched]) -> Void)?
    private let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: DataControlFetchMachine.pieceBytes, alignment: 16)

    public init(device: DataControlDevice, loop: DescriptorLoop, limits: Limits = .init()) {
        self.device = device
        self.loop = loop
        machine = DataControlFetchMachine(limits: limits)
    }

    deinit {
        timer?.cancel()
        closePipe()
        if let offer { device.release(offer) }
        piece.deallocate()
    }

    public var limits: Limits {
        get { machine.limits }
        set { machine.limits = newValue }
    }

    /// Whether a fetch is in flight.
    public var isBusy: Bool { machine.isBusy }

    /// Reads `requests` of `offer` in order, then calls `completion` once with one result per type asked (a
    /// timeout or a gone offer ends the fetch early; a type too large, or whose pipe failed, moves on).
    public func fetch(offer: WaylandOffer, requests: [Request], completion: @escaping ([Fetched]) -> Void) {
        precondition(!machine.isBusy, "one fetch at a time")
        self.completion = completion
        self.offer = offer
        offerProxy = device.hold(offer)
        if offerProxy == nil { self.offer = nil }
        perform(machine.fetch(requests, now: EventClock.nanoseconds()))
    }

    /// Abandons the fetch in flight (its pipe closed), reporting `reason` for the type being read; the completion
    /// still runs, once.
    public func cancel(reason: String) {
        perform(machine.cancel(reason: reason, now: EventClock.nanoseconds()))
    }

    private func perform(_ actions: [DataControlFetchMachine.Action]) {
        for action in actions {
            switch action {
            case let .receive(mimeType):
                receive(mimeType)
            case .closePipe:
                closePipe()
            case let .armDeadline(seconds):
                timer?.cancel()
                timer = loop.startTimer(after: seconds) { [weak self] in
                    guard let self else { return }
                    timer = nil
                    perform(machine.deadlinePassed(now: EventClock.nanoseconds()))
                }
            case .cancelDeadline:
                timer?.cancel()
                timer = nil
            case let .complete(results):
                if let offer { device.release(offer) }
                offer = nil
                offerProxy = nil
                let done = completion
                completion = nil
                done?(results)
            }
        }
    }

    private func receive(_ mimeType: String) {
        guard let offerProxy else { return perform(machine.receiveFailed(errno: nil, now: EventClock.nanoseconds())) }
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else {
            return perform(machine.receiveFailed(errno: errno, now: EventClock.nanoseconds()))
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        device.dataControl.receive(offer: offerProxy, mimeType: mimeType, fd: ends[1])
        device.connection.flush()
        // libwayland sent (or holds, until the socket takes it) a copy of the write end: ours must go, or the end of
        // file would never come.
        close(ends[1])
        pipe = ends[0]
        loop.watch(fd: pipe, events: Int16(POLLIN)) { [weak self] _ in self?.readable() }
    }

    /// Reads what the pipe holds, at most `bytesPerWakeUp`, in pieces the machine allows.
    private func readable() {
        let fd = pipe
        var taken = 0
        while pipe == fd, fd >= 0, taken < Self.bytesPerWakeUp {
            let allowance = min(machine.readAllowance, Self.bytesPerWakeUp - taken)
            guard allowance > 0 else { return }
            let count = read(fd, piece.baseAddress, allowance)
            if count > 0 {
                taken += count
                perform(machine.arrived(UnsafeRawBufferPointer(rebasing: piece[..<count]), now: EventClock.nanoseconds()))
            } else if count == 0 {
                perform(machine.endOfFile(now: EventClock.nanoseconds()))
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                perform(machine.readFailed(errno: errno, now: EventClock.nanoseconds()))
            }
        }
    }

    private func closePipe() {
        guard pipe >= 0 else { return }
        loop.unwatch(fd: pipe)
        close(pipe)
        pipe = -1
    }
}
