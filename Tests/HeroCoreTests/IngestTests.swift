import Foundation
import HeroTransfer
import Testing
import TestSupport
@testable import HeroCore

/// The ingest rules, through `Favorites.ingest` on a temp database.
@Suite struct IngestTests {
    let dir: TempDirectory
    let favorites: Favorites

    init() throws {
        dir = try TempDirectory()
        favorites = try Favorites(path: dir.file("favorites.sqlite3"))
    }

    func names() throws -> [String] { try favorites.list().map(\.hero.name) }

    func image(_ width: Int = 8, _ height: Int = 6, name: String? = nil) -> TransferImage {
        TransferImage(mime: "image/png", data: ImageFixtures.png(width: width, height: height),
                      width: width, height: height, name: name)
    }

    @Test func copyingSpiderManAddsAFavorite() throws {
        let report = try favorites.ingest([.text("Spider-Man")], context: IngestContext(source: .clipboard))
        #expect(report.outcomes == [.added(name: "Spider-Man", withPortrait: false)])
        let stored = try #require(favorites.list().first)
        #expect(stored.source == .clipboard)
        #expect(stored.hero.origin == .catalog)
    }

    @Test func eachLineThatNamesAHeroAddsIt() throws {
        let report = try favorites.ingest([.text("thor\n\n  hulk  \r\ngroceries\n")], context: IngestContext(source: .clipboard))
        #expect(report.added == ["Thor", "Hulk"])
        #expect(report.outcomes.contains(.ignored(what: "text", reason: "no hero named \"groceries\"")))
        #expect(try names() == ["Hulk", "Thor"])
    }

    @Test func aParagraphMentioningThorAddsNothing() throws {
        let report = try favorites.ingest([.text("Yesterday Thor and Hulk went shopping for groceries.")],
                                          context: IngestContext(source: .clipboard))
        #expect(report.added.isEmpty)
        #expect(try names().isEmpty)
    }

    @Test func unknownNamesBecomeCustomHeroesOnlyWhenAccepted() throws {
        _ = try favorites.ingest([.text("Captain Groceries")], context: IngestContext(source: .clipboard))
        #expect(try names().isEmpty)
        let report = try favorites.ingest([.text("Captain Groceries")],
                                          context: IngestContext(source: .clipboard, acceptUnknown: true))
        #expect(report.added == ["Captain Groceries"])
        #expect(try favorites.list().first?.hero.origin == .custom)
        #expect(favorites.catalog.match("captain groceries")?.origin == .custom)
    }

    @Test func onlyTheFirstFiftyLinesAreRead() throws {
        let lines = Array(repeating: "nobody", count: 50) + ["Thor"]
        let report = try favorites.ingest([.text(lines.joined(separator: "\n"))], context: IngestContext(source: .clipboard))
        #expect(report.added.isEmpty)
        #expect(report.outcomes.contains(.ignored(what: "text", reason: "1 lines past the first 50 not read")))
    }

    @Test func linesOver100CharactersAreNeverNames() throws {
        let long = "Thor" + String(repeating: " ", count: 120) + "x"
        let report = try favorites.ingest([.text(long)], context: IngestContext(source: .clipboard, acceptUnknown: true))
        #expect(report.added.isEmpty)
    }

    @Test func textsOverOneMebibyteAreIgnoredWhole() throws {
        let text = "Thor\n" + String(repeating: "a", count: 1 << 20)
        let report = try favorites.ingest([.text(text)], context: IngestContext(source: .clipboard))
        #expect(report.added.isEmpty)
        #expect(report.outcomes == [.ignored(what: "text", reason: "over 1 MiB of text is not a list of heroes")])
    }

    @Test func oneTransferNamingAHeroTwiceAddsItOnce() throws {
        let report = try favorites.ingest([.text("Thor\nTHOR"), .text("thor")], context: IngestContext(source: .drop))
        #expect(report.outcomes == [.added(name: "Thor", withPortrait: false)])
    }

    @Test func addingAnExistingFavoriteChangesNothingAndSaysSo() throws {
        _ = try favorites.add(names: ["Thor"])
        let before = try favorites.list()
        let report = try favorites.add(names: ["thor"])
        #expect(report.outcomes == [.unchanged(name: "Thor", reason: "already a favorite")])
        #expect(try favorites.list() == before)
    }

    @Test func anImageWithANameInTheSameTransferBecomesThatHerosPortrait() throws {
        let portrait = image(12, 7)
        let report = try favorites.ingest([.image(portrait), .text("Storm")], context: IngestContext(source: .clipboard))
        #expect(report.outcomes == [.added(name: "Storm", withPortrait: true)])
        let stored = try favorites.portrait(of: "Storm")
        #expect(stored.data == portrait.data)
        #expect(stored.info.width == 12 && stored.info.height == 7)
        #expect(stored.info.sha256 == SHA256.hex(portrait.data))
    }

    @Test func aNamedImageFileNamesItsOwnHero() throws {
        let report = try favorites.ingest([.image(image(name: "Thor")), .text("Thor")], context: IngestContext(source: .drop))
        #expect(report.outcomes == [.added(name: "Thor", withPortrait: true)])
    }

