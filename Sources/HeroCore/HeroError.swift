import HeroTransfer

/// Errors of the favorites core that are about what the user asked for, not about the database.
public enum HeroError: Error, Equatable, CustomStringConvertible {
    case invalidName(String, reason: String)
    case unknownHero(String)
    case notAFavorite(String)
    case noPortrait(String)
    case invalidCatalog(String)

    /// Why a URL is refused as a name (browsers put the image URL in the plain text of an image drag).
    static let urlReason = "a URL is not a hero name"

    public var description: String {
        switch self {
        case let .invalidName(name, reason): return "\"\(NameLimit.preview(name))\" is not a valid hero name: \(reason)"
        case let .unknownHero(name): return "no hero named \"\(name)\" in the catalog (use --new to create one)"
        case let .notAFavorite(name): return "\"\(name)\" is not a favorite"
        case let .noPortrait(name): return "\(name) has no portrait"
        case let .invalidCatalog(reason): return "cannot import catalog: \(reason)"
        }
    }
}
