/// What a listing of the favorites holds of each: the hero's name, its description (what a typed filter also
/// matches) and its portrait's SHA-256 (nil for none). A window keeps one per favorite, in listing order, and
/// reads a favorite's other fields (its origin, its portrait's bytes) by name when it needs them.
public struct FavoriteRow: Sendable, Equatable {
    public var name: String
    public var description: String
    /// The portrait's SHA-256 (lowercase hex), which names its thumbnail; nil when the hero has none.
    public var portrait: String?

    public init(name: String, description: String = "", portrait: String? = nil) {
        self.name = name
        self.description = description
        self.portrait = portrait
    }

    public init(_ favorite: Favorite) {
        self.init(name: favorite.hero.name, description: favorite.hero.description, portrait: favorite.hero.portrait?.sha256)
    }
}
