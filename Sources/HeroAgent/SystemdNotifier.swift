#if canImport(Glibc)
import Glibc
#endif

/// sd_notify without libsystemd: one datagram to the Unix socket named by `$NOTIFY_SOCKET` (a leading `@`
/// means the abstract namespace). Does nothing when the variable is unset.
public enum SystemdNotifier {
    /// Sends `state` (e.g. `READY=1`); false when there is no socket or sending failed.
    @discardableResult
    public static func notify(_ state: String, environment: [String: String]) -> Bool {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let sent = state.utf8CString.withUnsafeBufferPointer { message in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(fd, message.baseAddress, message.count - 1, Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
        return sent == state.utf8.count
    }
}
