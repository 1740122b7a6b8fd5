import Foundation
import Testing
import TestSupport

/// `catalog --custom` lists what was imported or created in this database; `catalog remove` takes it out again.
@Suite struct CatalogCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    @Test func customHeroesAreListedAndRemovedOnceNoLongerFavorites() throws {
        try cli.run("add", "--new", "Captain Groceries")
        let listed = try cli.run("catalog", "--custom")
        #expect(listed.status == 0)
        #expect(listed.stdout == "Captain Groceries  (custom)\n")

        let refused = try cli.run("catalog", "remove", "captain groceries")
        #expect(refused.status == 1)
        #expect(refused.stderr == "herobridge: Captain Groceries is still a favorite; remove the favorite first "
                + "(herobridge remove \"Captain Groceries\")\n")

        try cli.run("remove", "Captain Groceries")
        let removed = try cli.run("catalog", "remove", "captain groceries")
        #expect(removed.status == 0)
        #expect(removed.stdout == "removed Captain Groceries from the catalog\n")
        #expect(try cli.run("catalog", "--custom").stdout == "")
        #expect(try cli.run("catalog", "Captain Groceries").status == 1)
    }

    @Test func aBuiltInHeroCannotBeRemoved() throws {
        let result = try cli.run("catalog", "remove", "thor")
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: Thor is a built-in hero; only imported and custom heroes can be removed\n")
        #expect(try cli.run("catalog", "Thor").status == 0)
    }

    @Test func customWithAQueryOrRemoveWithoutANameIsAUsageError() throws {
        #expect(try cli.run("catalog", "--custom", "thor").status == 2)
        #expect(try cli.run("catalog", "remove").status == 2)
    }

    @Test func customAsJSONGivesNameDescriptionAndOrigin() throws {
        let file = try cli.dir.write("characters.json", Data(#"[{"name":"Squirrel Girl II","description":"nuts"}]"#.utf8))
        try cli.run("catalog", "import", file)
        let result = try cli.run("catalog", "--custom", "--json")
        let rows = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: String]]
        #expect(rows == [["name": "Squirrel Girl II", "description": "nuts", "origin": "import"]])
    }
}
