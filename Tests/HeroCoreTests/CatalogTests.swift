import Foundation
import Testing
@testable import HeroCore

@Suite struct CatalogTests {
    static let required = [
        "Spider-Man", "Iron Man", "Thor", "Hulk", "Black Widow", "Captain America", "Wolverine", "Storm",
        "Black Panther", "Doctor Strange", "Scarlet Witch", "Captain Marvel", "Deadpool", "Ant-Man", "Hawkeye",
        "Vision", "Gamora", "Groot", "Rocket Raccoon", "Star-Lord", "Daredevil", "Jessica Jones", "Luke Cage",
        "Iron Fist", "Cyclops", "Jean Grey", "Rogue", "Gambit", "Beast", "Nightcrawler", "Silver Surfer",
        "Ms. Marvel", "She-Hulk", "Falcon", "Winter Soldier", "War Machine", "Loki", "Magneto", "Professor X",
        "Nick Fury",
    ]

    @Test func builtInCatalogHasAtLeast150UniquelyKeyedHeroes() {
        let heroes = Catalog.builtIn.heroes
        #expect(heroes.count >= 150)
        #expect(Set(heroes.map(\.key)).count == BuiltInCatalog.entries.count)
        #expect(heroes.allSatisfy { (try? HeroName.validate($0.name)) == $0.name })
    }

    @Test(arguments: required)
    func builtInCatalogHasTheRequiredHero(_ name: String) {
        #expect(Catalog.builtIn.match(name)?.name == name)
        #expect(Catalog.builtIn.match(name)?.origin == .catalog)
    }

    @Test func searchFindsNamesBeforeDescriptions() {
        let found = Catalog.builtIn.search("spider")
        #expect(found.first?.name.lowercased().contains("spider") == true)
        let firstDescriptionOnly = found.firstIndex { !$0.name.lowercased().contains("spider") }
        let lastName = found.lastIndex { $0.name.lowercased().contains("spider") }
        if let firstDescriptionOnly, let lastName { #expect(lastName < firstDescriptionOnly) }
        #expect(found.contains { $0.name == "Spider-Man" })
        #expect(Catalog.builtIn.search("zzzz-no-such").isEmpty)
    }

    @Test func marvelAPIResponsesParse() throws {
        let json = """
            {"code":200,"data":{"offset":0,"results":[
              {"id":1,"name":"3-D Man","description":"","thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784","extension":"jpg"}},
              {"id":2,"name":"A-Bomb (HAS)","description":" Rick Jones has been Hulk's best bud. ","thumbnail":{"path":"http://x/y","extension":"png"}}
            ]}}
            """
        let entries = try CatalogFile.parse(Data(json.utf8))
        #expect(entries.map(\.name) == ["3-D Man", "A-Bomb (HAS)"])
        #expect(entries[1].description == "Rick Jones has been Hulk's best bud.")
        #expect(entries[1].thumbnailURL == "http://x/y.png")
    }

    @Test func plainArraysParse() throws {
        let entries = try CatalogFile.parse(Data(#"[{"name":"Frog-Man","description":"Leaps."},{"name":"Razorback"}]"#.utf8))
        #expect(entries.map(\.name) == ["Frog-Man", "Razorback"])
        #expect(entries[1].description == "")
    }

    @Test(arguments: ["{}", "[1,2]", "not json", #"{"data":{"results":"x"}}"#])
    func otherJSONIsRefusedWithTheExpectedShapes(_ text: String) {
        #expect {
            try CatalogFile.parse(Data(text.utf8))
        } throws: { error in
            "\(error)".contains("Marvel API") && "\(error)".contains("JSON array")
        }
    }
}
