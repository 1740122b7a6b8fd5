/// The catalog as the store holds it, for matching names one at a time: the built-in heroes from memory, the
/// heroes imported or created in this database looked up in SQLite by exact name (the `heroes_by_name` index) and
/// by key (the primary key). It answers as `Catalog.match` over the built-in catalog plus every addition would,
/// without loading the additions: an ingest costs the same with a hundred of them or a hundred thousand, and finds
/// one another process added a moment ago.
struct StoredCatalog: HeroLookup {
    let store: FavoritesStore

    func match(trimmed name: String, key: String) throws(StoreError) -> (hero: Hero, key: String)? {
        if let hero = try hero(exactName: name) { return hero }
        guard !key.isEmpty else { return nil }
        if let hero = Catalog.builtIn.hero(key: key) { return hero }
        return try store.catalogHero(key: key)
    }

    /// The hero with exactly this name, built-in or added, with its key.
    func hero(exactName name: String) throws(StoreError) -> (hero: Hero, key: String)? {
        if let hero = Catalog.builtIn.hero(exactName: name) { return hero }
        return try store.catalogHero(exactName: name)
    }
}
