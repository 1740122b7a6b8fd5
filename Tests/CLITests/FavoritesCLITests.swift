import Foundation
import Testing
import TestSupport

@Suite struct FavoritesCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    @Test func addThenListPrintsTheFavoritesSorted() throws {
        let add = try cli.run("add", "spiderman", "iron man", "Thor")
        #expect(add.status == 0)
        #expect(add.lines == ["added Spider-Man", "added Iron Man", "added Thor"])
        #expect(try cli.run("list").stdout == "Iron Man\nSpider-Man\nThor\n")
    }

    @Test func addingThorAgainLeavesTheListUnchangedAndSaysSo() throws {
        try cli.run("add", "spiderman", "iron man", "Thor")
        let again = try cli.run("add", "Thor")
        #expect(again.status == 0)
        #expect(again.stdout == "Thor: already a favorite, unchanged\n")
        #expect(try cli.run("list").stdout == "Iron Man\nSpider-Man\nThor\n")
    }

    @Test func anUnknownNameIsAnErrorUnlessNew() throws {
        let unknown = try cli.run("add", "Captain Groceries")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "herobridge: no hero named \"Captain Groceries\" (use --new to create it)\n")
        let created = try cli.run("add", "--new", "Captain Groceries")
        #expect(created.status == 0)
        #expect(created.stdout == "added Captain Groceries\n")
        #expect(try cli.favorites().first?["origin"] as? String == "custom")
    }

    @Test func listJSONHasEveryDocumentedField() throws {
        try cli.run("add", "Storm")
        let row = try #require(try cli.favorites().first)
        #expect(Set(row.keys) == ["name", "description", "origin", "source", "addedAt", "image"])
        #expect(row["name"] as? String == "Storm")
        #expect(row["origin"] as? String == "catalog")
        #expect(row["source"] as? String == "cli")
        #expect(row["image"] is NSNull)
        let addedAt = try #require(row["addedAt"] as? String)
        let date = try #require(ISO8601DateFormatter().date(from: addedAt))
        #expect(abs(date.timeIntervalSinceNow) < 120)
    }

    @Test func emptyListPrintsNothing() throws {
        let list = try cli.run("list")
        #expect(list.status == 0 && list.stdout.isEmpty)
        #expect(try cli.run("list", "--json").stdout == "[\n\n]\n")  // the array's brackets, each on its line
    }

    @Test func removeWorksByAnySpellingAndReportsMisses() throws {
        try cli.run("add", "Thor", "Hulk")
        let remove = try cli.run("remove", "THOR", "Loki")
        #expect(remove.status == 1)
        #expect(remove.stdout == "removed Thor\n")
        #expect(remove.stderr == "herobridge: \"Loki\" is not a favorite\n")
        #expect(try cli.run("list").stdout == "Hulk\n")
    }

    @Test func portraitSetAndOutputRoundTripTheBytes() throws {
        let png = ImageFixtures.png(width: 40, height: 30)
        let file = try cli.dir.write("thor.png", png)
        try cli.run("add", "Thor")
        let set = try cli.run("portrait", "thor", "--set", file)
        #expect(set.status == 0)
        #expect(set.stdout == "updated Thor: new portrait\n")
        let out = cli.dir.file("out.png")
        #expect(try cli.run("portrait", "Thor", "--output", out).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == png)
        #expect(try cli.run("portrait", "Thor").stdoutData == png)
        let image = try #require(try cli.favorites().first?["image"] as? [String: Any])
        #expect(image["width"] as? Int == 40 && image["height"] as? Int == 30 && image["bytes"] as? Int == png.count)
        #expect(image["mime"] as? String == "image/png")
        #expect(image["sha256"] as? String == SHA256Reference.hex(png))
    }

    @Test func portraitErrorsAreOneClearLine() throws {
        try cli.run("add", "Thor")
        let none = try cli.run("portrait", "Thor")
        #expect(none.status == 1 && none.stderr == "herobridge: Thor has no portrait\n")
        let missing = try cli.run("portrait", "Loki")
        #expect(missing.status == 1 && missing.stderr == "herobridge: \"Loki\" is not a favorite\n")
        let garbage = try cli.dir.write("garbage.png", Data("not a picture".utf8))
        let bad = try cli.run("portrait", "Thor", "--set", garbage)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("not an image"))
        #expect(!looksLikeACrash(bad.stderr))
    }

    @Test func catalogImportAddsMarvelAPICharacters() throws {
        let json = #"{"code":200,"data":{"results":[{"name":"Frog-Man","description":"Leaps.","thumbnail":{"path":"http://x/f","extension":"jpg"}},{"name":"Thor","description":""}]}}"#
        let file = try cli.dir.write("characters.json", Data(json.utf8))
        let imported = try cli.run("catalog", "import", file)
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("imported 1 hero from"))
        #expect(try cli.run("add", "frogman").stdout == "added Frog-Man\n")
        #expect(try cli.run("catalog", "frog").stdout.hasPrefix("Frog-Man"))
    }

    @Test func catalogSearchesTheBuiltInCatalog() throws {
        let search = try cli.run("catalog", "--json", "wolverine")
        let rows = try #require(try JSONSerialization.jsonObject(with: search.stdoutData) as? [[String: Any]])
        #expect(rows.first?["name"] as? String == "Wolverine")
        let all = try cli.run("catalog")
        #expect(all.lines.count >= 150)
        #expect(try cli.run("catalog", "zzzz-nothing").status == 1)
    }

    @Test func theDatabaseDefaultsToXDGDataHome() throws {
        let result = try cli.runWithoutDB(["add", "Thor"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.dir.file(".local/share/herobridge/herobridge.sqlite3")))
        let custom = cli.dir.file("env.sqlite3")
        #expect(try cli.runWithoutDB(["add", "Hulk"], extraEnvironment: ["HEROBRIDGE_DB": custom]).status == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
    }
}

/// An independent SHA-256 (sha256sum) to check the stored digest against.
enum SHA256Reference {
    static func hex(_ data: Data) -> String {
        let dir = try! TempDirectory("sha")
        let path = try! dir.write("blob", data)
        let result = try! HeroBridgeProcess.run([path], environment: [:], executable: "/usr/bin/sha256sum")
        return String(result.stdout.prefix(64))
    }
}
