/// The heroes that names are matched against: the built-in catalog plus heroes imported into the database.
public struct Catalog: Sendable {
    /// Every hero, built-in ones first, each exact name at most once. Two heroes may share a key (an imported
    /// `Antman` beside the built-in `Ant-Man`): the exact name finds each, the key finds the first.
    public let heroes: [Hero]
    private let byExactName: [String: Int]
    private let byKey: [String: Int]

    /// The catalog compiled into the binary.
    public static let builtIn = Catalog(heroes: BuiltInCatalog.entries.map {
        Hero(name: $0.name, description: $0.description, origin: .catalog)
    })

    public init(heroes: [Hero]) {
        var kept: [Hero] = []
        var exact: [String: Int] = [:]
        var keys: [String: Int] = [:]
        for hero in heroes where exact[hero.name] == nil {
            let key = hero.key
            guard !key.isEmpty else { continue }
            if keys[key] == nil { keys[key] = kept.count }
            exact[hero.name] = kept.count
            kept.append(hero)
        }
        self.heroes = kept
        byExactName = exact
        byKey = keys
    }

    /// This catalog with `more` appended (heroes whose exact name is already present are skipped).
    public func adding(_ more: [Hero]) -> Catalog {
        Catalog(heroes: heroes + more)
    }

    /// Whether a hero with exactly this name is in the catalog.
    public func contains(exactName name: String) -> Bool { byExactName[name] != nil }

    /// The hero a copied or dropped name means: the exact name first, else the first hero with the same key.
    public func match(_ name: String) -> Hero? {
        let trimmed = name.trimmed()
        if let index = byExactName[trimmed] { return heroes[index] }
        return byKey[HeroName.key(trimmed)].map { heroes[$0] }
    }

    /// Heroes whose name or description contains `query` (case- and accent-insensitively): name matches first,
    /// then description matches, each group sorted by name. An empty query lists the whole catalog.
    public func search(_ query: String) -> [Hero] {
        let needle = HeroName.sortKey(query.trimmed()).0
        let sorted = HeroName.sorted(heroes) { $0.name }
        guard !needle.isEmpty else { return sorted }
        let needleKey = HeroName.key(needle)
        let byName = sorted.filter {
            HeroName.sortKey($0.name).0.contains(needle) || (!needleKey.isEmpty && $0.key.contains(needleKey))
        }
        let names = Set(byName.map(\.name))
        let byDescription = sorted.filter { !names.contains($0.name) && HeroName.sortKey($0.description).0.contains(needle) }
        return byName + byDescription
    }
}
