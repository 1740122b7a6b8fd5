#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase

/// Reads local files named in a URI list, refusing anything that is not a regular file within the limit.
/// Opening is non-blocking, so a FIFO or a device named in a hostile list can never hang the agent; a file system
/// that never answers can still block these calls, which is why a list's files are read through `FileReadGate`.
public enum FileReader {
    /// Why a file was not read; each message starts with the path.
    public enum Failure: Error, CustomStringConvertible {
        case cannotOpen(path: String, reason: String)
        case notRegular(path: String, kind: String)
        case tooLarge(path: String, bytes: Int, limit: Int)
        case readFailed(path: String, reason: String)
        case rejected(path: String, reason: String)

        public var description: String {
            switch self {
            case let .cannotOpen(path, reason): return "\(path): \(reason)"
            case let .notRegular(path, kind): return "\(path) is \(kind), not a regular file"
            case let .tooLarge(path, bytes, limit):
                return "\(path) is \(ByteCount.format(bytes)), over the limit of \(ByteCount.format(limit))"
            case let .readFailed(path, reason): return "\(path): read failed: \(reason)"
            case let .rejected(path, reason): return "\(path): \(reason)"
            }
        }
    }

    /// The most one `pread` asks for: each answer from the file system is at most this far apart in the file, so a
    /// slow file that keeps answering is told from one that hangs.
    static let chunkBytes = 1 << 20

    /// What `load` found at a path: which file it is, its size, its first bytes, and its whole content when the
    /// caller's decision asked for it.
    public struct Loaded: Sendable {
        public let identity: Identity
        public let size: Int
        public let head: Data
        public let whole: Data?

        public init(identity: Identity, size: Int, head: Data, whole: Data?) {
            self.identity = identity
            self.size = size
            self.head = head
            self.whole = whole
        }
    }

    /// An opened regular file whose size is known to be within the limit.
    struct OpenFile: ~Copyable {
        let fd: Int32
        let path: String
        /// The size `fstat` gave, within the limit: nothing larger is ever allocated for this file.
        let size: Int
        /// Device and inode: the same file under two names (or twice in one list) has the same identity.
        let identity: Identity

        /// Reads up to `count` bytes from the start of the file, at most `chunkBytes` a call, `answered` after each.
        func read(upTo count: Int, answered: () -> Void = {}) throws(Failure) -> Data {
            var data = Data(count: count)
            var filled = 0
            let failure: Int32? = data.withUnsafeMutableBytes { raw in
                while filled < count {
                    let n = pread(fd, raw.baseAddress! + filled, min(count - filled, chunkBytes), off_t(filled))
                    let readError = errno
                    answered()
                    if n < 0 { if readError == EINTR { continue }; return readError }
                    if n == 0 { break }
                    filled += n
                }
                return nil
            }
            if let failure { throw .readFailed(path: path, reason: String(cString: strerror(failure))) }
            data.count = filled
            return data
        }

        /// Reads the whole file: exactly `size` bytes, allocated once. A file that grew since `fstat` is refused
        /// rather than read past the size that was checked (or silently cut).
        func readWhole(answered: () -> Void = {}) throws(Failure) -> Data {
            let data = try read(upTo: size, answered: answered)
            var extra: UInt8 = 0
            let more = pread(fd, &extra, 1, off_t(size))
            answered()
            if more > 0 { throw .readFailed(path: path, reason: "it grew while being read") }
            return data
        }

        deinit { close(fd) }
    }

    /// A file's device and inode numbers.
    public struct Identity: Hashable, Sendable {
        public let device: UInt64
        public let inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The whole content of the regular file at `path`, refused when it is over `limit` bytes (from `fstat`, before
    /// anything is allocated) or when it grows while being read.
    public static func readAll(_ path: String, limit: Int) throws(Failure) -> Data {
        let file = try open(path, limit: limit)
        return try file.readWhole()
    }

    /// Opens `path` and reads its first `headBytes`, then the whole file when `wantsWhole` says so on seeing them: one
    /// open for the decision and the read, so the file decided on is the file read. The blocking part of reading a
    /// listed file; `answered` runs after each system call that returned.
    static func load(_ path: String, limit: Int, headBytes: Int, answered: () -> Void,
                     wantsWhole: (Loaded) -> Bool) throws(Failure) -> Loaded {
        let file = try open(path, limit: limit, answered: answered)
        let head = try file.read(upTo: min(headBytes, file.size), answered: answered)
        let peek = Loaded(identity: file.identity, size: file.size, head: head, whole: nil)
        guard wantsWhole(peek) else { return peek }
        return Loaded(identity: file.identity, size: file.size, head: head, whole: try file.readWhole(answered: answered))
    }

    static func open(_ path: String, limit: Int, answered: () -> Void = {}) throws(Failure) -> OpenFile {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        let openError = errno
        answered()
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(openError))) }
        var info = stat()
        let statted = fstat(fd, &info)
        let statError = errno
        answered()
        guard statted == 0 else {
            let reason = String(cString: strerror(statError))
            close(fd)
            throw .cannotOpen(path: path, reason: reason)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw .notRegular(path: path, kind: describe(kind))
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            close(fd)
            throw .tooLarge(path: path, bytes: size, limit: limit)
        }
        return OpenFile(fd: fd, path: path, size: size,
                        identity: Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
