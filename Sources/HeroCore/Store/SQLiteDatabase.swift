import CSQLite
import FoundationEssentials

/// SQLite at the edge: the only file that calls the SQLite C API. Turns return codes into `StoreError`s.
/// One connection per process, used from one thread.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    let path: String

    /// `SQLITE_TRANSIENT` is a macro cast that Swift cannot import: SQLite copies the bound bytes at once.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens (creating when `create`) the file at `path` for reading and writing.
    init(path: String, create: Bool) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw StoreError.from(code: rc, message: message, path: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    /// Prepared statements by SQL text, reused: an ingest of 10,000 names runs the same few statements 30,000
    /// times, and preparing each anew was most of SQLite's share of the time (BENCHMARKS.md). Bounded by
    /// the number of distinct SQL texts in the code (values are always bound, never interpolated).
    private var statements: [String: OpaquePointer] = [:]
    /// Statements being stepped right now: a query run from inside another's row callback prepares its own.
    private var inUse: Set<String> = []
    /// What this connection's statements have read since it was opened (`ReadCount`): how tests check that an
    /// ingest reads only the rows it adds or changes, by SQLite's own counters rather than by timing it.
    private(set) var reads = ReadCount()
    /// The handler `setBusyHandler` installed, kept alive for SQLite's calls.
    private var busyHandler: BusyHandler?

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Whether SQLite opened the file read-only (the file or its folder is not writable).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// How long a writer waits for another process's transaction before giving up.
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// In place of the busy timeout, for tests that must know when a connection waits for another's lock: `handler`
    /// is called each time SQLite finds the database locked, with how many times it was called before for this
    /// wait; true tries again, false gives up (SQLITE_BUSY).
    func setBusyHandler(_ handler: @escaping (Int) -> Bool) {
        let box = BusyHandler(handler)
        busyHandler = box
        sqlite3_busy_handler(handle, { context, count in
            Unmanaged<BusyHandler>.fromOpaque(context!).takeUnretainedValue().handler(Int(count)) ? 1 : 0
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    private final class BusyHandler {
        let handler: (Int) -> Bool
        init(_ handler: @escaping (Int) -> Bool) { self.handler = handler }
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(StoreError) {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(error)
            throw StoreError.from(code: rc, message: message, path: path)
        }
    }

    /// Blobs from this size on are bound without a copy (see `query`).
    static let staticBlobBytes = 64 << 10

    /// Prepares, binds, and steps through `sql`, calling `row` for every result row.
    func query(_ sql: String, _ values: [SQLValue] = [], row: (Row) throws(StoreError) -> Void = { _ throws(StoreError) in })
        throws(StoreError)
    {
        let statement: OpaquePointer
        var rc = SQLITE_OK
        let cached = !inUse.contains(sql)
        if cached, let reused = statements[sql] {
            statement = reused
        } else {
            var prepared: OpaquePointer?
            rc = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
            guard rc == SQLITE_OK, let prepared else { throw failure(rc) }
            statement = prepared
            if cached && statements.count < 64 { statements[sql] = prepared }
        }
        let keep = statements[sql] == statement
        if keep { inUse.insert(sql) }
        defer {
            // Read and reset (the last argument) after every run, so a reused statement counts each run once.
            reads.fullScanSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1))
            reads.vmSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
            if keep {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
                inUse.remove(sql)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: rc = sqlite3_bind_null(statement, index)
            case let .integer(v): rc = sqlite3_bind_int64(statement, index, v)
            case let .text(v): rc = sqlite3_bind_text(statement, index, v, -1, Self.transient)
            case let .blob(v):
                // A large blob (a portrait of up to 64 MB) is not copied: `values` keeps its heap storage alive
                // until the statement has run, and the bindings are cleared right after (SQLITE_STATIC). A small
                // `Data` may live inline, where the pointer is only valid inside this closure: that one is copied.
                let copy = v.count < Self.staticBlobBytes
                rc = v.withUnsafeBytes { raw in
                    sqlite3_bind_blob64(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                        sqlite3_uint64(raw.count), copy ? Self.transient : nil)
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
        while true {
            rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(rc) }
            reads.rows += 1
            try row(Row(statement: statement))
        }
    }

    /// The first column of the first row as an integer, or nil when there is no row.
    func scalar(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int64? {
        var result: Int64?
        try query(sql, values) { row throws(StoreError) in if result == nil { result = row.integer(0) } }
        return result
    }

    /// Number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so `busy_timeout`
    /// applies (a deferred read-then-write upgrade fails at once with SQLITE_BUSY_SNAPSHOT in WAL mode).
    func writeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a deferred transaction, so that all its reads see one snapshot of the database.
    func readTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    private func failure(_ rc: Int32) -> StoreError {
        StoreError.from(code: rc, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }

    /// A value bound to a `?` parameter.
    enum SQLValue {
        case null
        case integer(Int64)
        case text(String)
        case blob(Data)
    }

    /// The current row of a statement; valid only inside the `row` callback.
    struct Row {
        let statement: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            return String(cString: bytes)
        }
        func blob(_ column: Int32) -> Data {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return Data() }
            return Data(bytes: bytes, count: count)
        }
    }
}

extension StoreError {
    /// Maps an SQLite result code to the error a person can act on.
    static func from(code: Int32, message: String, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_CORRUPT: return .corrupt(path: path, detail: message)
        case SQLITE_NOTADB: return .notHeroBridge(path: path, detail: "not an SQLite database")
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_CANTOPEN: return .cannotOpen(path: path, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_FULL: return .sqlite(path: path, detail: "the disk is full")
        default: return .sqlite(path: path, detail: message)
        }
    }
}
