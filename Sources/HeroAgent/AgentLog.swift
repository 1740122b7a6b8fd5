#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// The agent's log on stderr, one line per event. Under systemd (`$JOURNAL_STREAM` set) each line carries a
/// `<N>` syslog priority and no timestamp, since journald adds its own; elsewhere an ISO 8601 UTC timestamp.
public final class AgentLog {
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The most detailed level written: `.warning` for `--quiet`, `.info` by default, `.debug` for `--verbose`.
    public var threshold: Level
    private let journald: Bool
    private let fd: Int32

    public init(threshold: Level = .info, environment: [String: String], fd: Int32 = 2) {
        self.threshold = threshold
        journald = environment["JOURNAL_STREAM"].map { !$0.isEmpty } ?? false
        self.fd = fd
    }

    public func error(_ message: String) { write(.error, message) }
    public func warning(_ message: String) { write(.warning, message) }
    public func notice(_ message: String) { write(.notice, message) }
    public func info(_ message: String) { write(.info, message) }
    public func debug(_ message: String) { write(.debug, message) }

    public func write(_ level: Level, _ message: String) {
        guard level <= threshold else { return }
        let prefix = journald
            ? "<\(level.rawValue)>"
            : Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) + " "
        // Never split a record across lines: a newline inside a message would look like a second event.
        let line = prefix + message.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        line.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
