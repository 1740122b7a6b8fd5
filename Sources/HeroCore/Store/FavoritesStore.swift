#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// The favorites and imported catalog heroes, in one SQLite file (WAL mode, `busy_timeout`, foreign keys on),
/// and portraits over 256 KiB as files in a folder beside it (`PortraitFiles`).
/// Every change happens in a `BEGIN IMMEDIATE` transaction, so the agent and the CLI can write at once.
/// A file that is not HeroBridge's, corrupt, newer, or read-only is refused and never modified.
public final class FavoritesStore {
    let database: SQLiteDatabase
    public var path: String { database.path }
    /// Where large portraits are kept; nil for an in-memory database (all portraits in their rows).
    let files: PortraitFiles?
    /// Portrait files the write transaction in progress set aside: deleted once it commits, put back otherwise.
    var setAside: [(path: String, sha256: String)] = []

    /// Opens the database at `path`, creating it and its folder when missing, and migrating it to the current
    /// schema. Waits up to `busyTimeoutMilliseconds` for another process's write transaction.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(StoreError) {
        try Self.checkExistingFile(path)
        database = try SQLiteDatabase(path: path, create: true)
        files = PortraitFiles(databasePath: path)
        guard !database.isReadOnly else { throw .readOnly(path: path) }
        database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try database.execute("PRAGMA foreign_keys = ON")
        try migrate()
        try enableWAL(within: busyTimeoutMilliseconds)
    }

    /// Runs `body` in one write transaction; nothing it did is kept when it throws.
    /// Portrait files it set aside are deleted after the commit, or put back after a rollback.
    func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        setAside = []
        defer { setAside = [] }
        do {
            let value = try database.writeTransaction(body)
            for file in setAside { files?.discard(file.path) }
            return value
        } catch {
            for file in setAside.reversed() { files?.restore(file.path, sha256: file.sha256) }
            throw error
        }
    }

    /// Removes what a crash left in the portrait folder, in one write transaction: files no row names, temporary
    /// files and files set aside whose process is gone (a file set aside that a row still names goes back). A file
    /// another process placed for a transaction it has not begun may go too: that process looks again, locked,
    /// and writes it anew. Returns how many entries went. Called by the agent when it starts.
    public func sweepPortraitFiles() throws(StoreError) -> Int {
        guard let files else { return 0 }
        let entries = files.entries()
        guard !entries.isEmpty else { return 0 }
        return try write { () throws(StoreError) -> Int in
            var named = Set<String>()
            try database.query("SELECT DISTINCT sha256 FROM portraits WHERE in_file = 1") { row throws(StoreError) in
                named.insert(row.text(0))
            }
            var removed = 0
            for name in entries {
                if PortraitFiles.isDigest(name) {
                    if !named.contains(name) { files.remove(name); removed += 1 }
                    continue
                }
                // ".tmp-PID-N" and ".deleted-SHA-PID-N": only a dead process's.
                let parts = name.split(separator: "-")
                guard name.hasPrefix(".tmp-") || name.hasPrefix(".deleted-"), parts.count >= 3,
                      let pid = Int32(parts[parts.count - 2]), kill(pid, 0) != 0, errno == ESRCH else { continue }
                let digest = String(parts[1])
                if name.hasPrefix(".deleted-"), named.contains(digest), PortraitFiles.isDigest(digest),
                   access(files.path(of: digest), F_OK) != 0 {
                    files.restore(files.folder + "/" + name, sha256: digest)
                } else {
                    files.remove(name)
                    removed += 1
                }
            }
            return removed
        }
    }

    // MARK: Opening

    /// Refuses, before SQLite touches it, a file that exists but is no SQLite database, or is not writable.
    private static func checkExistingFile(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            try createParentFolder(of: path)
            return
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .cannotOpen(path: path, detail: "not a regular file")
        }
        if info.st_size > 0 {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(path: path, detail: String(cString: strerror(errno))) }
            var header = [UInt8](repeating: 0, count: 16)
            let count = read(fd, &header, 16)
            close(fd)
            guard count == 16, header == Array("SQLite format 3\0".utf8) else {
                throw .notHeroBridge(path: path, detail: "not an SQLite file")
            }
        }
        guard access(path, W_OK) == 0 else { throw .readOnly(path: path) }
    }

    private static func createParentFolder(of path: String) throws(StoreError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        var folder = path.hasPrefix("/") ? "" : "."
        for component in path[..<slash].split(separator: "/") {
            folder += "/" + component
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .cannotOpen(path: path, detail: "cannot create folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Switches the file to WAL (a persistent setting, so only the first opener converts). SQLite answers
    /// SQLITE_BUSY at once, without its busy handler, when another process holds the file during the switch
    /// (seen: 7 of 1800 racing first opens), so the switch is retried here until the busy timeout.
    ///
    /// A database that cannot be WAL keeps the mode SQLite answers with and works: `:memory:` (journal
    /// "memory", a throwaway database) or a file system without shared memory (the rollback journal: writers
    /// then also wait for readers, within the busy timeout). Only `busy` is retried, so this never spins.
    private func enableWAL(within milliseconds: Int32) throws(StoreError) {
        let deadline = EventClock.milliseconds() + Int64(milliseconds)
        var mode = ""
        try database.query("PRAGMA journal_mode") { row throws(StoreError) in mode = row.text(0) }
        if mode.lowercased() == "wal" { return }
        while true {
            do {
                // The pragma answers with the mode now in force: "wal", or the old mode when WAL is impossible.
                try database.query("PRAGMA journal_mode = WAL")
                return
            } catch .busy where EventClock.milliseconds() < deadline {
                usleep(UInt32.random(in: 5_000...20_000))
            }
        }
    }

    /// Gives every favorite without a `sort_key` (the rows of a database older than schema 4) its key, computed
    /// in Swift as new rows get theirs.
    private func fillSortKeys() throws(StoreError) {
        var names: [(key: String, name: String)] = []
        try database.query("SELECT key, name FROM favorites WHERE sort_key IS NULL") { row throws(StoreError) in
            names.append((row.text(0), row.text(1)))
        }
        for (key, name) in names {
            try database.query("UPDATE favorites SET sort_key = ? WHERE key = ?", [.text(HeroName.listingKey(name)), .text(key)])
        }
    }

    /// Brings the schema up to date inside one write transaction. An empty database becomes HeroBridge's;
    /// a database with another application id, or with tables but no HeroBridge id, is refused.
    private func migrate() throws(StoreError) {
        let path = database.path
        func state() throws(StoreError) -> (application: Int64, version: Int, tables: Int64) {
            let application = try database.scalar("PRAGMA application_id") ?? 0
            let version = Int(try database.scalar("PRAGMA user_version") ?? 0)
            let tables = try database.scalar("SELECT count(*) FROM sqlite_master") ?? 0
            return (application, version, tables)
        }
        func check(_ s: (application: Int64, version: Int, tables: Int64)) throws(StoreError) {
            if s.application == Schema.applicationID {
                guard s.version <= Schema.currentVersion else {
                    throw .newerSchema(path: path, version: s.version, supported: Schema.currentVersion)
                }
            } else if s.application != 0 {
                throw .notHeroBridge(path: path, detail: "it belongs to another application (id \(s.application))")
            } else if s.tables > 0 || s.version != 0 {
                throw .notHeroBridge(path: path, detail: "it holds \(s.tables) tables of another program")
            }
        }
        // One snapshot: read separately, another process's migration could land between the reads.
        let before = try database.readTransaction(state)
        try check(before)
        guard before.application != Schema.applicationID || before.version < Schema.currentVersion else { return }
        try database.writeTransaction { () throws(StoreError) in
            let now = try state() // another process may have migrated while we waited for the lock
            try check(now)
            for version in now.version..<Schema.currentVersion {
                try database.execute(Schema.migrations[version])
            }
            if now.version < 4 { try fillSortKeys() }
            try database.execute("PRAGMA application_id = \(Schema.applicationID)")
            try database.execute("PRAGMA user_version = \(Schema.currentVersion)")
        }
    }
}
