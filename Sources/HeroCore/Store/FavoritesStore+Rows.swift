import FoundationEssentials

/// Reads and writes of single rows. Writers must run inside `write { }`.
extension FavoritesStore {
    private static let favoriteColumns = """
        f.name, f.description, f.origin, f.source, f.added_at,
        p.mime, p.width, p.height, length(p.bytes), p.sha256
        FROM favorites f LEFT JOIN portraits p ON p.favorite_key = f.key
        """

    /// All favorites, in no particular order (callers sort with `HeroName.sortsBefore`). Portrait bytes are not loaded.
    func allFavorites() throws(StoreError) -> [Favorite] {
        var result: [Favorite] = []
        try database.query("SELECT \(Self.favoriteColumns)") { row throws(StoreError) in result.append(Self.favorite(row)) }
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

    /// The portrait of the favorite stored under `key`, bytes included, or nil.
    func portrait(key: String) throws(StoreError) -> Portrait? {
        var result: Portrait?
        try database.query("SELECT mime, width, height, sha256, bytes FROM portraits WHERE favorite_key = ?",
                           [.text(key)]) { row throws(StoreError) in
            let data = row.blob(4)
            result = Portrait(info: PortraitInfo(mime: row.text(0), width: Int(row.integer(1)), height: Int(row.integer(2)),
                                                 byteCount: data.count, sha256: row.text(3)), data: data)
        }
        return result
    }

    /// Inserts `hero` as a favorite under `key` (its `HeroName.key`, which the caller has already computed).
    func insertFavorite(_ hero: Hero, key: String, source: IngestSource, at date: Date) throws(StoreError) {
        try database.query("INSERT INTO favorites (key, name, description, origin, source, added_at) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(key), .text(hero.name), .text(hero.description), .text(hero.origin.rawValue),
                            .text(source.rawValue), .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))])
    }

    /// Replaces the portrait of the favorite under `key`.
    func setPortrait(_ portrait: Portrait, key: String) throws(StoreError) {
        try database.query("INSERT OR REPLACE INTO portraits (favorite_key, mime, width, height, sha256, bytes) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(key), .text(portrait.info.mime), .integer(Int64(portrait.info.width)),
                            .integer(Int64(portrait.info.height)), .text(portrait.info.sha256), .blob(portrait.data)])
    }

    /// Deletes the favorite under `key` (its portrait goes with it); false when there was none.
    func deleteFavorite(key: String) throws(StoreError) -> Bool {
        try database.query("DELETE FROM favorites WHERE key = ?", [.text(key)])
        return database.changes > 0
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
