import CLinux
import X11Bridge
#if canImport(Glibc)
import Glibc
#endif

/// One inotify descriptor, read on the agent's event loop. The folders it is told to `add` report the changes of
/// their entries (and of themselves) as `Event`s, in the batches the kernel has ready. Nothing is polled: while
/// nothing changes in a watched folder, the loop never wakes for it.
final class FolderWatch {
    /// What happened to an entry of a watched folder, or to the folder itself.
    struct Kind: OptionSet, Hashable, Sendable {
        let rawValue: UInt32
        /// A file opened for writing was closed: its new content is complete.
        static let written = Kind(rawValue: 1 << 0)
        /// An entry was made in the folder (a file or a folder, by `open(O_CREAT)` or `mkdir`).
        static let created = Kind(rawValue: 1 << 1)
        /// An entry was renamed into the folder (an editor's atomic save ends this way).
        static let movedIn = Kind(rawValue: 1 << 2)
        /// An entry was renamed out of the folder.
        static let movedOut = Kind(rawValue: 1 << 3)
        /// An entry was deleted.
        static let deleted = Kind(rawValue: 1 << 4)
        /// A file's content changed (each write, not only the last).
        static let modified = Kind(rawValue: 1 << 5)
        /// The folder itself was deleted or renamed, or its watch ended: nothing more comes from this watch.
        static let folderGone = Kind(rawValue: 1 << 6)
    }

    /// One change: which watch (`add`'s answer) reported it, what happened, and to which entry ("" for the folder).
    struct Event: Equatable, Sendable {
        let watch: Int32
        let kind: Kind
        let name: String
    }

    private let fd: Int32
    private let loop: EventLoop

    /// nil when inotify is unavailable (a kernel without it, or the per-user limit of instances reached).
    init?(loop: EventLoop, onEvents: @escaping ([Event]) -> Void) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.loop = loop
        loop.watch(fd: fd) { [weak self] in
            guard let events = self?.drain(), !events.isEmpty else { return }
            onEvents(events)
        }
    }

    deinit {
        loop.unwatch(fd: fd)
        close(fd)
    }

    /// Starts watching `folder` for `kinds` (`folderGone` is always reported); the watch's number, or nil when the
    /// folder cannot be watched (it does not exist, is not a folder, or cannot be read), with `errno` saying why.
    func add(_ folder: String, for kinds: Kind) -> Int32? {
        let watch = inotify_add_watch(fd, folder, Self.mask(kinds) | UInt32(IN_ONLYDIR))
        return watch >= 0 ? watch : nil
    }

    /// Stops the watch `watch`; its last event (`folderGone`) may still come, and can be told apart by its number.
    func remove(_ watch: Int32) {
        inotify_rm_watch(fd, watch)
    }

    private static let bits: [(Kind, UInt32)] = [
        (.written, UInt32(IN_CLOSE_WRITE)), (.created, UInt32(IN_CREATE)), (.movedIn, UInt32(IN_MOVED_TO)),
        (.movedOut, UInt32(IN_MOVED_FROM)), (.deleted, UInt32(IN_DELETE)), (.modified, UInt32(IN_MODIFY)),
        (.folderGone, UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED) | UInt32(IN_UNMOUNT)),
    ]

    private static func mask(_ kinds: Kind) -> UInt32 {
        bits.reduce(UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) { kinds.contains($1.0) ? $0 | $1.1 : $0 }
    }

    private static func kind(of mask: UInt32) -> Kind {
        bits.reduce(into: Kind()) { if mask & $1.1 != 0 { $0.insert($1.0) } }
    }

    /// Reads every pending event.
    private func drain() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { return events }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (event, length) = buffer.withUnsafeBytes { raw -> (Event, Int) in
                    let header = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<min(count, nameStart + Int(header.len))].prefix { $0 != 0 }
                    return (Event(watch: header.wd, kind: Self.kind(of: header.mask), name: String(decoding: nameBytes, as: UTF8.self)),
                            Int(header.len))
                }
                events.append(event)
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}
