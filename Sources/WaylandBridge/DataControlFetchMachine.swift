import FoundationEssentials
import HeroBase

/// The rules of reading an offer's MIME types one after another through pipes, as a value that returns actions
/// (no descriptors, no clock, no timer of its own): which type is asked next, how many bytes the next read() may
/// take, when the silence timeout fires, and how the fetch's byte budget shrinks. The bytes of the type being read
/// are kept here, in an `IncomingBytes` reserved at the type's cap when its first piece arrives (address space
/// only: a page takes memory when it is written) and never moved, as X11's INCR reads are: a source cannot make
/// the reader hold more than it is allowed to send, and a 64 MB image is not copied again each time a growing
/// buffer would have doubled (that was 80 ms of one loop turn at 32 → 64 MiB). `DataControlReader` performs the
/// actions.
public struct DataControlFetchMachine {
    public enum Action: Equatable {
        /// Make a pipe, ask the source to write `mimeType` into it, and watch its read end.
        case receive(mimeType: String)
        /// Close the pipe of the type that was being read.
        case closePipe
        /// (Re)arm the single timer, to fire `seconds` from now and call `deadlinePassed`.
        case armDeadline(seconds: Double)
        case cancelDeadline
        /// The fetch is over: one result per type asked, in order.
        case complete([DataControlReader.Fetched])
    }

    /// The most one read() takes: the pipe's own capacity is 64 KiB.
    public static let pieceBytes = 64 << 10

    private struct Job {
        var queue: [DataControlReader.Request]
        var current: DataControlReader.Request
        var results: [DataControlReader.Fetched] = []
        /// Bytes the fetch may still bring, all types together.
        var budget: Int
        /// The current type's cap: its own, within the budget.
        var cap: Int
        var bytes: IncomingBytes?
        var requestedAt: UInt64
        var lastProgress: UInt64
    }

    public var limits: DataControlReader.Limits
    private var job: Job?

    public init(limits: DataControlReader.Limits) {
        self.limits = limits
    }

    public var isBusy: Bool { job != nil }

    /// The MIME type being read; nil when no fetch is in flight.
    public var mimeTypeInFlight: String? { job?.current.mimeType }

    /// Bytes of the current type so far, and the address space reserved for them (the type's cap once a byte came;
    /// tests check that it never passes the cap).
    public var received: (count: Int, capacity: Int) { (job?.bytes?.count ?? 0, job?.bytes?.capacity ?? 0) }

    /// Starts reading `requests` in order at `now` (monotonic nanoseconds).
    public mutating func fetch(_ requests: [DataControlReader.Request], now: UInt64) -> [Action] {
        precondition(job == nil, "one fetch at a time")
        guard let first = requests.first else { return [.complete([])] }
        job = Job(queue: Array(requests.dropFirst()), current: first, budget: limits.maxBytes,
                  cap: min(first.maxBytes, limits.maxBytes), requestedAt: now, lastProgress: now)
        return request()
    }

    /// How many bytes the next read() may take: one more than the type's cap leaves (so that a source sending too
    /// much is caught), at most `pieceBytes`; 0 when nothing is being read.
    public var readAllowance: Int {
        guard let job else { return 0 }
        // What the cap leaves is at least 0; adding the one only below `pieceBytes` cannot overflow at a cap of Int.max.
        let left = job.cap - (job.bytes?.count ?? 0)
        return left < Self.pieceBytes ? left + 1 : Self.pieceBytes
    }

    /// A read() gave `piece` (at most `readAllowance` bytes) at `now`.
    public mutating func arrived(_ piece: UnsafeRawBufferPointer, now: UInt64) -> [Action] {
        guard job != nil, !piece.isEmpty else { return [] }
        let total = (job!.bytes?.count ?? 0) + piece.count
        guard total <= job!.cap else {
            return failed(.tooLarge(bytes: total, limit: job!.cap), now: now)
        }
        if job!.bytes == nil {
            guard let reserved = IncomingBytes(capacity: job!.cap) else { return failed(.noMemory(bytes: job!.cap), now: now) }
            job!.bytes = reserved
        }
        let bytes = job!.bytes!
        bytes.writeSpare { start, _ in start.copyMemory(from: piece.baseAddress!, byteCount: piece.count) }
        bytes.commit(piece.count)
        job!.lastProgress = now
        return []
    }

    /// read() gave 0: the source closed its end, the type is complete (possibly empty).
    public mutating func endOfFile(now: UInt64) -> [Action] {
        guard job != nil else { return [] }
        let bytes = job!.bytes?.data ?? Data()
        job!.bytes = nil
        job!.results.append(.init(mimeType: job!.current.mimeType, result: .success(bytes),
                                  seconds: Self.seconds(now &- job!.requestedAt)))
        job!.budget -= bytes.count
        return next(now: now)
    }

    /// read() failed with `errno` (not EAGAIN or EINTR).
    public mutating func readFailed(errno: Int32, now: UInt64) -> [Action] {
        failed(.readFailed(errno: errno), now: now)
    }

    /// The `.receive` could not be performed: no pipe (`errno`), or the offer is gone (nil).
    public mutating func receiveFailed(errno: Int32?, now: UInt64) -> [Action] {
        failed(errno.map { .noPipe(errno: $0) } ?? .offerGone, now: now)
    }

    /// The timer fired at `now`: the type fails when the source has been silent for `limits.timeout`; otherwise the
    /// timer is armed for what is left of it (the silence restarts at each piece without re-arming per piece).
    public mutating func deadlinePassed(now: UInt64) -> [Action] {
        guard let current = job else { return [] }
        let silent = Self.seconds(now &- current.lastProgress)
        guard silent < limits.timeout else { return failed(.timedOut(seconds: limits.timeout), now: now) }
        return [.armDeadline(seconds: limits.timeout - silent)]
    }

    /// Abandons the fetch, reporting `reason` for the type being read; the types not asked yet get no result.
    public mutating func cancel(reason: String, now: UInt64) -> [Action] {
        failed(.abandoned(reason), now: now)
    }

    private mutating func failed(_ failure: DataControlReadFailure, now: UInt64) -> [Action] {
        guard job != nil else { return [] }
        job!.bytes = nil
        job!.results.append(.init(mimeType: job!.current.mimeType, result: .failure(failure),
                                  seconds: Self.seconds(now &- job!.requestedAt)))
        switch failure {
        case .timedOut, .abandoned, .offerGone:
            // A source silent for one type is silent for the rest; a dropped or vanished offer has no rest.
            return finish()
        case .tooLarge, .readFailed, .noPipe, .noMemory:
            return next(now: now)
        }
    }

    private mutating func next(now: UInt64) -> [Action] {
        guard job != nil, !job!.queue.isEmpty else { return finish() }
        let request = job!.queue.removeFirst()
        job!.current = request
        job!.cap = min(request.maxBytes, job!.budget)
        job!.requestedAt = now
        job!.lastProgress = now
        return [.closePipe] + self.request()
    }

    private func request() -> [Action] {
        guard let job else { return [] }
        return [.receive(mimeType: job.current.mimeType), .armDeadline(seconds: limits.timeout)]
    }

    private mutating func finish() -> [Action] {
        guard let done = job else { return [] }
        job = nil
        return [.closePipe, .cancelDeadline, .complete(done.results)]
    }

    private static func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }
}
