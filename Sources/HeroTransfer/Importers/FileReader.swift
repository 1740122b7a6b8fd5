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

    /// An opened regular file whose size is known to be within the limit.
    struct OpenFile: ~Copyable {
        let fd: Int32
        let path: String
        let size: Int

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

        deinit { close(fd) }
    }

    /// The whole content of the regular file at `path`, refused when it is over `limit` bytes.
    public static func readAll(_ path: String, limit: Int) throws(Failure) -> Data {
        let file = try open(path, limit: limit)
        return try file.read(upTo: file.size)
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
        return OpenFile(fd: fd, path: path, size: size)
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
