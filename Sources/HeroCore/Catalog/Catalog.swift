/// The heroes that names are matched against: the built-in catalog plus heroes imported into the database.
public struct Catalog: Sendable {
    /// Every hero, built-in ones first, each key at most once (an imported hero never shadows a built-in one).
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
        for hero in heroes {
            let key = hero.key
            guard !key.isEmpty, keys[key] == nil else { continue }
            keys[key] = kept.count
            exact[hero.name] = kept.count
            kept.append(hero)
        }
        self.heroes = kept
        byExactName = exact
        byKey = keys
    }

    /// This catalog with `more` appended (heroes whose key is already present are skipped).
    public func adding(_ more: [Hero]) -> Catalog {
        Catalog(heroes: heroes + more)
    }

    /// The hero a copied or dropped name means: the exact name first, else the hero with the same key.
    public func match(_ name: String) -> Hero? {
        let trimmed = name.trimmed()
        if let index = byExactName[trimmed] { return heroes[index] }
        return byKey[HeroName.key(trimmed)].map { heroes[$0] }
    }

    /// Heroes whose name or description contains `query` (case- and accent-insensitively), sorted by name.
    public func search(_ query: String) -> [Hero] {
        let needle = HeroName.sortKey(query.trimmed()).0
        let found = needle.isEmpty ? heroes : heroes.filter {
            HeroName.sortKey($0.name).0.contains(needle) || HeroName.sortKey($0.description).0.contains(needle)
                || HeroName.key($0.name).contains(HeroName.key(needle))
        }
        return found.sorted { HeroName.sortsBefore($0.name, $1.name) }
    }
}
