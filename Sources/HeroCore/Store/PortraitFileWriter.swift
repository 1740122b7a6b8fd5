#if canImport(Glibc)
import Glibc
#endif
import HeroBase
import HeroTransfer

/// A portrait's file written while its bytes still arrive: the whole blocks so far by direct I/O as they come
/// (`advance`), the rest and the sync at the end (`finish`), so that a large portrait's write (mostly the disk's
/// time, little of the CPU's) overlaps its INCR transfer instead of following its validation.
///
/// The file has no name until `finish` (`O_TMPFILE`): it then gets a temporary one and is handed over as a
/// `StagedFile`, which the store renames into place. Before that nothing of it is in the portrait folder, whoever
/// holds the writer and for however long: the agent's file lane runs at `SCHED_IDLE` and, on a loaded machine, may
/// keep a refused image's writer for seconds; a crash leaves nothing to sweep.
///
/// Only for bytes that stay put and start on a page: an INCR transfer's reservation. One thread at a time; the
/// caller orders the calls.
public final class PortraitFileWriter: @unchecked Sendable {
    private let fd: Int32
    private let files: PortraitFiles
    /// Bytes written so far, a whole number of blocks.
    private var written = 0
    /// Whether `advance` still writes: false after a direct write failed (`finish` then writes the rest).
    private var direct = true
    private var finished = false
    /// `advance` waits for this many new bytes: a transfer of 256 KiB chunks costs a write per 4 MiB. A write per
    /// MiB slowed the transfer it overlaps; a write per 4 MiB left it as fast as with no writer (BENCHMARKS.md).
    private static let batch = 4 << 20

    /// Nil when the file cannot be created (a file system without `O_TMPFILE`), or the file system refuses direct
    /// I/O (written through the page cache while the transfer runs, its fresh pages would cost what direct I/O
    /// saves: see `PortraitFiles.writeDurably`). The store then writes the file itself.
    init?(files: PortraitFiles) {
        guard let fd = try? files.createUnnamed() else { return nil }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | PortraitFiles.oDirect) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.files = files
    }

    deinit {
        if !finished { close(fd) }
    }

    /// Writes the whole blocks of `bytes` (all the portrait's bytes so far, from its first) that are not written
    /// yet, once there are `batch` of them. Nothing when `bytes` does not start on a page.
    public func advance(_ bytes: UnsafeRawBufferPointer) {
        let unit = PortraitFiles.directUnit
        guard direct, !finished, let base = bytes.baseAddress, Int(bitPattern: base) % unit == 0 else { return }
        let blocks = bytes.count / unit * unit
        guard blocks - written >= Self.batch else { return }
        while written < blocks {
            let n = write(fd, base + written, blocks - written)
            if n < 0 && errno == EINTR { continue }
            // A short or refused direct write leaves the rest to `finish`, from the last whole block.
            guard n > 0, n % unit == 0 else {
                direct = false
                return
            }
            written += n
        }
    }

    /// Writes what is left of `bytes` (all of the portrait's, the same memory `advance` was given), syncs the file,
    /// names it and hands it over; nil when it could not be written (nothing is left then). Once only.
    public func finish(_ bytes: UnsafeRawBufferPointer) -> StagedFile? {
        guard !finished else { return nil }
        finished = true
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        guard bytes.count >= written, flags >= 0, fcntl(fd, F_SETFL, flags & ~PortraitFiles.oDirect) == 0,
              lseek(fd, off_t(written), SEEK_SET) == off_t(written), PortraitFiles.writeDurably(fd, bytes, from: written),
              let path = try? files.name(fd)
        else { return nil }
        return StagedFile(path: path, byteCount: bytes.count)
    }
}
