import FoundationEssentials
import HeroBase
import HeroTransfer

/// The hero favorites core: what the agent, the drop window and the CLI all call. Knows no X11 and no MIME type.
/// It matches names against the catalog, decides with `IngestPlan`, and writes through `FavoritesStore`.
///
/// What one ingest costs does not grow with the store: names are looked up in it by index (`StoredCatalog`), and
/// only the rows the ingest adds or changes are read. The whole catalog is loaded only for those who list it
/// (`catalog`: the CLI's `catalog`, the catalog window), and read again only when the change log says a catalog
/// addition changed.
public final class Favorites {
    public let store: FavoritesStore
    /// The catalog loaded last, with the change log's version it was read at.
    private var loaded: (catalog: Catalog, version: Int64)?
    private let now: () -> Date

    /// Opens nothing more than the store: the catalog's additions are read when first listed, never at start.
    public init(store: FavoritesStore, now: @escaping () -> Date = Date.init) throws(StoreError) {
        self.store = store
        self.now = now
    }

    /// Opens the database at `path` (see `FavoritesStore.init`).
    public convenience init(path: String) throws(StoreError) {
        try self.init(store: FavoritesStore(path: path))
    }

    /// The built-in catalog plus the heroes imported into this database or created here, for listing and
    /// searching (`currentCatalog()`; the catalog last read, or the built-in one, when the store cannot be read).
    public var catalog: Catalog { (try? currentCatalog()) ?? loaded?.catalog ?? .builtIn }

    /// The whole catalog, as it is now: read on the first call, then again only when the change log has an entry
    /// for a catalog addition since (another process's included), or cannot say.
    public func currentCatalog() throws(StoreError) -> Catalog {
        if let loaded {
            let log = try store.database.readTransaction { () throws(StoreError) in
                try store.changes(after: loaded.version, limit: Self.maxChangesRead)
            }
            if let log, !log.entries.contains(where: { $0.kind == "hero" }) {
                self.loaded = (loaded.catalog, log.version)
                return loaded.catalog
            }
        }
        return try reloadCatalog()
    }

    /// Re-reads the catalog additions, which another process may have changed.
    @discardableResult
    public func reloadCatalog() throws(StoreError) -> Catalog {
        let (additions, version) = try store.database.readTransaction { () throws(StoreError) in
            (try store.catalogAdditions(), try store.changeVersion())
        }
        let catalog = Catalog.builtIn.adding(keyed: additions)
        loaded = (catalog, version)
        return catalog
    }

    /// Most change-log entries read to bring a reader up to date; past that it reads everything once.
    static let maxChangesRead = 2048

    /// Feeds what one copy or drop delivered into the favorites, in one transaction. Bounded by `context`
    /// (`maxNames`, `maxNewHeroes`) and linear in the names it considers: each key is computed once, each name
    /// looked up in the store by index, and only the rows it adds or changes are read.
    public func ingest(_ items: [MultiTypeTransferable], context: IngestContext) throws(StoreError) -> IngestReport {
        let plan = try IngestPlan(items: items, context: context, catalog: StoredCatalog(store: store))
        // Hash portraits before taking the write lock: a 50 MB image should not hold other writers up.
        let portraits = plan.favorites.map { $0.portrait.map(Portrait.init) }
        let ontoPortrait = plan.ontoPortrait.map { ($0.name, Portrait($0.image)) }
        // Large portraits' files are written before the lock too; those this ingest created and no row came to
        // name (an image onto a name that is no favorite) are deleted with the transaction.
        // A file staged while the image was checked is taken instead of writing the bytes again.
        var created: [String] = []
        let staged = plan.favorites.map { $0.portrait?.staged } + [plan.ontoPortrait?.image.staged]
        for (portrait, file) in zip(portraits + [ontoPortrait?.1], staged) {
            if let portrait, try store.prepareFile(for: portrait, staged: file) { created.append(portrait.info.sha256) }
        }
        let date = now()

        var report = IngestReport()
        try store.write { () throws(StoreError) in
            for (favorite, portrait) in zip(plan.favorites, portraits) {
                if favorite.addToCatalog { _ = try store.insertCatalogHero(favorite.hero, key: favorite.key, at: date) }
                guard let existing = try store.favorite(key: favorite.key) else {
                    try store.insertFavorite(favorite.hero, key: favorite.key, source: context.source, at: date)
                    if let portrait { try store.setPortrait(portrait, key: favorite.key) }
                    report.outcomes.append(.added(name: favorite.hero.name, withPortrait: portrait != nil))
                    continue
                }
                report.outcomes.append(try updatePortrait(of: existing, key: favorite.key, with: portrait))
            }
            if let (name, portrait) = ontoPortrait {
                let key = HeroName.key(name)
                if let existing = try store.favorite(key: key) {
                    report.outcomes.append(try updatePortrait(of: existing, key: key, with: portrait))
                } else {
                    report.outcomes.append(.ignored(what: "image", reason: "\(name) is not a favorite"))
                }
            }
            for sha256 in created { try store.releaseFile(sha256: sha256) }
        }
        report.outcomes += plan.ignored
        return report
    }

