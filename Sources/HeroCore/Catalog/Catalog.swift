import HeroBase
/// The heroes that names are matched against: the built-in catalog plus heroes imported into the database.
public struct Catalog: Sendable {
    /// Every hero, built-in ones first, each exact name at most once. Two heroes may share a key (an imported
    /// `Antman` beside the built-in `Ant-Man`): the exact name finds each, the key finds the first.
    public let heroes: [Hero]
    /// `HeroName.key` of each hero, computed once when it entered the catalog.
    let keys: [String]
    private let byExactName: [String: Int]
    private let byKey: [String: Int]
    /// The indices of `heroes` in listing order (`HeroName.sortsBefore`), sorted once when the catalog is made,
    /// so a search (the catalog window's, at each change of the favorites) filters without sorting.
    private let listed: [Int]

    /// The catalog compiled into the binary.
    public static let builtIn = Catalog(heroes: BuiltInCatalog.entries.map {
        Hero(name: $0.name, description: $0.description, origin: .catalog)
    })

    public init(heroes: [Hero]) {
        self.init(keyed: heroes.map { ($0, $0.key) })
    }

    /// The catalog of `keyed` heroes whose keys are already known (the store keeps each addition's key).
    init(keyed: [(hero: Hero, key: String)]) {
        self.init(heroes: [], keys: [], exact: [:], byKey: [:], appending: keyed)
    }

    private init(heroes: [Hero], keys: [String], exact: [String: Int], byKey: [String: Int],
                 appending more: [(hero: Hero, key: String)]) {
        var kept = heroes, keptKeys = keys, exact = exact, byKey = byKey
        for (hero, key) in more where exact[hero.name] == nil {
            guard !key.isEmpty else { continue }
            if byKey[key] == nil { byKey[key] = kept.count }
            exact[hero.name] = kept.count
            kept.append(hero)
            keptKeys.append(key)
        }
        self.heroes = kept
        self.keys = keptKeys
        byExactName = exact
        self.byKey = byKey
        listed = HeroName.sorted(Array(kept.indices)) { kept[$0].name }
    }

    /// This catalog with `more` appended (heroes whose exact name is already present are skipped).
    public func adding(_ more: [Hero]) -> Catalog {
        adding(keyed: more.map { ($0, $0.key) })
    }

    /// `adding` for heroes whose keys are known: only the new heroes are indexed, nothing is recomputed.
    func adding(keyed more: [(hero: Hero, key: String)]) -> Catalog {
        Catalog(heroes: heroes, keys: keys, exact: byExactName, byKey: byKey, appending: more)
    }

    /// Whether a hero with exactly this name is in the catalog.
    public func contains(exactName name: String) -> Bool { byExactName[name] != nil }

    /// The hero a copied or dropped name means: the exact name first, else the first hero with the same key.
    public func match(_ name: String) -> Hero? {
        let trimmed = name.trimmed()
        if let index = byExactName[trimmed] { return heroes[index] }
        return byKey[HeroName.key(trimmed)].map { heroes[$0] }
    }

    /// `match` for a trimmed `name` whose key the caller has computed; also returns the hero's own key.
    func match(trimmed name: String, key: String) -> (hero: Hero, key: String)? {
        guard let index = byExactName[name] ?? byKey[key] else { return nil }
        return (heroes[index], keys[index])
    }

    /// The catalog hero with exactly this name, with its key, or nil.
    func hero(exactName name: String) -> (hero: Hero, key: String)? {
        byExactName[name].map { (heroes[$0], keys[$0]) }
    }

    /// The first catalog hero with this key, with its key, or nil.
    func hero(key: String) -> (hero: Hero, key: String)? {
        byKey[key].map { (heroes[$0], keys[$0]) }
    }

    /// Heroes whose name or description contains `query` (case- and accent-insensitively, `HeroQuery`): name
    /// matches first, then description matches, each group sorted by name. An empty query lists the whole catalog.
    public func search(_ query: String) -> [Hero] {
        HeroQuery(query).filter(listed, hero: { heroes[$0] }, key: { keys[$0] }).map { heroes[$0] }
    }
}
