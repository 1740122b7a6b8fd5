import Testing
@testable import HeroCore

@Suite struct HeroNameTests {
    @Test(arguments: ["spiderman", "SPIDER MAN", " Spider-Man ", "spider_man", "Spider‑Man"])
    func spellingsOfSpiderManShareItsKey(_ spelling: String) {
        #expect(HeroName.key(spelling) == "spiderman")
        #expect(Catalog.builtIn.match(spelling)?.name == "Spider-Man")
    }

    @Test func diacriticsAndCaseAreFolded() {
        #expect(HeroName.key("Señor Ünïcødé") == "senorunicode")
        #expect(HeroName.key("ÆGIR ß") == "aegirss")
        #expect(HeroName.key("Ms. Marvel") == "msmarvel")
        #expect(HeroName.key("3-D Man") == "3dman")
    }

    @Test func exactNameWinsOverAnotherHeroWithTheSameKey() {
        let catalog = Catalog(heroes: [
            Hero(name: "Ant-Man", origin: .catalog),
            Hero(name: "Antman", description: "imported", origin: .import),
        ])
        #expect(catalog.match("Antman")?.origin == .import)
        #expect(catalog.match("ant man")?.name == "Ant-Man")
        #expect(catalog.match("Ant-Man")?.origin == .catalog)
    }

    @Test func validNamesAreTrimmed() throws {
        #expect(try HeroName.validate("  Thor \n") == "Thor")
    }

    @Test(arguments: [
        ("", "empty"), ("   ", "empty"), (String(repeating: "x", count: 101), "longer than 100"),
        ("Thor\u{7}", "control character"), ("---", "no letter or digit"),
        ("https://example.com/Thor.png", "URL"),
    ])
    func invalidNamesAreRefusedWithAReason(_ name: String, _ reason: String) {
        #expect {
            try HeroName.validate(name)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func hundredCharacterNamesAreValid() throws {
        let name = String(repeating: "é", count: 100)
        #expect(try HeroName.validate(name) == name)
    }

    @Test func listingOrderIsCaseAndAccentInsensitiveThenExact() {
        let names = ["thor", "Iron Man", "Élektra", "Thor", "elektra", "Spider-Man", "ant-Man"]
        let sorted = names.sorted(by: HeroName.sortsBefore)
        #expect(sorted == ["ant-Man", "elektra", "Élektra", "Iron Man", "Spider-Man", "Thor", "thor"])
    }
}

@Suite struct HeroNameBoundsTests {
    @Test func aNameOverFourHundredBytesIsRefusedWhateverItsCharacterCount() {
        let name = "Thor" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(name.count == 4)
        do {
            _ = try HeroName.validate(name)
            Issue.record("a 2 MB name was accepted")
        } catch {
            guard case let .invalidName(_, reason) = error else { Issue.record("\(error)"); return }
            #expect(reason == "it is longer than 400 bytes (2000004 bytes of UTF-8)")
            #expect(error.description.utf8.count < 200)
        }
    }

    @Test func aNameOfExactlyFourHundredBytesIsValidAndOneByteMoreIsNot() throws {
        let accented = "Thor" + String(repeating: "\u{301}", count: 198) // 4 + 396 bytes
        #expect(accented.utf8.count == 400)
        #expect(try HeroName.validate(accented) == accented)
        #expect(throws: HeroError.invalidName(accented + "a", reason: "it is longer than 400 bytes (401 bytes of UTF-8)")) {
            try HeroName.validate(accented + "a")
        }
    }
}
