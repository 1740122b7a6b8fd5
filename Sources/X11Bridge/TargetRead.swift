import FoundationEssentials
import HeroBase

/// Why one target could not be read.
public enum TargetReadFailure: Error, Equatable, CustomStringConvertible {
    /// The owner answered with property None: no such target, or it could not convert.
    case refused
    /// The owner did not answer within the timeout; `step` says at which point.
    case timedOut(step: String, seconds: Double)
    /// The data grew past the byte limit (or an INCR announced more).
    case tooLarge(bytes: Int, limit: Int)
    /// An INCR transfer announced more bytes than the limit, or a reply property was found to hold more before
    /// it was read; nothing more was read.
    case announcedTooLarge(bytes: Int, limit: Int)
    /// An INCR chunk had another type than the first one.
    case typeChanged
    /// The reply property vanished before it could be read (owner gone, or another client deleted it).
    case propertyMissing
    /// The transfer was dropped by the reader (a newer change, the owner went away, shutdown).
    case abandoned(String)
    /// The address space for an INCR transfer of up to `bytes` could not be reserved; nothing was read.
    case noMemory(bytes: Int)

    public var description: String {
        switch self {
        case .refused: return "refused"
        case let .timedOut(step, seconds): return "did not answer \(step) within \(Self.format(seconds)) s"
        case let .tooLarge(bytes, limit):
            return "sent more than \(ByteCount.format(limit)) (\(ByteCount.format(bytes)) so far); transfer abandoned"
        case let .announcedTooLarge(bytes, limit):
            return "announced \(ByteCount.format(bytes)), over the limit of \(ByteCount.format(limit)); not read"
        case .typeChanged: return "changed the data type in the middle of an INCR transfer"
        case .propertyMissing: return "reply property vanished before it was read"
        case let .abandoned(reason): return "abandoned: \(reason)"
        case let .noMemory(bytes): return "could not reserve \(ByteCount.format(bytes)) for the transfer; not read"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// The state machine of reading one target: SelectionNotify, then either the whole property, or INCR chunks
/// until a zero-length one. A value with no X11 in it: the glue (`SelectionReader`) reads properties and feeds
/// them in, and performs the outcome. Each outcome that says `.waiting` means: re-arm the per-step timeout.
public struct TargetRead: Equatable {
    public enum State: Equatable {
        case awaitingNotify
        /// INCR in progress: bytes so far (in a reservation of `maxBytes`, which chunks are read straight into),
        /// the type of the first chunk (nil before it), chunks received.
        case awaitingChunk(received: IncomingBytes, type: UInt?, format: Int, chunks: Int)
        case complete
        case failed(TargetReadFailure)
    }

    public enum Outcome: Equatable {
        case waiting
        case complete(PropertyValue)
        case failed(TargetReadFailure)
    }

    public let target: String
    public let maxBytes: Int
    /// The `INCR` atom of the connection.
    public let incrType: UInt
    public private(set) var state: State = .awaitingNotify
    /// The step a timeout would be blamed on, for the log.
    public var step: String {
        switch state {
        case .awaitingNotify: return target
        case let .awaitingChunk(_, _, _, chunks): return "\(target) INCR chunk \(chunks + 1)"
        case .complete, .failed: return target
        }
    }

    public init(target: String, maxBytes: Int, incrType: UInt) {
        self.target = target
        self.maxBytes = maxBytes
        self.incrType = incrType
    }

    /// The SelectionNotify arrived. `property` is the reply property's value after reading (and deleting) it;
    /// nil with `refused` true when the owner answered None, nil otherwise when the property was missing.
    public mutating func notified(_ property: PropertyValue?, refused: Bool) -> Outcome {
        guard state == .awaitingNotify else { return .waiting }
        if refused { return fail(.refused) }
        guard let property else { return fail(.propertyMissing) }
        guard property.type == incrType else {
            guard property.bytes.count <= maxBytes else { return fail(.tooLarge(bytes: property.bytes.count, limit: maxBytes)) }
            state = .complete
            return .complete(property)
        }
        // INCR: the value is a lower bound of the size; xclip writes zero items (size unknown). The whole budget
        // is reserved (address space only), so that no chunk ever moves the bytes before it.
        let announced = property.items32.first.map(Int.init) ?? 0
        guard announced <= maxBytes else { return fail(.announcedTooLarge(bytes: announced, limit: maxBytes)) }
        guard let buffer = IncomingBytes(capacity: maxBytes) else { return fail(.noMemory(bytes: maxBytes)) }
        state = .awaitingChunk(received: buffer, type: nil, format: 8, chunks: 0)
        return .waiting
    }

    /// A PropertyNewValue for the reply property arrived during INCR, and was read (and deleted) as `chunk`:
    /// its bytes are copied to the end of the transfer's, then taken as by `chunkWritten`.
    public mutating func chunkArrived(_ chunk: PropertyValue?) -> Outcome {
        guard case let .awaitingChunk(received, _, _, _) = state else { return .waiting }
        guard let chunk else { return fail(.propertyMissing) }
        if chunk.bytes.count <= received.spare {
            received.writeSpare { destination, _ in
                chunk.bytes.withUnsafeBytes { source in
                    if let start = source.baseAddress { destination.copyMemory(from: start, byteCount: source.count) }
                }
            }
        }
        return chunkWritten(type: chunk.type, format: chunk.format, bytes: chunk.bytes.count)
    }

    /// A chunk of `bytes` was read straight into `incoming`'s spare bytes (`XConnection.readProperty(…into:)`):
    /// they become part of the value only when the chunk is accepted (its type unchanged, within `maxBytes`).
    public mutating func chunkWritten(type chunkType: UInt, format chunkFormat: Int, bytes: Int) -> Outcome {
        guard case let .awaitingChunk(received, type, format, chunks) = state else { return .waiting }
        if bytes == 0 {
            state = .complete
            // The first chunk decides type and format; the closing zero-length property may carry anything.
            return .complete(PropertyValue(type: type ?? chunkType, format: type == nil ? chunkFormat : format,
                                           bytes: received.data))
        }
        if let type, type != chunkType { return fail(.typeChanged) }
        guard received.count + bytes <= maxBytes else { return fail(.tooLarge(bytes: received.count + bytes, limit: maxBytes)) }
        received.commit(bytes)
        state = .awaitingChunk(received: received, type: chunkType, format: chunkFormat, chunks: chunks + 1)
        return .waiting
    }

    /// Where an INCR transfer's chunks go (nil before the announcement and after the end).
    public var incoming: IncomingBytes? {
        if case let .awaitingChunk(received, _, _, _) = state { return received }
        return nil
    }

    /// The reply property (or INCR chunk) was found, before it was read, to hold `bytes`, more than
    /// `remainingBytes`: the target fails as too large without a byte of it being copied.
    public mutating func replyTooLarge(bytes: Int) -> Outcome {
        switch state {
        case .awaitingNotify: return fail(.announcedTooLarge(bytes: bytes, limit: maxBytes))
        case let .awaitingChunk(received, _, _, _): return fail(.tooLarge(bytes: received.count + bytes, limit: maxBytes))
        case .complete, .failed: return .waiting
        }
    }

    /// How many more bytes this target may take: what a reply property may hold before it is read.
    public var remainingBytes: Int {
        if case let .awaitingChunk(received, _, _, _) = state { return max(0, maxBytes - received.count) }
        return maxBytes
    }

    /// The per-step timeout passed with no answer.
    public mutating func timedOut(after seconds: Double) -> Outcome {
        switch state {
        case .awaitingNotify, .awaitingChunk: return fail(.timedOut(step: step, seconds: seconds))
        case .complete, .failed: return .waiting
        }
    }

    /// Whether the read still waits for the owner.
    public var isActive: Bool {
        switch state {
        case .awaitingNotify, .awaitingChunk: return true
        case .complete, .failed: return false
        }
    }

    /// Whether an INCR transfer is under way (PropertyNewValue events matter then).
    public var isIncremental: Bool {
        if case .awaitingChunk = state { return true }
        return false
    }

    private mutating func fail(_ failure: TargetReadFailure) -> Outcome {
        state = .failed(failure)
        return .failed(failure)
    }
}