    private func updatePortrait(of existing: Favorite, key: String, with portrait: Portrait?) throws(StoreError)
        -> IngestReport.Outcome
    {
        let name = existing.hero.name
        guard let portrait else { return .unchanged(name: name, reason: "already a favorite") }
        guard existing.hero.portrait?.sha256 != portrait.info.sha256 else {
            return .unchanged(name: name, reason: "already a favorite with this portrait")
        }
        try store.setPortrait(portrait, key: key)
        return .updated(name: name, change: "new portrait")
    }

    /// Adds catalog heroes by name (`spiderman` finds Spider-Man); `createUnknown` makes unknown names custom heroes.
    public func add(names: [String], createUnknown: Bool = false, source: IngestSource = .cli) throws(StoreError) -> IngestReport {
        try ingest(names.map { .text($0) }, context: IngestContext(source: source, acceptUnknown: createUnknown))
    }

    /// Sets the portrait of a favorite, as a drop of the image onto its row does.
    public func setPortrait(of name: String, image: TransferImage, source: IngestSource = .cli) throws -> IngestReport {
        guard let favorite = try favorite(named: name) else { throw HeroError.notAFavorite(name) }
        return try ingest([.image(image)], context: IngestContext(source: source, onto: favorite.hero.name))
    }

    /// Removes favorites by name or key; returns the names removed and the names that were not favorites.
    public func remove(names: [String]) throws(StoreError) -> (removed: [String], missing: [String]) {
        var removed: [String] = [], missing: [String] = []
        try store.write { () throws(StoreError) in
            for name in names {
                let key = HeroName.key(name)
                if let existing = try store.favorite(key: key), try store.deleteFavorite(key: key) {
                    removed.append(existing.hero.name)
                } else {
                    missing.append(name)
                }
            }
        }
        return (removed, missing)
    }

    /// All favorites sorted by name: case- and accent-insensitive, ties by exact name (`HeroName.sortsBefore`).
    public func list() throws(StoreError) -> [Favorite] {
        HeroName.sorted(try store.allFavorites()) { $0.hero.name }
    }

    /// `list()`, read once no other connection is in the middle of a write: the write lock is taken first (and
    /// given back unused). inotify reports another process's WAL write while that writer still holds its
    /// transaction, before the commit is visible, so a plain read then could miss the change for good. Where the
    /// lock cannot be had (a read-only file, a writer busy past the timeout) it is a plain `list()`.
    public func listAfterWritersFinish() throws(StoreError) -> [Favorite] {
        do {
            return HeroName.sorted(try store.write { () throws(StoreError) -> [Favorite] in try store.allFavorites() }) { $0.hero.name }
        } catch {
            return try list()
        }
    }

    /// What changed in the favorites since `version` (the `version` of the changes read before; nil for a first
    /// read), read once no other connection is in the middle of a write, as `listAfterWritersFinish` does: the
    /// favorites the change log names since, each read by its key, or every favorite when the log cannot say
    /// (a first read, more than `maxChangesRead` entries, a log pruned past `version`). Nothing changed costs two
    /// lookups at the end of the log.
    public func changes(since version: Int64?) throws(StoreError) -> FavoritesChanges {
        let changes = try afterWritersFinish { [self] () throws(StoreError) -> FavoritesChanges in
            if let version, let logged = try loggedChanges(after: version) { return logged }
            return FavoritesChanges(version: try store.changeVersion(), all: try store.allFavorites(), changed: [])
        }
        guard let all = changes.all else { return changes }
        return FavoritesChanges(version: changes.version, all: HeroName.sorted(all) { $0.hero.name }, changed: [])
    }

    /// What changed in the favorites since `version`, as `changes(since:)` reads it, but never every favorite:
    /// nil when the change log cannot say (then the reader reads its rows again a page at a time, `rows(after:)`).
    public func loggedChanges(since version: Int64) throws(StoreError) -> FavoritesChanges? {
        try afterWritersFinish { [self] () throws(StoreError) -> FavoritesChanges? in try loggedChanges(after: version) }
    }

    /// The favorites the change log names after `version`, each read by its key; nil when the log cannot say.
    private func loggedChanges(after version: Int64) throws(StoreError) -> FavoritesChanges? {
        guard let log = try store.changes(after: version, limit: Self.maxChangesRead) else { return nil }
        var names: [String: [String]] = [:], order: [String] = []
        for entry in log.entries where entry.kind == "favorite" {
            if names[entry.key] == nil { order.append(entry.key) }
            names[entry.key, default: []] += entry.name.map { [$0] } ?? []
        }
        var changed: [FavoritesChanges.Change] = []
        for key in order {
            changed.append(.init(names: names[key] ?? [], now: try store.favorite(key: key)))
        }
        return FavoritesChanges(version: log.version, all: nil, changed: changed)
    }

