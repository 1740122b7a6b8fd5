import CLinux
import X11Bridge
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes to the favorites database made by any process (`herobridge add` in a terminal), with
/// inotify on the database's folder, on the agent's event loop: no polling, so idle stays idle.
final class DatabaseWatcher {
    private let fd: Int32
    private let names: Set<String>

    /// Watches the folder of `path` for writes to the database file or its WAL; nil when inotify is unavailable.
    init?(path: String, loop: EventLoop, onChange: @escaping () -> Void) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        names = [file, file + "-wal"]
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else { close(fd); return nil }
        loop.watch(fd: fd) { [weak self] in
            if self?.drain() == true { onChange() }
        }
    }

    deinit { close(fd) }

    /// Reads every pending event; true when one was about the database.
    private func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: nameBytes, as: UTF8.self))
                }
                if names.contains(name) { relevant = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}
