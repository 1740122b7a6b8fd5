#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Synchronization

/// The agent's log on stderr, one line per event. Under systemd (`$JOURNAL_STREAM` set) each line carries a
/// `<N>` syslog priority and no timestamp, since journald adds its own; elsewhere an ISO 8601 UTC timestamp.
/// Safe from any thread (the event loop and the ingest worker both log): one line is written whole under a lock.
/// A closed or broken stderr only loses the lines: SIGPIPE is ignored by the agent and EPIPE ends the write.
public final class AgentLog: Sendable {
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The most detailed level written: `.warning` for `--quiet`, `.info` by default, `.debug` for `--verbose`.
    public var threshold: Level {
        get { Level(rawValue: level.load(ordering: .relaxed)) ?? .info }
        set { level.store(newValue.rawValue, ordering: .relaxed) }
    }
    private let level: Atomic<Int>
    private let journald: Bool
    private let fd: Int32
    private let lock = Mutex(())

    public init(threshold: Level = .info, environment: [String: String], fd: Int32 = 2) {
        level = Atomic(threshold.rawValue)
        journald = environment["JOURNAL_STREAM"].map { !$0.isEmpty } ?? false
        self.fd = fd
    }

    public func error(_ message: String) { write(.error, message) }
    public func warning(_ message: String) { write(.warning, message) }
    public func notice(_ message: String) { write(.notice, message) }
    public func info(_ message: String) { write(.info, message) }
    public func debug(_ message: String) { write(.debug, message) }

    /// The longest message written, in UTF-8 bytes; the rest is cut at a character boundary and marked `…`.
    /// A line is an event, and no app's data should make one a megabyte long.
    public static let maxMessageBytes = 4096

    public func write(_ level: Level, _ message: String) {
        guard level <= threshold else { return }
        var message = message
        if message.utf8.count > Self.maxMessageBytes {
            let bytes = Array(message.utf8.prefix(Self.maxMessageBytes + 1))
            var cut = Self.maxMessageBytes
            while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 } // not inside a character's bytes
            message = String(decoding: bytes[..<cut], as: UTF8.self) + "…"
        }
        let prefix = journald
            ? "<\(level.rawValue)>"
            : Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) + " "
        // Never split a record across lines: a newline inside a message would look like a second event.
        let line = prefix + message.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        lock.withLock { _ in line.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        } }
    }
}
