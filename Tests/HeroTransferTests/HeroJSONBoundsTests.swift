import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Hero JSON reads a bounded number of heroes, and no name over 400 bytes.
@Suite struct HeroJSONBoundsTests {
    @Test func aHeroArrayIsReadUpToTheHeroCap() throws {
        let heroes = (1...1005).map { HeroPayload(name: "Stranger \($0)") }
        let result = try decode(HeroJSONImporter.target, HeroJSONImporter.encode(heroes))
        #expect(result.items.count == 1000)
        #expect(result.notes == ["5 heroes past the first 1000 not read"])
    }

    @Test func aHeroNameOverFourHundredBytesIsSkippedWithAShortNote() throws {
        let huge = "Thor" + String(repeating: "\u{301}", count: 100_000)
        let data = HeroJSONImporter.encode([HeroPayload(name: huge), HeroPayload(name: "Hulk")])
        let result = try decode(HeroJSONImporter.target, data)
        #expect(result.items == [.hero(HeroPayload(name: "Hulk"))])
        #expect(result.notes.count == 1 && result.notes[0].utf8.count < 300)
    }
}
