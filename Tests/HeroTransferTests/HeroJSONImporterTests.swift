import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `application/x-herobridge-hero+json`: heroes HeroBridge itself put on the clipboard or in a drag.
@Suite struct HeroJSONImporterTests {
    let target = "application/x-herobridge-hero+json"

    @Test func oneObjectGivesOneHero() throws {
        let json = #"{"name": "Thor", "description": "God of Thunder"}"#
        #expect(try decode(target, utf8: json).items == [.hero(HeroPayload(name: "Thor", description: "God of Thunder"))])
    }

    @Test func missingDescriptionIsEmpty() throws {
        #expect(try decode(target, utf8: #"{"name":"Loki"}"#).items == [.hero(HeroPayload(name: "Loki"))])
    }

    @Test func arrayOfTwoGivesBothInOrder() throws {
        let json = "\n  [{\"name\":\"Thor\",\"description\":\"God of Thunder\"}, {\"name\":\"Loki\"}]"
        let result = try decode(target, utf8: json)
        #expect(result.items == [.hero(HeroPayload(name: "Thor", description: "God of Thunder")), .hero(HeroPayload(name: "Loki"))])
        #expect(result.notes.isEmpty)
    }

    @Test func base64PNGPortraitIsValidatedWithItsDimensions() throws {
        let png = ImageFixtures.png(width: 4, height: 3)
        let json = #"{"name":"Thor","image":{"mime":"image/png","base64":"\#(png.base64EncodedString())"}}"#
        let result = try decode(target, utf8: json)
        let hero = try #require(result.items.first?.hero)
        #expect(hero.name == "Thor")
        #expect(hero.image == TransferImage(mime: "image/png", data: png, width: 4, height: 3, name: "Thor"))
        #expect(result.notes.isEmpty)
    }

    @Test func portraitMimeComesFromTheBytesNotTheJSON() throws {
        let jpeg = ImageFixtures.jpeg(width: 5, height: 5)
        let json = #"{"name":"Thor","image":{"mime":"image/png","base64":"\#(jpeg.base64EncodedString())"}}"#
        #expect(try decode(target, utf8: json).items.first?.hero?.image?.mime == "image/jpeg")
    }

    @Test func badBase64KeepsTheHeroAndAddsANote() throws {
        let json = #"{"name":"Thor","description":"God of Thunder","image":{"mime":"image/png","base64":"iVBORw0KGgo"}}"#
        let result = try decode(target, utf8: json)
        #expect(result.items == [.hero(HeroPayload(name: "Thor", description: "God of Thunder"))])
        #expect(result.notes == ["Thor: portrait is not valid base64; hero kept without it"])
    }

    @Test func portraitThatIsNotAnImageKeepsTheHeroAndAddsANote() throws {
        let json = #"{"name":"Thor","image":{"mime":"image/png","base64":"\#(Data("not a png".utf8).base64EncodedString())"}}"#
        let result = try decode(target, utf8: json)
        #expect(result.items == [.hero(HeroPayload(name: "Thor"))])
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.hasPrefix("Thor: portrait refused (") == true)
        #expect(result.notes.first?.contains("not an image") == true)
    }

    @Test func portraitOverTheImageLimitsKeepsTheHeroAndAddsANote() throws {
        let json = #"{"name":"Galactus","image":{"mime":"image/png","base64":"\#(pngBomb(width: 9000, height: 9000).base64EncodedString())"}}"#
        let result = try decode(target, utf8: json)
        #expect(result.items == [.hero(HeroPayload(name: "Galactus"))])
        #expect(result.notes.first?.contains("9000×9000 pixels is over the limit") == true)
    }

    @Test(arguments: [#"{"name": "Thor""#, "Thor", "", #"{"name": 42}"#, #"[{"name":"Thor"}, 7]"#, "null"])
    func invalidJSONIsAnImportFailure(json: String) {
        let error = #expect(throws: TransferError.self) { try decode(target, utf8: json) }
        let failure = importFailure(error)
        #expect(failure?.target == target)
        #expect(failure?.reason.hasPrefix("not a hero JSON object or array") == true)
    }

    @Test func missingNameIsAnImportFailureSayingSo() {
        let error = #expect(throws: TransferError.self) { try decode(target, utf8: #"{"description":"God of Thunder"}"#) }
        #expect(importFailure(error)?.reason.contains(#"missing "name""#) == true)
    }

    @Test func emptyArrayIsAnImportFailure() {
        let error = #expect(throws: TransferError.self) { try decode(target, utf8: "[ ]") }
        #expect(importFailure(error)?.reason == "the array holds no hero")
    }

    @Test func encodeOfOneHeroIsAnObjectThatRoundTrips() throws {
        let png = ImageFixtures.png(width: 4, height: 3)
        let thor = HeroPayload(name: "Thor", description: "God of Thunder \"Odinson\"",
                               image: try ImageValidator.validate(png, target: target, name: "Thor", limits: .default))
        let data = HeroJSONImporter.encode([thor])
        #expect(data.first == UInt8(ascii: "{"))
        #expect(try decode(target, data).items == [.hero(thor)])
    }

    @Test func encodeOfSeveralHeroesIsAnArrayThatRoundTrips() throws {
        let jpeg = ImageFixtures.jpeg(width: 6, height: 2)
        let heroes = [
            HeroPayload(name: "Se\u{F1}or Spider\u{2011}Man", description: "line one\nline two"),
            HeroPayload(name: "Loki", image: try ImageValidator.validate(jpeg, target: target, name: "Loki", limits: .default)),
        ]
        let data = HeroJSONImporter.encode(heroes)
        #expect(data.first == UInt8(ascii: "["))
        #expect(try decode(target, data).items == heroes.map { .hero($0) })
    }
}
