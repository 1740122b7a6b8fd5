/// What a connection's statements read, by SQLite's own counters (`SQLiteDatabase.reads`): the rows they returned,
/// the steps SQLite took forward through a table or index in a full scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`), and
/// the steps of its virtual machine (`SQLITE_STMTSTATUS_VM_STEP`: every row a statement visits costs some, so a
/// statement that walks a table shows here however few rows it returns, and so do the triggers it fires). Tests
/// take one before and after an operation and compare the difference across store sizes: an ingest that scanned
/// would grow with the store.
struct ReadCount: Equatable, CustomStringConvertible {
    var rows = 0
    var fullScanSteps = 0
    var vmSteps = 0

    static func - (after: ReadCount, before: ReadCount) -> ReadCount {
        ReadCount(rows: after.rows - before.rows, fullScanSteps: after.fullScanSteps - before.fullScanSteps,
                  vmSteps: after.vmSteps - before.vmSteps)
    }

    var description: String { "\(rows) rows, \(fullScanSteps) full-scan steps, \(vmSteps) VM steps" }
}
