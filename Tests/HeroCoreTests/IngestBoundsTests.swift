import Foundation
import HeroTransfer
import Testing
import TestSupport
@testable import HeroCore

/// Every cost of an ingest bounded before it is paid: names in bytes, names and new heroes per transfer, and keys
/// computed in proportion to the names read.
@Suite struct IngestBoundsTests {
    let dir: TempDirectory
    let favorites: Favorites

    init() throws {
        dir = try TempDirectory()
        favorites = try Favorites(path: dir.file("favorites.sqlite3"))
    }

    /// Six letters carrying 5,000,000 combining marks: 10 MB that `count` calls six characters.
    static let poisonedName = "Zalgoy".map { String($0) + String(repeating: "\u{301}", count: 833_334) }.joined()

    @Test func addingTwoThousandNewNamesComputesEachKeyAFewTimesOnly() throws {
        let names = (1...2000).map { "Nobody Number \($0)" }
        let counter = KeyCounter()
        let report = try HeroName.$keyCounter.withValue(counter) {
            try favorites.add(names: names, createUnknown: true)
        }
        #expect(report.added.count == 2000)
        // Linear: a few keys a name (the line, its validation) plus the built-in catalog once. The quadratic plan
        // computed about 4 million.
        #expect(counter.count < 10 * names.count + 2 * Catalog.builtIn.heroes.count)
    }

    @Test func aHeroArrayOfThreeThousandUnknownNamesReadsAThousandAndAddsTwenty() throws {
        let heroes = (1...3000).map { MultiTypeTransferable.hero(HeroPayload(name: "Stranger \($0)")) }
        let report = try favorites.ingest(heroes, context: IngestContext(source: .drop))
        #expect(report.added.count == IngestContext.transferMaxNewHeroes)
        #expect(report.outcomes.contains(.ignored(what: "names", reason: "2000 past the first 1000 not read")))
        #expect(report.outcomes.contains(.ignored(
            what: "names", reason: "980 new heroes past the first 20 not added (at most 20 new heroes a transfer)")))
        #expect(favorites.catalog.heroes.filter { $0.origin == .import }.count == 20)
    }

    @Test func catalogHeroesInAHeroArrayAreNotCountedAsNew() throws {
        let names = ["Thor", "Hulk", "Storm"] + (1...25).map { "Stranger \($0)" }
        let report = try favorites.ingest(names.map { .hero(HeroPayload(name: $0)) }, context: IngestContext(source: .clipboard))
        #expect(report.added.prefix(3) == ["Thor", "Hulk", "Storm"])
        #expect(report.added.count == 23)
    }

    @Test func theCommandLineMayAddMoreThanTwentyNewHeroes() throws {
        let report = try favorites.add(names: (1...30).map { "Stranger \($0)" }, createUnknown: true)
        #expect(report.added.count == 30)
    }

    @Test func unknownTextLinesOverTheNewHeroCapAreCountedInOneLine() throws {
        let text = (1...25).map { "Stranger \($0)" }.joined(separator: "\n")
        let report = try favorites.ingest([.text(text)], context: IngestContext(source: .clipboard, acceptUnknown: true))
        #expect(report.added.count == 20)
        #expect(report.outcomes.filter { if case .ignored = $0 { return true } else { return false } }.count == 1)
    }

    @Test func aHeroNamedWithMillionsOfCombiningMarksIsRefusedAndNeverStored() throws {
        let report = try favorites.ingest([.hero(HeroPayload(name: Self.poisonedName))], context: IngestContext(source: .drop))
        #expect(report.added.isEmpty)
        guard case let .ignored(what, reason)? = report.outcomes.first else { Issue.record("no outcome"); return }
        #expect(what == "hero")
        #expect(reason.contains("longer than 400 bytes"))
        #expect(reason.utf8.count < 300)
        #expect(favorites.catalog.heroes.allSatisfy { $0.origin == .catalog })
        #expect(try favorites.list().isEmpty)
    }

    @Test func aTextLineOverFourHundredBytesIsNotAName() throws {
        let line = "Thor" + String(repeating: "\u{301}", count: 10_000) // 4 characters, 20,004 bytes
        let report = try favorites.ingest([.text(line)], context: IngestContext(source: .clipboard, acceptUnknown: true))
        #expect(report.added.isEmpty)
        #expect(report.outcomes == [.ignored(what: "text", reason: "a line of 20004 bytes is not a name")])
    }

    @Test func aCatalogFileEntryOverFourHundredBytesIsSkipped() throws {
        let (added, skipped) = try favorites.importCatalog([
            CatalogFile.Entry(name: Self.poisonedName, description: "", thumbnailURL: nil),
            CatalogFile.Entry(name: "Captain Groceries", description: "", thumbnailURL: nil),
        ])
        #expect(added == ["Captain Groceries"])
        #expect(skipped.count == 1 && skipped[0].utf8.count < 200)
    }

    @Test func aCapLineIsShownEvenWhenManyIgnoredLinesAreCollapsed() throws {
        let texts = (0..<25).map { block in (1...50).map { "Nobody \(block)-\($0)" }.joined(separator: "\n") }
        let report = try favorites.ingest(texts.map { .text($0) }, context: IngestContext(source: .clipboard))
        #expect(report.lines().first == "ignored names: 250 past the first 1000 not read")
        #expect(report.lines().count == 6)
    }
}
