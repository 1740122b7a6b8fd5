import Foundation
import Testing
@testable import HeroAgent

/// A Unix datagram socket bound to `name` (a path, or with a leading NUL an abstract name), the stand-in for systemd.
private final class NotifySocket {
    let fd: Int32

    /// `nameBytes` goes into `sun_path` as is; the address length covers exactly those bytes (plus the path's NUL).
    init(nameBytes: [UInt8]) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        try #require(nameBytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: nameBytes) }
        let abstract = nameBytes.first == 0
        let length = socklen_t(MemoryLayout<sa_family_t>.size + nameBytes.count + (abstract ? 0 : 1))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(result == 0, "bind: errno \(errno)")
    }

    /// The next datagram already queued, or nil.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }

    deinit { close(fd) }
}

/// A fresh short directory under /tmp (socket paths must fit in 108 bytes).
private func tempDirectory() throws -> String {
    var template = Array("/tmp/hb-notify-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    try #require(made != nil)
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func removeDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

@Suite("systemd notification")
struct SystemdNotifierTests {
    @Test func notifySendsExactlyTheStateToThePathSocket() throws {
        let dir = try tempDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/notify"
        let socket = try NotifySocket(nameBytes: Array(path.utf8))
        #expect(SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": path]))
        #expect(socket.receive() == "READY=1")
        #expect(socket.receive() == nil) // one datagram, not more
    }

    @Test func notifySendsToTheAbstractNamespace() throws {
        let name = "herobridge-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        let socket = try NotifySocket(nameBytes: [0] + Array(name.utf8))
        #expect(SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": "@" + name]))
        #expect(socket.receive() == "READY=1")
        #expect(socket.receive() == nil)
    }

    @Test func notifySendsOtherStatesVerbatim() throws {
        let dir = try tempDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/notify"
        let socket = try NotifySocket(nameBytes: Array(path.utf8))
        #expect(SystemdNotifier.notify("STOPPING=1\nSTATUS=bye", environment: ["NOTIFY_SOCKET": path]))
        #expect(socket.receive() == "STOPPING=1\nSTATUS=bye")
    }

    @Test func notifyReturnsFalseWithoutTheVariable() {
        #expect(!SystemdNotifier.notify("READY=1", environment: [:]))
        #expect(!SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": ""]))
    }

    @Test func notifyReturnsFalseForAPathToNothing() throws {
        let dir = try tempDirectory()
        defer { removeDirectory(dir) }
        #expect(!SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": dir + "/nobody-listens"]))
        #expect(!SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": "@herobridge-nobody-\(UUID().uuidString)"]))
    }

    @Test func notifyReturnsFalseForAPathTooLongForSunPath() {
        let path = "/tmp/" + String(repeating: "x", count: 200)
        #expect(!SystemdNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": path]))
    }
}
