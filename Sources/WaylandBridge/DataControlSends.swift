/// The rules of serving a selection's data to its readers, as a value that returns actions (no descriptors, no
/// clock): which `send` request is answered and which closed at once (an unknown type, too many readers), how
/// much one wake-up writes, when a send is done, and which reader is dropped for taking nothing for
/// `stallTimeout`. Several sends run at once, each on its own descriptor. `DataControlSource` performs the actions.
public struct DataControlSends {
    public struct Limits: Sendable, Equatable {
        /// Seconds a reader may take nothing before its send is dropped.
        public var stallTimeout: Double
        /// Sends in flight at once; a reader beyond them is refused (its descriptor closed at once).
        public var maxSends: Int
        /// The most bytes one wake-up writes to one reader.
        public var bytesPerWakeUp: Int

        public init(stallTimeout: Double = 5, maxSends: Int = 16, bytesPerWakeUp: Int = 1 << 20) {
            self.stallTimeout = stallTimeout
            self.maxSends = maxSends
            self.bytesPerWakeUp = bytesPerWakeUp
        }
    }

    public enum Action: Equatable {
        /// Make the descriptor non-blocking and watch it for POLLOUT.
        case watch(fd: Int32)
        /// Stop watching the descriptor and close it; `failure` (nil: the send is complete) is a sentence for the log.
        case close(fd: Int32, failure: String?)
        /// (Re)arm the single timer, to fire `seconds` from now and call `deadlinePassed`.
        case armDeadline(seconds: Double)
        case cancelDeadline
    }

    private struct Send {
        let mimeType: String
        let bytes: [UInt8]
        var offset = 0
        var lastProgress: UInt64
    }

    public let limits: Limits
    private let contents: [String: [UInt8]]
    private var sends: [Int32: Send] = [:]

    /// `contents`: the bytes of each MIME type offered.
    public init(contents: [String: [UInt8]], limits: Limits = .init()) {
        self.contents = contents
        self.limits = limits
    }

    /// Sends in flight.
    public var count: Int { sends.count }

    /// The source was asked to write `mimeType` into `fd` at `now`.
    public mutating func requested(_ mimeType: String, fd: Int32, now: UInt64) -> [Action] {
        guard let bytes = contents[mimeType] else {
            return [.close(fd: fd, failure: "asked for \(mimeType), which is not offered; refused")]
        }
        guard sends.count < limits.maxSends, sends[fd] == nil else {
            return [.close(fd: fd, failure: "asked for \(mimeType) while \(sends.count) sends were under way; refused")]
        }
        let first = sends.isEmpty
        sends[fd] = Send(mimeType: mimeType, bytes: bytes, lastProgress: now)
        return [.watch(fd: fd)] + (first ? [.armDeadline(seconds: limits.stallTimeout)] : [])
    }

    /// What the next write() to `fd` should take: a range of `bytes`, at most `limits.bytesPerWakeUp` long; nil when
    /// `fd` is not a send in flight. An empty range means the send is done (call `wrote(fd:count: 0)`).
    public func nextPiece(fd: Int32) -> (bytes: [UInt8], range: Range<Int>)? {
        guard let send = sends[fd] else { return nil }
        let end = min(send.bytes.count, send.offset + limits.bytesPerWakeUp)
        return (send.bytes, send.offset..<end)
    }

    /// write() to `fd` took `count` bytes at `now`.
    public mutating func wrote(fd: Int32, count: Int, now: UInt64) -> [Action] {
        guard var send = sends[fd] else { return [] }
        send.offset += count
        if count > 0 { send.lastProgress = now }
        guard send.offset >= send.bytes.count else {
            sends[fd] = send
            return []
        }
        return end(fd, failure: nil)
    }

    /// write() to `fd` failed with `errno` (not EAGAIN or EINTR): EPIPE when the reader went away.
    public mutating func writeFailed(fd: Int32, errno: Int32, reason: String) -> [Action] {
        guard let send = sends[fd] else { return [] }
        return end(fd, failure: "the reader of \(send.mimeType) \(reason) after \(send.offset) of \(send.bytes.count) bytes")
    }

    /// The timer fired at `now`: drops the sends whose reader took nothing for `stallTimeout`, and arms the timer for
    /// the next one that could.
    public mutating func deadlinePassed(now: UInt64) -> [Action] {
        var actions: [Action] = []
        let timeout = UInt64(limits.stallTimeout * 1e9)
        for fd in sends.keys.sorted() {
            guard let send = sends[fd], now &- send.lastProgress >= timeout else { continue }
            actions += end(fd, failure: "the reader of \(send.mimeType) took nothing for \(Self.format(limits.stallTimeout)) s "
                               + "after \(send.offset) of \(send.bytes.count) bytes; dropped")
        }
        if let oldest = sends.values.map(\.lastProgress).min() {
            actions.append(.armDeadline(seconds: Double(oldest + timeout &- now) / 1e9))
        }
        return actions
    }

    /// Ends every send (the source is going away).
    public mutating func cancelAll(reason: String) -> [Action] {
        var actions: [Action] = []
        for fd in sends.keys.sorted() {
            guard let send = sends[fd] else { continue }
            actions += end(fd, failure: "the send of \(send.mimeType) was abandoned: \(reason)")
        }
        return actions
    }

    private mutating func end(_ fd: Int32, failure: String?) -> [Action] {
        sends[fd] = nil
        return [.close(fd: fd, failure: failure)] + (sends.isEmpty ? [.cancelDeadline] : [])
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
