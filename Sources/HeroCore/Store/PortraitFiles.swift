#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Large portraits, one file each in a folder beside the database (`<database>-portraits/`), named by the
/// lower-case hex SHA-256 of their bytes. The row in `portraits` says which file (`in_file = 1`, `sha256`).
///
/// Why files: SQLite writes a large blob as one WAL frame per 4 KiB page, then copies it all again when it
/// checkpoints, which costs several times the time and CPU of one `write` and one `fdatasync` of the same bytes
/// (BENCHMARKS.md has the figures). Small portraits stay in the row, where one transaction keeps them (SQLite's
/// own measurements put the break-even near 100 KB).
///
/// The rules that keep rows and files in agreement across processes (all writers hold SQLite's write lock for the
/// steps marked "locked"):
/// - A file is written whole to a temporary name (or with none, `O_TMPFILE`, and named once written),
///   `fdatasync`ed, renamed into place and the folder synced,
///   before any row names it. Writers place it before taking the lock, then check it again, locked, before they
///   insert the row (another process may have removed it meanwhile) and write it again if it is gone.
/// - A file no row names any more is renamed aside, locked, and deleted once the transaction committed; a
///   rollback renames it back. So a committed row never names a missing file, short of someone deleting it.
/// - Left-overs of a crash (a temporary file, a file set aside, a file placed whose transaction never came) are
///   swept by `FavoritesStore.sweepPortraitFiles`, locked, when the agent starts.
struct PortraitFiles {
    /// The folder; created on the first file.
    let folder: String

    /// The folder for the database at `databasePath`; nil for an in-memory database, whose portraits all stay
    /// in their rows.
    init?(databasePath: String) {
        guard !databasePath.isEmpty, databasePath != ":memory:", !databasePath.hasPrefix("file:") else { return nil }
        folder = databasePath + "-portraits"
    }

    /// Whether `name` is a digest as this store writes them: 64 lower-case hex digits. Anything else in a row (a
    /// database edited by hand) is never turned into a path, so a row cannot name a file outside the folder.
    static func isDigest<S: StringProtocol>(_ name: S) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    func path(of sha256: String) -> String { folder + "/" + sha256 }

    /// Whether the file for `sha256` is there with exactly `byteCount` bytes.
    func holds(sha256: String, byteCount: Int) -> Bool {
        guard Self.isDigest(sha256) else { return false }
        var info = stat()
        return lstat(path(of: sha256), &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) == byteCount
    }

    /// Makes the file for `sha256` hold `data`, durably; false when it was already there (same name, same size:
    /// the name is the content's digest).
    @discardableResult
    func place(_ data: Data, sha256: String) throws(StoreError) -> Bool {
        guard Self.isDigest(sha256) else { throw .portraitFile(path: folder, detail: "\(sha256) is no SHA-256 digest") }
        if holds(sha256: sha256, byteCount: data.count) { return false }
        let staged: Result<String, StoreError> = data.withUnsafeBytes { raw in Result { () throws(StoreError) in try stage(raw) } }
        let temporary = try staged.get()
        return try adopt(temporary, sha256: sha256, byteCount: data.count)
    }

    /// Writes `bytes` to a new temporary file in the folder and syncs it; returns its path.
    func stage(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> String {
        let (fd, temporary) = try createTemporary()
        let ok = Self.writeDurably(fd, bytes)
        let error = failure(temporary, "cannot write")
        close(fd)
        guard ok else { unlink(temporary); throw error }
        return temporary
    }

    /// A new, empty temporary file in the folder (named so that `FavoritesStore.sweepPortraitFiles` knows whose it
    /// is), open for writing: its descriptor and path.
    func createTemporary() throws(StoreError) -> (fd: Int32, path: String) {
        try makeFolder()
        let temporary = temporaryName()
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(temporary, "cannot create") }
        return (fd, temporary)
    }

    /// A fresh temporary name in the folder: `.tmp-PID-RANDOM`, which `FavoritesStore.sweepPortraitFiles` removes
    /// once process PID is gone.
    private func temporaryName() -> String {
        folder + "/.tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    }

    /// A new file in the folder with no name (`O_TMPFILE`), open for writing: nothing of it can be seen, or left
    /// behind by a crash, until `name(_:)` gives it one. Throws where the file system cannot make one.
    func createUnnamed() throws(StoreError) -> Int32 {
        try makeFolder()
        let fd = open(folder, Self.oTmpfile | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(folder, "cannot create an unnamed file") }
        return fd
    }

    /// Gives the unnamed file open as `fd` a temporary name in the folder and returns it. Through `/proc/self/fd`, as open(2) says: `AT_EMPTY_PATH` would need a capability.
    func name(_ fd: Int32) throws(StoreError) -> String {
        let temporary = temporaryName()
        guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
            throw failure(temporary, "cannot name the file")
        }
        return temporary
    }

    /// Renames the synced temporary file `temporary` (of `byteCount` bytes) into place as the file for `sha256`,
    /// and syncs the folder; when that file is already there the temporary one goes. True when it was renamed.
    func adopt(_ temporary: String, sha256: String, byteCount: Int) throws(StoreError) -> Bool {
        guard Self.isDigest(sha256) else { unlink(temporary); throw .portraitFile(path: folder, detail: "\(sha256) is no SHA-256 digest") }
        if holds(sha256: sha256, byteCount: byteCount) { unlink(temporary); return false }
        let final = path(of: sha256)
        guard rename(temporary, final) == 0 else {
            let error = failure(final, "cannot rename into place")
            unlink(temporary)
            throw error
        }
        syncFolder()
        return true
    }

