#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Reads local files named in a URI list, refusing anything that is not a regular file within the limit.
/// Opening is non-blocking, so a FIFO or a device named in a hostile list can never hang the agent.
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

    /// The real file system, for `URIListImporter`: what `open` opens.
    public static let disk = Disk()

    /// Opens files with `FileReader.open`.
    public struct Disk: FileOpener {
        public func open(_ path: String, limit: Int) throws(Failure) -> any OpenedFile {
            try FileReader.open(path, limit: limit)
        }
    }

    /// An opened regular file whose size is known to be within the limit; closed when the last reference goes.
    final class OpenFile: OpenedFile {
        let fd: Int32
        let path: String
        /// The size `fstat` gave, within the limit: nothing larger is ever allocated for this file.
        let size: Int
        /// Device and inode: the same file under two names (or twice in one list) has the same identity.
        let identity: Identity

        init(fd: Int32, path: String, size: Int, identity: Identity) {
            self.fd = fd
            self.path = path
            self.size = size
            self.identity = identity
        }

        /// Reads up to `count` bytes from the start of the file.
        func read(upTo count: Int) throws(Failure) -> Data {
            var data = Data(count: count)
            var filled = 0
            let failure: Int32? = data.withUnsafeMutableBytes { raw in
                while filled < count {
                    let n = pread(fd, raw.baseAddress! + filled, count - filled, off_t(filled))
                    if n < 0 { if errno == EINTR { continue }; return errno }
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
        func readWhole() throws(Failure) -> Data {
            let data = try read(upTo: size)
            var extra: UInt8 = 0
            let more = pread(fd, &extra, 1, off_t(size))
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

    static func open(_ path: String, limit: Int) throws(Failure) -> OpenFile {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
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
