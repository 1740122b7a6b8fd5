#if canImport(Glibc)
import Glibc
#endif

/// Says how taking the selection went: on the pipe to the waiting parent when backgrounded, else on stderr.
struct CopyOutcomeReport {
    let descriptor: Int32?
    let log: AgentLog

    func owned(_ what: String) {
        log.debug("owned: \(what)")
        send("owned")
    }

    /// In the foreground the line looks like every other CLI error (`herobridge: …`), not like a log record.
    func failed(_ message: String) {
        if descriptor == nil {
            let bytes = Array("herobridge: \(message)\n".utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
        send("error: " + message)
    }

    private func send(_ line: String) {
        guard let descriptor else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
