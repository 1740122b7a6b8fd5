import HeroCore

/// The names of the favorites, kept current from `FavoritesChanges`: the catalog window's stars.
struct FavoriteNames {
    private(set) var names: Set<String> = []
    /// The change log's version `names` is at; nil before the first read.
    private(set) var version: Int64?

    mutating func apply(_ changes: FavoritesChanges) {
        version = changes.version
        if let all = changes.all {
            names = Set(all.map(\.hero.name))
            return
        }
        for change in changes.changed {
            names.subtract(change.names)
            if let now = change.now { names.insert(now.hero.name) }
        }
    }
}
