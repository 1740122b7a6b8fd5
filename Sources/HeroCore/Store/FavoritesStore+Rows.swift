#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// Reads and writes of single rows. Writers must run inside `write { }`.
extension FavoritesStore {
    /// The byte count of a portrait in its row is `length(bytes)`, which SQLite reads from the record's header; the
    /// `byte_count` column, added after the blob, would make it walk the blob's whole overflow chain to get there
    /// (a `list` would read most of the database's bytes), so it is read only for portraits in files,
    /// whose blob is empty. `in_file` is 0 or 1, which SQLite also keeps in the header.
    private static let favoriteColumns = """
        f.name, f.description, f.origin, f.source, f.added_at,
        p.mime, p.width, p.height, CASE WHEN p.in_file = 1 THEN p.byte_count ELSE length(p.bytes) END, p.sha256
        FROM favorites f LEFT JOIN portraits p ON p.favorite_key = f.key
        """

    /// All favorites, in no particular order (callers sort with `HeroName.sortsBefore`). Portrait bytes are not loaded.
    func allFavorites() throws(StoreError) -> [Favorite] {
        var result: [Favorite] = []
        try database.query("SELECT \(Self.favoriteColumns)") { row throws(StoreError) in result.append(Self.favorite(row)) }
        return result
    }

    /// Up to `limit` favorites' rows in listing order (`HeroName.sortsBefore`), starting after the row of the
    /// favorite named `after` (nil: from the first): one range of the `favorites_listed` index, so a page costs
    /// the rows it returns in any size of store (keyset paging: the next page starts after the last name read).
    func favoriteRows(after name: String?, limit: Int) throws(StoreError) -> [FavoriteRow] {
        var result: [FavoriteRow] = []
        let columns = "SELECT f.name, f.description, p.sha256 FROM favorites f LEFT JOIN portraits p ON p.favorite_key = f.key"
        let row = { (row: SQLiteDatabase.Row) throws(StoreError) in
            result.append(FavoriteRow(name: row.text(0), description: row.text(1), portrait: row.isNull(2) ? nil : row.text(2)))
        }
        if let name {
            try database.query("\(columns) WHERE (f.sort_key, f.name) > (?, ?) ORDER BY f.sort_key, f.name LIMIT ?",
                               [.text(HeroName.listingKey(name)), .text(name), .integer(Int64(limit))], row: row)
        } else {
            try database.query("\(columns) ORDER BY f.sort_key, f.name LIMIT ?", [.integer(Int64(limit))], row: row)
        }
        return result
    }

    /// The number of favorites and the one added last (`FavoritesSummary`), in one read transaction so the two agree.
    func summary() throws(StoreError) -> FavoritesSummary {
        try database.readTransaction { () throws(StoreError) -> FavoritesSummary in
            let count = try database.scalar("SELECT count(*) FROM favorites") ?? 0
            var last: Favorite?
            try database.query("SELECT \(Self.favoriteColumns) ORDER BY f.added_at DESC, f.key DESC LIMIT 1") {
                row throws(StoreError) in last = Self.favorite(row)
            }
            return FavoritesSummary(count: Int(count), lastAdded: last)
        }
    }

    /// The favorite stored under `key`, or nil.
    func favorite(key: String) throws(StoreError) -> Favorite? {
        var result: Favorite?
        try database.query("SELECT \(Self.favoriteColumns) WHERE f.key = ?", [.text(key)]) { row throws(StoreError) in
            result = Self.favorite(row)
        }
        return result
    }

    /// The portrait of the favorite stored under `key`, bytes included, or nil. A portrait kept in a file is read
    /// from it; when the file is gone because another process replaced or removed that portrait between the row
    /// and the file, the row is read again (a handful of times: each retry means another write committed).
    func portrait(key: String) throws(StoreError) -> Portrait? {
        for _ in 0..<8 {
            var result: Portrait?
            var file: (sha256: String, count: Int)?
            try database.query("""
                SELECT mime, width, height, sha256, bytes, byte_count, in_file FROM portraits WHERE favorite_key = ?
                """, [.text(key)]) { row throws(StoreError) in
                let inFile = row.integer(6) != 0
                let data = inFile ? Data() : row.blob(4)
                let count = inFile ? Int(row.integer(5)) : data.count
                result = Portrait(info: PortraitInfo(mime: row.text(0), width: Int(row.integer(1)), height: Int(row.integer(2)),
                                                     byteCount: count, sha256: row.text(3)), data: data)
                if inFile { file = (row.text(3), count) }
            }
            guard var portrait = result, let file else { return result }
            guard let files else { throw .portraitFile(path: path, detail: "a row names a file, but this database has no folder") }
            if let data = try files.read(sha256: file.sha256, byteCount: file.count) {
                portrait.data = data
                return portrait
            }
            usleep(1_000)
        }
        throw .portraitFile(path: files?.folder ?? path, detail: "the portrait of \(key) is missing; set it again")
    }

