#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// Writes straight to file descriptors 1 and 2: Glibc's `stdout`/`stderr` are not usable under Swift 6, and
/// `print` to a pipe is buffered out of order with stderr.
enum Terminal {
    static func out(_ text: String) { write(1, Data(text.utf8)) }
    static func err(_ text: String) { write(2, Data(text.utf8)) }

    /// Writes all of `data`, retrying short writes; a closed pipe ends the write quietly.
    static func write(_ fd: Int32, _ data: Data) { DescriptorWriter.writeAll(fd, data) }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Everything on standard input, up to `limit` bytes (a larger input is an error naming the limit).
    static func readStandardInput(limit: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(0, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw RuntimeError("cannot read standard input: \(String(cString: strerror(errno)))") }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw RuntimeError("standard input is over the limit of \(limit) bytes") }
        }
    }
}
