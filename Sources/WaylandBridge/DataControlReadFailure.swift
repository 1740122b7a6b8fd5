#if canImport(Glibc)
import Glibc
import HeroBase
#endif

/// Why one MIME type of an offer could not be read; each description completes "text/plain: …" in a log line.
public enum DataControlReadFailure: Error, Equatable, CustomStringConvertible {
    /// The source wrote nothing for `seconds` (the silence timeout, restarted at each piece).
    case timedOut(seconds: Double)
    /// The source sent more than `limit` bytes (`bytes` so far); the pipe was closed.
    case tooLarge(bytes: Int, limit: Int)
    /// The read was dropped by the reader (a newer selection, shutdown).
    case abandoned(String)
    /// The offer was destroyed before this type could be asked for (the device finished, or a reader's holds ran out).
    case offerGone
    /// No pipe could be made for the transfer (descriptors exhausted).
    case noPipe(errno: Int32)
    /// read() on the pipe failed with something other than EAGAIN or EINTR.
    case readFailed(errno: Int32)
    /// The address space for up to `bytes` could not be reserved; nothing more was read.
    case noMemory(bytes: Int)

    public var description: String {
        switch self {
        case let .timedOut(seconds): return "sent nothing for \(Self.format(seconds)) s; transfer abandoned"
        case let .tooLarge(bytes, limit):
            return "sent more than \(ByteCount.format(limit)) (\(ByteCount.format(bytes)) so far); transfer abandoned"
        case let .abandoned(reason): return "abandoned: \(reason)"
        case .offerGone: return "the offer was gone before it was read"
        case let .noPipe(errno): return "no pipe could be made: \(String(cString: strerror(errno))); not read"
        case let .readFailed(errno): return "reading the pipe failed: \(String(cString: strerror(errno))); transfer abandoned"
        case let .noMemory(bytes): return "could not reserve \(ByteCount.format(bytes)) for the transfer; not read"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
