import Testing
@testable import HeroCore

/// The one-line status the drop window shows after an ingest.
@Suite struct IngestSummaryTests {
    typealias Outcome = IngestReport.Outcome

    private func summary(_ outcomes: [Outcome]) -> String { IngestReport(outcomes: outcomes).summary }

    @Test func oneAddedFavoriteIsNamed() {
        #expect(summary([.added(name: "Thor", withPortrait: false)]) == "Added Thor")
        #expect(summary([.added(name: "Thor", withPortrait: true)]) == "Added Thor")
    }

    @Test func severalAddedFavoritesNameTheFirstAndCountTheRest() {
        #expect(summary([.added(name: "Thor", withPortrait: false),
                         .added(name: "Hulk", withPortrait: true),
                         .added(name: "Storm", withPortrait: false)]) == "Added Thor and 2 more")
        #expect(summary([.added(name: "Thor", withPortrait: false),
                         .added(name: "Hulk", withPortrait: false)]) == "Added Thor and 1 more")
    }

    @Test func anUpdateNamesTheHeroAndTheChange() {
        #expect(summary([.updated(name: "Hulk", change: "new portrait")]) == "Updated Hulk: new portrait")
    }

    @Test func anUnchangedFavoriteGivesTheReason() {
        #expect(summary([.unchanged(name: "Thor", reason: "already a favorite")]) == "Thor: already a favorite")
    }

    @Test func onlyIgnoredItemsGiveTheFirstReason() {
        #expect(summary([.ignored(what: "text", reason: "no hero named \"x\"")]) == "Ignored: no hero named \"x\"")
        #expect(summary([.ignored(what: "text", reason: "no hero named \"x\""),
                         .ignored(what: "image", reason: "not an image")]) == "Ignored: no hero named \"x\"")
    }

    @Test func anEmptyReportSaysNothingToAdd() {
        #expect(summary([]) == "Nothing to add")
    }

    @Test func addedWinsOverIgnored() {
        #expect(summary([.ignored(what: "text", reason: "no hero named \"x\""),
                         .added(name: "Thor", withPortrait: false)]) == "Added Thor")
    }

    @Test func addedWinsOverUpdatedAndUnchanged() {
        #expect(summary([.unchanged(name: "Hulk", reason: "already a favorite"),
                         .updated(name: "Storm", change: "new portrait"),
                         .added(name: "Thor", withPortrait: false)]) == "Added Thor")
    }

    @Test func updatedOrUnchangedWinsOverIgnored() {
        #expect(summary([.ignored(what: "image", reason: "too large"),
                         .updated(name: "Hulk", change: "new portrait")]) == "Updated Hulk: new portrait")
        #expect(summary([.ignored(what: "image", reason: "too large"),
                         .unchanged(name: "Thor", reason: "already a favorite")]) == "Thor: already a favorite")
    }

    @Test func anUpdateWinsOverAnUnchangedFavoriteWhateverTheOrder() {
        let report = IngestReport(outcomes: [.unchanged(name: "Hulk", reason: "already a favorite"),
                                             .updated(name: "Storm", change: "new portrait")])
        #expect(report.summary == "Updated Storm: new portrait")
    }
}
