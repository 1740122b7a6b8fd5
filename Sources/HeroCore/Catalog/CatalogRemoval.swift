/// What `Favorites.removeFromCatalog` did with one name; each case's `message` is one line for the terminal.
public enum CatalogRemoval: Sendable, Equatable {
    /// The imported or custom hero `name` left the catalog.
    case removed(name: String)
    /// `name` is a built-in hero, which cannot be removed.
    case builtIn(name: String)
    /// `name` is still a favorite: removing it from the catalog would leave a favorite that no copy can name
    /// again, so it is refused until the favorite is removed.
    case stillFavorite(name: String)
    /// No imported or custom hero has this name (in any spelling).
    case notFound(name: String)

    public var isRemoved: Bool { if case .removed = self { return true } else { return false } }

    public var message: String {
        switch self {
        case let .removed(name): return "removed \(name) from the catalog"
        case let .builtIn(name): return "\(name) is a built-in hero; only imported and custom heroes can be removed"
        case let .stillFavorite(name):
            return "\(name) is still a favorite; remove the favorite first (herobridge remove \"\(name)\")"
        case let .notFound(name): return "no imported or custom hero named \"\(name)\" (see herobridge catalog --custom)"
        }
    }
}
