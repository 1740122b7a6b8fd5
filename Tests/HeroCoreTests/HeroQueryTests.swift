import Testing
@testable import HeroCore

/// What a typed filter matches (the catalog's search field, the drop window's filter): name, then description,
/// case- and accent-insensitively, a name also by its key; the order of the rows given is kept in each group.
@Suite struct HeroQueryTests {
    static let heroes = [
        Hero(name: "Falcon", description: "Sam Wilson, who flies on mechanical wings.", origin: .catalog),
        Hero(name: "Señor Thorn", description: "", origin: .custom),
        Hero(name: "Spider-Man", description: "Peter Parker.", origin: .catalog),
        Hero(name: "Thing", description: "Ben Grimm.", origin: .catalog),
        Hero(name: "Thor", description: "God of thunder.", origin: .catalog),
        Hero(name: "Wasp", description: "Janet van Dyne, who fights beside Thor.", origin: .catalog),
    ]

    func names(_ query: String) -> [String] {
        HeroQuery(query).filter(Self.heroes, hero: { $0 }).map(\.name)
    }

    @Test func namesMatchFirstThenDescriptionsEachInTheOrderGiven() {
        #expect(names("th") == ["Señor Thorn", "Thing", "Thor", "Wasp"])
        #expect(names("THOR") == ["Señor Thorn", "Thor", "Wasp"], "case folded")
        #expect(names("wings") == ["Falcon"], "a description alone")
    }

    @Test func accentsAndPunctuationAreFoldedAsInTheCatalog() {
        #expect(names("senor") == ["Señor Thorn"])
        #expect(names("spiderman") == ["Spider-Man"], "by the name's key")
        #expect(names("spider-m") == ["Spider-Man"])
    }

    @Test func anEmptyOrBlankQueryMatchesEverythingAndANonsenseOneNothing() {
        #expect(names("") == Self.heroes.map(\.name))
        #expect(names("   ") == Self.heroes.map(\.name))
        #expect(HeroQuery("  ").isEmpty)
        #expect(names("zzzz").isEmpty)
    }

    @Test func theCatalogsSearchIsTheSameRuleOverTheCatalogSortedByName() {
        let catalog = Catalog(heroes: Self.heroes.reversed())
        #expect(catalog.search("th").map(\.name) == names("th"))
    }
}