    /// `read` inside the write lock, taken and given back unused, so that no other connection is in the middle
    /// of a write (see `listAfterWritersFinish`); a plain read transaction where the lock cannot be had.
    private func afterWritersFinish<T>(_ read: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try store.write(read)
        } catch {
            return try store.database.readTransaction(read)
        }
    }

    /// The first page of the favorites' rows in listing order (`HeroName.sortsBefore`), up to `limit`, with the
    /// change log's version they are at (read together, in one transaction): a window shows them, reads the
    /// following pages with `rows(after:limit:)`, then asks what changed since `version`. Costs the rows it
    /// returns, in any size of store.
    public func firstRows(limit: Int) throws(StoreError) -> (version: Int64, rows: [FavoriteRow]) {
        try store.database.readTransaction { [store] () throws(StoreError) -> (version: Int64, rows: [FavoriteRow]) in
            (try store.changeVersion(), try store.favoriteRows(after: nil, limit: limit))
        }
    }

    /// Up to `limit` favorites' rows in listing order after the one named `name` (an index range, not a scan).
    /// A page read after `firstRows` may already hold changes made since its version; applying those changes
    /// afterwards (`FavoritesChanges.apply`) removes a changed row by its names before putting it back, so the
    /// rows end the same as a single read would give.
    public func rows(after name: String, limit: Int) throws(StoreError) -> [FavoriteRow] {
        try store.favoriteRows(after: name, limit: limit)
    }

    /// How many favorites there are and the one added last.
    public func summary() throws(StoreError) -> FavoritesSummary { try store.summary() }

    /// The favorite `name` means (exact name or key), or nil.
    public func favorite(named name: String) throws(StoreError) -> Favorite? {
        try store.favorite(key: HeroName.key(name))
    }

    /// The stored portrait of favorite `name`, bytes included.
    public func portrait(of name: String) throws -> Portrait {
        guard let favorite = try favorite(named: name) else { throw HeroError.notAFavorite(name) }
        guard let portrait = try store.portrait(key: favorite.hero.key) else { throw HeroError.noPortrait(favorite.hero.name) }
        return portrait
    }

    /// Adds catalog file entries to the catalog; entries with invalid names (over 400 bytes or 100 characters
    /// included) or keys already known are skipped.
    public func importCatalog(_ entries: [CatalogFile.Entry]) throws(StoreError) -> (added: [String], skipped: [String]) {
        let catalog = StoredCatalog(store: store)
        var added: [String] = [], skipped: [String] = []
        let date = now()
        try store.write { () throws(StoreError) in
            for entry in entries {
                // Same exact name as a known hero: nothing new. A new spelling of a known key is kept: exact
                // matching finds it, key matching still finds the hero that came first.
                guard let (name, key) = try? HeroName.validated(entry.name), try catalog.hero(exactName: name) == nil,
                      try store.insertCatalogHero(Hero(name: name, description: entry.description, origin: .import),
                                                  key: key, at: date)
                else { skipped.append(NameLimit.preview(entry.name)); continue }
                added.append(name)
            }
        }
        return (added, skipped)
    }

    /// The heroes imported into this database's catalog or created here, oldest first (`catalog --custom`).
    public func catalogAdditions() throws(StoreError) -> [CatalogAddition] {
        try store.catalogAdditionRows()
    }

    /// Removes imported or custom heroes from the catalog, by name in any spelling (their key). Built-in heroes
    /// are never removed, and neither is a hero that is still a favorite (see `CatalogRemoval.stillFavorite`).
    public func removeFromCatalog(names: [String]) throws(StoreError) -> [CatalogRemoval] {
        var results: [CatalogRemoval] = []
        try store.write { () throws(StoreError) in
            let additions = Dictionary(try store.catalogAdditionRows().map { ($0.key, $0) }) { first, _ in first }
            for raw in names {
                let name = raw.trimmed()
                let key = HeroName.key(name)
                guard !Catalog.builtIn.contains(exactName: name), let addition = additions[key] else {
                    let isBuiltIn = Catalog.builtIn.contains(exactName: name) || Catalog.builtIn.match(name) != nil
                    results.append(isBuiltIn ? .builtIn(name: Catalog.builtIn.match(name)?.name ?? name) : .notFound(name: raw))
                    continue
                }
                let shown = addition.displayName
                if let favorite = try store.favorite(key: key),
                   favorite.hero.name == addition.name || addition.isOverLong && favorite.hero.origin != .catalog {
                    results.append(.stillFavorite(name: shown))
                } else if try store.deleteCatalogHero(key: key) {
                    results.append(.removed(name: shown))
                } else {
                    results.append(.notFound(name: raw))
                }
            }
        }
        return results
    }
}
