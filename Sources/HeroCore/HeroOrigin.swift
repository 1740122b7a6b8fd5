/// Where a hero's definition comes from.
public enum HeroOrigin: String, Sendable, Codable, CaseIterable {
    /// The catalog built into the binary.
    case catalog
    /// A catalog file imported with `herobridge catalog import`, or a hero that arrived as HeroBridge JSON.
    case `import`
    /// A name the user made a hero of (`add --new`, or an unknown name with `--accept-unknown`).
    case custom
}
