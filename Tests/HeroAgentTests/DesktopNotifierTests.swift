import Foundation
import Testing
import TestSupport
@testable import HeroAgent

/// `DesktopNotifier` against sockets that are not a working bus, with no X server and no daemon: it must give up
/// within its reply timeout, hold a bounded number of notifications, and log one line per outage.
@Suite struct DesktopNotifierTests {
    /// A Unix socket that listens and never accepts: the kernel completes the connection, nothing ever answers
    /// (a hung bus).
    final class SilentListener {
        let fd: Int32
        init(path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0 && listen(fd, 16) == 0, "bind/listen: errno \(errno)")
        }
        deinit { close(fd) }
    }

    @Test func aBusThatNeverAnswersCostsTheReplyTimeoutAndHoldsAtMostMaxPending() throws {
        let dir = try TempDirectory("herobridge-notifier")
        defer { dir.remove() }
        let socket = dir.file("bus")
        let listener = try SilentListener(path: socket)
        let logPath = dir.file("log")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFD = open(logPath, O_WRONLY | O_APPEND)
        defer { close(logFD) }
        var limits = DesktopNotifier.Limits()
        limits.replyTimeout = 0.2
        limits.maxPending = 2
        let notifier = DesktopNotifier(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)"],
                                       log: AgentLog(threshold: .debug, environment: [:], fd: logFD), limits: limits)
        for name in ["Thor", "Hulk", "Storm", "Rogue", "Gambit"] {
            notifier.send(DesktopNotification(summary: "Added \(name)", body: ""))
        }
        // A guard against a hang, not a speed check: each attempt ends at its 0.2 s timeout.
        #expect(notifier.drain(within: 30), "the notifier is stuck on a bus that never answers")
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        let lines = log.split(separator: "\n")
        // Every notification was either tried (and failed: the first as the outage's one warning, the others as
        // debug lines) or dropped while the queue was full; 5 sent in a row with room for 2 drops some.
        let tried = lines.filter { $0.contains("cannot reach the session D-Bus at unix:path=\(socket)") }.count
        let dropped = lines.filter { $0.contains("2 still waiting for the bus") }.count
        #expect(lines.filter { $0.contains("notifications: cannot reach") }.count == 1, "\(log)")
        #expect(tried + dropped == 5 && dropped >= 1, "\(log)")
        withExtendedLifetime(listener) {}
    }

    @Test func noBusAtAllIsOneLine() throws {
        let dir = try TempDirectory("herobridge-notifier")
        defer { dir.remove() }
        let logPath = dir.file("log")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFD = open(logPath, O_WRONLY | O_APPEND)
        defer { close(logFD) }
        let notifier = DesktopNotifier(environment: [:], log: AgentLog(threshold: .info, environment: [:], fd: logFD))
        notifier.send(DesktopNotification(summary: "Added Thor", body: ""))
        notifier.send(DesktopNotification(summary: "Added Hulk", body: ""))
        #expect(notifier.drain(within: 30))
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(log.split(separator: "\n").count == 1 && log.contains("notifications: no session D-Bus"), "\(log)")
    }
}
