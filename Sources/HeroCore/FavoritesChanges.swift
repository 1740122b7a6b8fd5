/// What changed in the favorites since a reader last looked (`Favorites.changes(since:)`), to be applied to the
/// rows it shows: only the favorites that changed, each with the names its old row may be shown under and its row
/// now; or, when the store's change log could not say (the first read, a reader too far behind), every favorite.
public struct FavoritesChanges: Sendable, Equatable {
    /// The change log's `seq` these changes bring the reader to: what it passes next time.
    public let version: Int64
    /// Every favorite, sorted (`HeroName.sortsBefore`), when the change log could not say what changed.
    public let all: [Favorite]?
    /// The favorites that changed, when it could.
    public let changed: [Change]

    public struct Change: Sendable, Equatable {
        /// The names the favorite had in the changed rows: its row in a listing is found by them.
        public let names: [String]
        /// The favorite now; nil when it was removed.
        public let now: Favorite?
    }

    /// Nothing to do: no favorite changed.
    public var isEmpty: Bool { all == nil && changed.isEmpty }

    /// Applies the changes to `rows`, sorted by `HeroName.sortsBefore` as `Favorites.list` sorts them: each
    /// changed favorite's old row goes, its new row goes in at its place. Costs a binary search per changed name
    /// (a sort key for each row it compares) and an insert or removal in the array (a move of its tail), not a
    /// pass over the rows. Returns the rows taken out (all of them when every favorite was read).
    @discardableResult
    public func apply(to rows: inout [Favorite]) -> [Favorite] {
        apply(to: &rows, name: \.hero.name) { $0 }
    }

    /// The same, for a listing that keeps only each favorite's `FavoriteRow` (the drop window's).
    @discardableResult
    public func apply(to rows: inout [FavoriteRow]) -> [FavoriteRow] {
        apply(to: &rows, name: \.name, row: FavoriteRow.init)
    }

    private func apply<Row>(to rows: inout [Row], name: (Row) -> String, row: (Favorite) -> Row) -> [Row] {
        if let all {
            defer { rows = all.map(row) }
            return rows
        }
        var removed: [Row] = []
        for change in changed {
            for changedName in Set(change.names + [change.now?.hero.name].compactMap { $0 }) {
                let index = Self.position(of: changedName, in: rows, name: name)
                if index < rows.count, name(rows[index]) == changedName { removed.append(rows.remove(at: index)) }
            }
            if let now = change.now {
                rows.insert(row(now), at: Self.position(of: now.hero.name, in: rows, name: name))
            }
        }
        return removed
    }

    /// The first index whose row does not sort before `name`.
    public static func position<Row>(of name: String, in rows: [Row], name rowName: (Row) -> String) -> Int {
        var low = 0, high = rows.count
        let key = HeroName.sortKey(name)
        while low < high {
            let middle = (low + high) / 2
            if HeroName.keyPrecedes(HeroName.sortKey(rowName(rows[middle])), key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
