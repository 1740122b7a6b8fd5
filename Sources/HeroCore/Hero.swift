/// A hero: a valid name, a description, where it comes from, and optionally a portrait.
public struct Hero: Sendable, Equatable {
    public var name: String
    public var description: String
    public var origin: HeroOrigin
    public var portrait: PortraitInfo?

    public init(name: String, description: String = "", origin: HeroOrigin, portrait: PortraitInfo? = nil) {
        self.name = name
        self.description = description
        self.origin = origin
        self.portrait = portrait
    }

    /// The matching key of the name (`HeroName.key`).
    public var key: String { HeroName.key(name) }
}