    @Test func severalFilesInOneDropEachGetTheirPortrait() throws {
        let thor = image(3, 3, name: "Thor"), hulk = image(5, 5, name: "hulk")
        let report = try favorites.ingest([.image(thor), .text("Thor"), .image(hulk), .text("hulk")],
                                          context: IngestContext(source: .drop))
        #expect(report.added == ["Thor", "Hulk"])
        #expect(try favorites.portrait(of: "Thor").info.width == 3)
        #expect(try favorites.portrait(of: "Hulk").info.width == 5)
    }

    @Test func anImageWithNoNameIsIgnoredWithAReason() throws {
        let report = try favorites.ingest([.image(image())], context: IngestContext(source: .clipboard))
        #expect(report.outcomes == [.ignored(what: "image", reason: "no hero named for this image")])
        #expect(try names().isEmpty)
    }

    @Test func anImageFileWhoseNameIsNoHeroSaysSoOnce() throws {
        let report = try favorites.ingest([.image(image(name: "IMG_1234")), .text("IMG_1234")],
                                          context: IngestContext(source: .drop))
        #expect(report.outcomes == [.ignored(what: "image", reason: "no hero named for this image (\"IMG_1234\" is not a hero)")])
    }

    @Test func anImageDroppedOntoARowReplacesThatHerosPortrait() throws {
        _ = try favorites.ingest([.image(image(4, 4)), .text("Hulk")], context: IngestContext(source: .drop))
        let replacement = image(9, 9, name: "Thor")
        let report = try favorites.ingest([.image(replacement), .text("Thor")],
                                          context: IngestContext(source: .drop, onto: "Hulk"))
        #expect(report.outcomes == [.updated(name: "Hulk", change: "new portrait")])
        #expect(try favorites.portrait(of: "Hulk").data == replacement.data)
        #expect(try names() == ["Hulk"])
    }

    @Test func theSamePortraitAgainIsUnchanged() throws {
        let portrait = image(4, 4)
        _ = try favorites.ingest([.image(portrait), .text("Hulk")], context: IngestContext(source: .drop))
        let report = try favorites.ingest([.image(portrait), .text("Hulk")], context: IngestContext(source: .drop))
        #expect(report.outcomes == [.unchanged(name: "Hulk", reason: "already a favorite with this portrait")])
    }

    @Test func heroJSONAddsTheHeroAndPutsItIntoTheCatalog() throws {
        let payload = HeroPayload(name: "Frog-Man", description: "Eugene Patilio in a leaping suit.", image: image(6, 6))
        let report = try favorites.ingest([.hero(payload)], context: IngestContext(source: .drop))
        #expect(report.outcomes == [.added(name: "Frog-Man", withPortrait: true)])
        #expect(favorites.catalog.match("frogman")?.origin == .import)
        let reopened = try Favorites(path: favorites.store.path)
        #expect(reopened.catalog.match("Frog-Man")?.description == "Eugene Patilio in a leaping suit.")
        #expect(try reopened.list().first?.hero.portrait?.width == 6)
    }

    @Test func heroJSONForACatalogHeroKeepsTheCatalogName() throws {
        let report = try favorites.ingest([.hero(HeroPayload(name: "spider man"))], context: IngestContext(source: .drop))
        #expect(report.added == ["Spider-Man"])
        #expect(try favorites.list().first?.hero.origin == .catalog)
    }

    @Test func aBrowsersURLTextIsQuietWhenTheTitleNamedTheImage() throws {
        let report = try favorites.ingest([.image(image()), .text("https://example.com/thor.png"), .text("Thor")],
                                          context: IngestContext(source: .drop, acceptUnknown: true))
        #expect(report.outcomes == [.added(name: "Thor", withPortrait: true)])
    }

    @Test func removingWorksByNameOrKey() throws {
        _ = try favorites.add(names: ["Thor", "Hulk", "Iron Man"])
        let (removed, missing) = try favorites.remove(names: ["ironman", "Thor", "Loki"])
        #expect(removed == ["Iron Man", "Thor"])
        #expect(missing == ["Loki"])
        #expect(try names() == ["Hulk"])
    }

    @Test func removingAFavoriteRemovesItsPortrait() throws {
        _ = try favorites.ingest([.image(image()), .text("Hulk")], context: IngestContext(source: .drop))
        _ = try favorites.remove(names: ["Hulk"])
        _ = try favorites.add(names: ["Hulk"])
        #expect(try favorites.list().first?.hero.portrait == nil)
    }

    @Test func catalogImportsSkipKnownNamesAndKeepNewSpellings() throws {
        let (added, skipped) = try favorites.importCatalog([
            CatalogFile.Entry(name: "Thor", description: "dup"),
            CatalogFile.Entry(name: "Frog-Man", description: "Leaps."),
            CatalogFile.Entry(name: "", description: "invalid"),
        ])
        #expect(added == ["Frog-Man"])
        #expect(skipped == ["Thor", ""])
        #expect(try favorites.add(names: ["frog man"]).added == ["Frog-Man"])
    }
}
