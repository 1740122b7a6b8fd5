import HeroCore

/// The names of the drop window's rows for `ListKeys`, without copying them out: by index, and a name's index by
/// a binary search when the rows are in listing order (no filter typed), else by a pass over the rows a filter
/// left (name matches first, then description matches: not one order).
struct ShownNames: ListNames {
    let rows: [FavoriteRow]
    /// The rows are sorted by `HeroName.sortsBefore`.
    let sorted: Bool

    var count: Int { rows.count }

    subscript(index: Int) -> String { rows[index].name }

    func index(of name: String) -> Int? {
        guard sorted else { return rows.firstIndex { $0.name == name } }
        let index = FavoritesChanges.position(of: name, in: rows, name: \.name)
        return index < rows.count && rows[index].name == name ? index : nil
    }
}
