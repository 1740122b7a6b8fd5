import FoundationEssentials

/// A favorite: the hero, how and when it was added.
public struct Favorite: Sendable, Equatable {
    public var hero: Hero
    public var source: IngestSource
    public var addedAt: Date
}
