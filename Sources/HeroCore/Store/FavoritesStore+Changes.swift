/// The change log (schema 3): SQLite's triggers append an entry for every change to a favorite, its portrait or a
/// catalog addition, whichever process made it. A reader keeps the last `seq` it saw and reads what came after.
extension FavoritesStore {
    /// One entry of the log: what kind of row changed ("favorite", for a favorite or its portrait; "hero", for a
    /// catalog addition), its key, and the favorite's or hero's name where the changed row had one.
    struct ChangeEntry: Equatable {
        var seq: Int64
        var kind: String
        var key: String
        var name: String?
    }

    /// The last entry's `seq`, 0 when nothing was logged yet: it grows with every committed change, by any
    /// process (one lookup at the end of the log's primary key).
    func changeVersion() throws(StoreError) -> Int64 {
        try database.scalar("SELECT coalesce(max(seq), 0) FROM changes") ?? 0
    }

    /// The entries after `version`, oldest first, with the version they bring the reader to; nil when the log
    /// cannot say everything that changed since `version`: entries after it were pruned, there are more than
    /// `limit`, or the log is behind it (the file was replaced). Reads only the entries after `version` (a range
    /// of the primary key). Call it inside a transaction, so the entries and the rows read next agree.
    func changes(after version: Int64, limit: Int) throws(StoreError) -> (version: Int64, entries: [ChangeEntry])? {
        let current = try changeVersion()
        guard current >= version else { return nil }
        guard current > version else { return (version, []) }
        guard current - version <= Int64(limit) else { return nil }
        var entries: [ChangeEntry] = []
        try database.query("SELECT seq, kind, key, name FROM changes WHERE seq > ? ORDER BY seq", [.integer(version)]) {
            row throws(StoreError) in
            entries.append(ChangeEntry(seq: row.integer(0), kind: row.text(1), key: row.text(2),
                                       name: row.isNull(3) ? nil : row.text(3)))
        }
        // Committed entries are numbered without gaps (AUTOINCREMENT's counter rolls back with its transaction), so
        // a first entry past `version + 1` means the ones between were pruned; a gap of any other cause costs one
        // full read, never a missed change.
        guard entries.first?.seq == version + 1, entries.last?.seq == current else { return nil }
        return (current, entries)
    }
}
