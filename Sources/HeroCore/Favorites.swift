import FoundationEssentials
import HeroBase
import HeroTransfer

/// The hero favorites core: what the agent, the drop window and the CLI all call. Knows no X11 and no MIME type.
/// It matches names against the catalog, decides with `IngestPlan`, and writes through `FavoritesStore`.
public final class Favorites {
    public let store: FavoritesStore
    /// The built-in catalog plus the heroes imported into this database.
    public private(set) var catalog: Catalog
    private let now: () -> Date

    public init(store: FavoritesStore, now: @escaping () -> Date = Date.init) throws(StoreError) {
        self.store = store
        self.now = now
        catalog = Catalog.builtIn.adding(keyed: try store.catalogAdditions())
    }

    /// Opens the database at `path` (see `FavoritesStore.init`).
    public convenience init(path: String) throws(StoreError) {
        try self.init(store: FavoritesStore(path: path))
    }

    /// Re-reads the catalog additions, which another process may have changed.
    public func reloadCatalog() throws(StoreError) {
        catalog = Catalog.builtIn.adding(keyed: try store.catalogAdditions())
    }

    /// Feeds what one copy or drop delivered into the favorites, in one transaction. Bounded by `context`
    /// (`maxNames`, `maxNewHeroes`) and linear in the names it considers: each key is computed once.
    public func ingest(_ items: [MultiTypeTransferable], context: IngestContext) throws(StoreError) -> IngestReport {
        try reloadCatalog()
        let plan = IngestPlan(items: items, context: context, catalog: catalog)
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
        if plan.favorites.contains(where: \.addToCatalog) { try reloadCatalog() }
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
        try reloadCatalog()
        var added: [String] = [], skipped: [String] = []
        let date = now()
        try store.write { () throws(StoreError) in
            for entry in entries {
                // Same exact name as a known hero: nothing new. A new spelling of a known key is kept: exact
                // matching finds it, key matching still finds the hero that came first.
                guard let (name, key) = try? HeroName.validated(entry.name), !catalog.contains(exactName: name),
                      try store.insertCatalogHero(Hero(name: name, description: entry.description, origin: .import),
                                                  key: key, at: date)
                else { skipped.append(NameLimit.preview(entry.name)); continue }
                added.append(name)
            }
        }
        try reloadCatalog()
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
        try reloadCatalog()
        return results
    }
}
