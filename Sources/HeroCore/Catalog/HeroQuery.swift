import HeroBase

/// What a type-to-filter query matches, as both windows read it (the catalog window's search field, the drop
/// window's typed filter): heroes whose name or description contains the query, case- and accent-insensitively,
/// a name also by its key (so "spiderman" finds "Spider-Man"); name matches come before description matches.
/// An empty query matches everything.
public struct HeroQuery: Sendable {
    /// The query folded as listings sort (`HeroName.sortKey`), trimmed.
    private let needle: String
    /// The query's `HeroName.key`: letters and digits only.
    private let needleKey: String

    public init(_ query: String) {
        needle = HeroName.sortKey(query.trimmed()).0
        needleKey = HeroName.key(needle)
    }

    /// Whether the query is empty once trimmed: it then matches everything.
    public var isEmpty: Bool { needle.isEmpty }

    /// The elements of `items` that match, in their order, name matches first and then description matches.
    /// `key` gives a hero's `HeroName.key` when the caller has it already (the catalog keeps them), else it is
    /// computed.
    public func filter<T>(_ items: [T], hero: (T) -> Hero, key: ((T) -> String)? = nil) -> [T] {
        filter(items, name: { hero($0).name }, description: { hero($0).description }, key: key)
    }

    /// The same, over anything with a hero's name and description (the drop window's `FavoriteRow`s).
    public func filter<T>(_ items: [T], name: (T) -> String, description: (T) -> String,
                          key: ((T) -> String)? = nil) -> [T] {
        guard !isEmpty else { return items }
        var byName: [T] = [], byDescription: [T] = []
        for item in items {
            let candidate = name(item)
            if HeroName.sortKey(candidate).0.contains(needle)
                || (!needleKey.isEmpty && (key?(item) ?? HeroName.key(candidate)).contains(needleKey)) {
                byName.append(item)
            } else if HeroName.sortKey(description(item)).0.contains(needle) {
                byDescription.append(item)
            }
        }
        return byName + byDescription
    }
}
