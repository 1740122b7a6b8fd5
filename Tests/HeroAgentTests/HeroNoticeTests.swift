import HeroCore
import Testing
@testable import HeroAgent

/// Which ingests notify and what the notification says, with no bus.
@Suite struct HeroNoticeTests {
    let addedThor = IngestReport(outcomes: [.added(name: "Thor", withPortrait: false)])

    @Test func aCopyThatAddedAHeroWithTheWindowHiddenNotifies() {
        for source in [IngestSource.clipboard, .primary] {
            let notice = HeroNotice.decide(addedThor, source: source, windowShown: false)
            #expect(notice == HeroNotice(hero: "Thor", others: []))
            #expect(notice?.summary == "Added Thor")
        }
    }

    @Test func theWindowShownADropOrTheCLIDoNotNotify() {
        #expect(HeroNotice.decide(addedThor, source: .clipboard, windowShown: true) == nil)
        #expect(HeroNotice.decide(addedThor, source: .drop, windowShown: false) == nil)
        #expect(HeroNotice.decide(addedThor, source: .cli, windowShown: false) == nil)
    }

    @Test func anUpdateARepeatOrNothingUsableDoNotNotify() {
        let reports = [
            IngestReport(outcomes: [.updated(name: "Thor", change: "new portrait")]),
            IngestReport(outcomes: [.unchanged(name: "Thor", reason: "already a favorite")]),
            IngestReport(outcomes: [.ignored(what: "text", reason: "no hero named \"groceries\"")]),
            IngestReport(),
        ]
        for report in reports { #expect(HeroNotice.decide(report, source: .clipboard, windowShown: false) == nil) }
    }

    @Test func severalAddedAreOneNoticeNamingTheFirstAndListingTheRest() throws {
        let report = IngestReport(outcomes: [.unchanged(name: "Hulk", reason: "already a favorite"),
                                             .added(name: "Thor", withPortrait: true), .added(name: "Storm", withPortrait: false),
                                             .added(name: "Rogue", withPortrait: false)])
        let notice = try #require(HeroNotice.decide(report, source: .clipboard, windowShown: false))
        #expect(notice.hero == "Thor" && notice.others == ["Storm", "Rogue"])
        #expect(notice.summary == "Added Thor and 2 more")
        #expect(notice.body(description: "God of thunder.") == "God of thunder.\nAlso added: Storm, Rogue")
        let many = HeroNotice(hero: "Thor", others: ["A", "B", "C", "D", "E", "F", "G"])
        #expect(many.body(description: "") == "Also added: A, B, C, D, E and 2 more")
    }

    @Test func theBodyIsEscapedForMarkupOnOneLineAndBounded() {
        let notice = HeroNotice(hero: "Thor", others: [])
        #expect(notice.body(description: "  Asgard <3 & Midgard\n> all \n") == "Asgard &lt;3 &amp; Midgard &gt; all")
        let long = notice.body(description: String(repeating: "é", count: 1000))
        #expect(long.utf8.count <= HeroNotice.maxBodyBytes && long.hasSuffix("…") && long.hasPrefix("éé"))
        // A cut never leaves half an entity.
        let ampersands = notice.body(description: String(repeating: "&", count: 400))
        #expect(ampersands.utf8.count <= HeroNotice.maxBodyBytes)
        #expect(ampersands.dropLast().hasSuffix("&amp;"), "\(ampersands.suffix(12))")
    }
}