    /// Direct I/O's unit: offsets, lengths and buffer addresses are multiples of it (4 KiB covers the 512-byte and
    /// 4 KiB logical blocks of disks).
    static let directUnit = 4096
    /// The bounce buffer for bytes whose address is not aligned: small enough to cost nothing to fault in.
    static let bounceBytes = 1 << 20
    /// `O_DIRECT`, which Glibc's headers only name under `_GNU_SOURCE` (the kernel's number, per architecture).
    #if arch(arm64)
    static let oDirect: Int32 = 0o200000
    #else
    static let oDirect: Int32 = 0o40000
    #endif
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), likewise only under `_GNU_SOURCE`.
    #if arch(arm64)
    static let oTmpfile: Int32 = 0o20040000
    #else
    static let oTmpfile: Int32 = 0o20200000
    #endif

    /// Writes all of `bytes` to `fd` and `fdatasync`s it. The whole blocks go by direct I/O (`O_DIRECT`), straight
    /// from `bytes` when it is page-aligned (an INCR transfer's reservation is) or through a 1 MiB aligned bounce
    /// buffer; the tail of less than a block by a plain write. Why: written through the page cache, a large
    /// portrait needs a fresh page-cache page per 4 KiB. On a virtual machine each never-touched page costs the
    /// hypervisor a fault, which made such a write many times slower than one into pages just freed; by direct I/O
    /// it takes about as long as the fast case, and the `fdatasync` after it is nearly free (BENCHMARKS.md). Where
    /// direct I/O is refused (tmpfs, some file systems) everything goes through the page cache. With `start` (a
    /// multiple of `directUnit`, where the descriptor's offset stands) the bytes before it are already written.
    static func writeDurably(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Bool {
        var written = start
        func plain(upTo end: Int) -> Bool {
            while written < end {
                let n = write(fd, bytes.baseAddress! + written, end - written)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
        let blocks = bytes.count / directUnit * directUnit
        let flags = fcntl(fd, F_GETFL)
        if blocks - start >= bounceBytes, flags >= 0, fcntl(fd, F_SETFL, flags | oDirect) == 0 {
            if Int(bitPattern: bytes.baseAddress) % directUnit == 0 {
                while written < blocks {
                    let n = write(fd, bytes.baseAddress! + written, blocks - written)
                    if n < 0 && errno == EINTR { continue }
                    // A short or refused direct write (EINVAL: the file system wants other alignment) leaves the
                    // rest to the plain path below, from a block boundary.
                    guard n > 0, n % directUnit == 0 else { break }
                    written += n
                }
            } else if let bounce = UnsafeMutableRawPointer(bitPattern: Int(bitPattern: aligned_alloc(directUnit, bounceBytes))) {
                defer { free(bounce) }
                while written < blocks {
                    let count = min(bounceBytes, blocks - written)
                    memcpy(bounce, bytes.baseAddress! + written, count)
                    let n = write(fd, bounce, count)
                    if n < 0 && errno == EINTR { continue }
                    guard n == count else { break }
                    written += n
                }
            }
            guard fcntl(fd, F_SETFL, flags) == 0 else { return false }
            // Whatever a direct write left half done is written again from the last whole block.
            written = written / directUnit * directUnit
            guard lseek(fd, off_t(written), SEEK_SET) == off_t(written) else { return false }
        }
        return plain(upTo: bytes.count) && fdatasync(fd) == 0
    }

    /// The bytes of the file for `sha256`; nil when it is missing. A file of another size than its row says is
    /// damaged, and an error (never read past `byteCount`).
    func read(sha256: String, byteCount: Int) throws(StoreError) -> Data? {
        guard Self.isDigest(sha256) else { throw .portraitFile(path: folder, detail: "a row names \"\(sha256.prefix(80))\", no SHA-256 digest") }
        let path = path(of: sha256)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "cannot open")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .portraitFile(path: path, detail: "not a regular file") }
        guard Int(info.st_size) == byteCount else {
            throw .portraitFile(path: path, detail: "it holds \(info.st_size) bytes, its row says \(byteCount); set the portrait again")
        }
        var data = Data(count: byteCount)
        var done = 0
        let ok: Bool = data.withUnsafeMutableBytes { raw in
            while done < byteCount {
                let n = pread(fd, raw.baseAddress! + done, byteCount - done, off_t(done))
                if n < 0 { if errno == EINTR { continue }; return false }
                if n == 0 { return false }
                done += n
            }
            return true
        }
        guard ok else { throw failure(path, "cannot read all \(byteCount) bytes") }
        return data
    }

    /// Renames the file for `sha256` aside, to be deleted (`discard`) or put back (`restore`); nil when missing.
    func setAside(sha256: String) -> String? {
        guard Self.isDigest(sha256) else { return nil }
        let aside = folder + "/.deleted-\(sha256)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        return rename(path(of: sha256), aside) == 0 ? aside : nil
    }

    func discard(_ aside: String) { unlink(aside) }

    func restore(_ aside: String, sha256: String) {
        if rename(aside, path(of: sha256)) == 0 { syncFolder() }
    }

    /// What the folder holds, by name ("." and ".." left out); empty when it does not exist.
    func entries() -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Deletes one entry of the folder by name.
    func remove(_ name: String) { unlink(folder + "/" + name) }

    private func makeFolder() throws(StoreError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw failure(folder, "cannot create the folder") }
    }

    /// A rename is durable once the folder is synced.
    private func syncFolder() {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private func failure(_ path: String, _ what: String) -> StoreError {
        .portraitFile(path: path, detail: "\(what): \(String(cString: strerror(errno)))")
    }
}