    /// Inserts `hero` as a favorite under `key` (its `HeroName.key`, which the caller has already computed).
    func insertFavorite(_ hero: Hero, key: String, source: IngestSource, at date: Date) throws(StoreError) {
        try database.query("""
            INSERT INTO favorites (key, name, description, origin, source, added_at, sort_key) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(key), .text(hero.name), .text(hero.description), .text(hero.origin.rawValue),
                  .text(source.rawValue), .integer(Int64((date.timeIntervalSince1970 * 1000).rounded())),
                  .text(HeroName.listingKey(hero.name))])
    }

    /// Portraits over this many bytes are kept in a file (`PortraitFiles`), smaller ones in their row.
    static let inlinePortraitBytes = 256 << 10

    /// Whether `portrait` is kept in a file rather than in its row.
    func keepsInFile(_ portrait: Portrait) -> Bool {
        files != nil && portrait.data.count > Self.inlinePortraitBytes
    }

    /// Writes the file of a portrait kept in one, before the write lock is taken, so that a 50 MB portrait holds no
    /// other writer up. True when this call created the file: the caller then releases it (`releaseFile`) in the
    /// transaction, which deletes it should no row have come to name it.
    /// A file staged for it while the image was checked (`stagePortraitFile`) is taken instead of writing.
    func prepareFile(for portrait: Portrait, staged: StagedFile? = nil) throws(StoreError) -> Bool {
        guard let files, keepsInFile(portrait) else { return false }
        if let staged, staged.byteCount == portrait.data.count, let temporary = staged.take() {
            return try files.adopt(temporary, sha256: portrait.info.sha256, byteCount: staged.byteCount)
        }
        return try files.place(portrait.data, sha256: portrait.info.sha256)
    }

    /// Where other threads may write portrait files ahead of the store (`PortraitFileWriter`); nil for an
    /// in-memory database, whose portraits all stay in their rows.
    public var portraitStaging: PortraitStaging? {
        files.map { PortraitStaging(files: $0, inlineBytes: Self.inlinePortraitBytes) }
    }

    /// Writes `bytes`, an image not yet known to be valid, to a synced file in the portrait folder, to be taken by
    /// the ingest that stores it (or deleted with the `StagedFile` when none does). Nil for bytes that would stay
    /// in their row, for an in-memory database, or when the file cannot be written (the ingest then writes and
    /// reports as usual). Safe from any thread: it touches no SQLite state.
    public func stagePortraitFile(_ bytes: UnsafeRawBufferPointer) -> StagedFile? {
        guard let files, bytes.count > Self.inlinePortraitBytes, let path = try? files.stage(bytes) else { return nil }
        return StagedFile(path: path, byteCount: bytes.count)
    }

    /// Replaces the portrait of the favorite under `key`. A file that no row names any more goes.
    func setPortrait(_ portrait: Portrait, key: String) throws(StoreError) {
        let previous = try fileDigest(key: key)
        let inFile = keepsInFile(portrait)
        if inFile, let files {
            // Placed before the lock, normally; another process may have removed it since (see `PortraitFiles`).
            try files.place(portrait.data, sha256: portrait.info.sha256)
        }
        try database.query("""
            INSERT OR REPLACE INTO portraits (favorite_key, mime, width, height, sha256, bytes, byte_count, in_file)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(key), .text(portrait.info.mime), .integer(Int64(portrait.info.width)),
                  .integer(Int64(portrait.info.height)), .text(portrait.info.sha256), .blob(inFile ? Data() : portrait.data),
                  .integer(Int64(portrait.data.count)), .integer(inFile ? 1 : 0)])
        if let previous { try releaseFile(sha256: previous) }
    }

    /// The digest of the file that holds the portrait under `key`, or nil (no portrait, or one in its row).
    private func fileDigest(key: String) throws(StoreError) -> String? {
        var digest: String?
        try database.query("SELECT sha256 FROM portraits WHERE favorite_key = ? AND in_file = 1", [.text(key)]) {
            row throws(StoreError) in digest = row.text(0)
        }
        return digest
    }

    /// Sets the file for `sha256` aside when no row names it, to be deleted once the transaction commits.
    func releaseFile(sha256: String) throws(StoreError) {
        guard let files else { return }
        guard try database.scalar("SELECT count(*) FROM portraits WHERE sha256 = ? AND in_file = 1", [.text(sha256)]) == 0
        else { return }
        if let aside = files.setAside(sha256: sha256) { setAside.append((aside, sha256)) }
    }

    /// Deletes the favorite under `key` (its portrait goes with it); false when there was none.
    func deleteFavorite(key: String) throws(StoreError) -> Bool {
        let file = try fileDigest(key: key)
        try database.query("DELETE FROM favorites WHERE key = ?", [.text(key)])
        let deleted = database.changes > 0
        if let file { try releaseFile(sha256: file) }
        return deleted
    }

    /// Heroes imported into the catalog or created by the user, with their stored keys, for matching. Names over
    /// `HeroName.maxUTF8Bytes` (stored before that limit existed) are left out by SQLite, never loaded: they cannot
    /// be a name, and folding them on every ingest is what made each ingest slow.
    func catalogAdditions() throws(StoreError) -> [(hero: Hero, key: String)] {
        var result: [(hero: Hero, key: String)] = []
        try database.query("""
            SELECT key, name, description, origin FROM heroes WHERE length(CAST(name AS BLOB)) <= ? ORDER BY added_at, key
            """, [.integer(Int64(HeroName.maxUTF8Bytes))]) { row throws(StoreError) in
            result.append((Hero(name: row.text(1), description: row.text(2),
                                origin: HeroOrigin(rawValue: row.text(3)) ?? .custom), row.text(0)))
        }
        return result
    }

    /// The catalog addition with exactly this name, with its stored key: one lookup in `heroes_by_name`. Names
    /// over `HeroName.maxUTF8Bytes` and empty keys are never matched, as `catalogAdditions` leaves them out.
    func catalogHero(exactName name: String) throws(StoreError) -> (hero: Hero, key: String)? {
        try catalogHero(where: "name = ?", name)
    }

    /// The catalog addition stored under `key`: one lookup in the primary key.
    func catalogHero(key: String) throws(StoreError) -> (hero: Hero, key: String)? {
        try catalogHero(where: "key = ?", key)
    }

    private func catalogHero(where condition: String, _ value: String) throws(StoreError) -> (hero: Hero, key: String)? {
        var result: (hero: Hero, key: String)?
        try database.query("""
            SELECT key, name, description, origin FROM heroes
            WHERE \(condition) AND key <> '' AND length(CAST(name AS BLOB)) <= ?
            """, [.text(value), .integer(Int64(HeroName.maxUTF8Bytes))]) { row throws(StoreError) in
            result = (Hero(name: row.text(1), description: row.text(2), origin: HeroOrigin(rawValue: row.text(3)) ?? .custom),
                      row.text(0))
        }
        return result
    }

    /// Every catalog addition for listing, over-long names included as their first 41 characters.
    func catalogAdditionRows() throws(StoreError) -> [CatalogAddition] {
        var result: [CatalogAddition] = []
        try database.query("""
            SELECT key, substr(name, 1, 41), length(CAST(name AS BLOB)), description, origin, added_at
            FROM heroes ORDER BY added_at, key
            """) { row throws(StoreError) in
            result.append(CatalogAddition(
                key: row.text(0), name: row.text(1), nameBytes: Int(row.integer(2)), description: row.text(3),
                origin: HeroOrigin(rawValue: row.text(4)) ?? .custom,
                addedAt: Date(timeIntervalSince1970: Double(row.integer(5)) / 1000)))
        }
        return result
    }

    /// Adds a hero to the catalog additions under `key`; false when the key is already there.
    func insertCatalogHero(_ hero: Hero, key: String, at date: Date) throws(StoreError) -> Bool {
        try database.query("INSERT OR IGNORE INTO heroes (key, name, description, origin, added_at) VALUES (?, ?, ?, ?, ?)",
                           [.text(key), .text(hero.name), .text(hero.description), .text(hero.origin.rawValue),
                            .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))])
        return database.changes > 0
    }

    /// Deletes the catalog addition under `key`; false when there was none.
    func deleteCatalogHero(key: String) throws(StoreError) -> Bool {
        try database.query("DELETE FROM heroes WHERE key = ?", [.text(key)])
        return database.changes > 0
    }

    private static func favorite(_ row: SQLiteDatabase.Row) -> Favorite {
        let portrait: PortraitInfo? = row.isNull(5) ? nil : PortraitInfo(
            mime: row.text(5), width: Int(row.integer(6)), height: Int(row.integer(7)),
            byteCount: Int(row.integer(8)), sha256: row.text(9))
        let hero = Hero(name: row.text(0), description: row.text(1),
                        origin: HeroOrigin(rawValue: row.text(2)) ?? .custom, portrait: portrait)
        return Favorite(hero: hero, source: IngestSource(rawValue: row.text(3)) ?? .cli,
                        addedAt: Date(timeIntervalSince1970: Double(row.integer(4)) / 1000))
    }
}
