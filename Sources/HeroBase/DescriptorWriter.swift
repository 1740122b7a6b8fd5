#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Writes to a file descriptor: the CLI's terminal and the service's unit files.
public enum DescriptorWriter {
    /// Writes all of `data`, retrying short writes; an error (a closed pipe) ends the write quietly.
    public static func writeAll(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
