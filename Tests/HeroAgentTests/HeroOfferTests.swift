import Foundation
import HeroAgent
import HeroTransfer
import Testing
import TestSupport
@testable import X11Bridge

/// What `herobridge copy` offers for a hero, without an X server.
@Suite struct HeroOfferTests {
    private func data(_ offer: SelectionOffer, _ target: String) -> Data? { offer.entry(for: target)?.produce() }

    @Test func aHeroWithoutPortraitOffersTextJSONAndTheMarkerOnly() {
        let offer = HeroOffer.make(HeroPayload(name: "Thor", description: "God of thunder"))
        #expect(offer.targets == ["application/x-herobridge-hero+json", "UTF8_STRING", "text/plain;charset=utf-8",
                                  "text/plain", "STRING", "TEXT", SelectionFetcher.ownMarker])
        for target in ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT"] {
            #expect(data(offer, target) == Data("Thor".utf8), "\(target)")
        }
        #expect(offer.entry(for: "TEXT")?.type == "STRING")
        #expect(offer.entry(for: "UTF8_STRING")?.type == "UTF8_STRING")
    }

    @Test func latin1ReplacesWhatItCannotHold() {
        let offer = HeroOffer.make(HeroPayload(name: "Zoë ⚡ Łu"))
        #expect(data(offer, "STRING") == Data([0x5A, 0x6F, 0xEB, 0x20, 0x3F, 0x20, 0x3F, 0x75]))
        #expect(data(offer, "UTF8_STRING") == Data("Zoë ⚡ Łu".utf8))
    }

    @Test func aPNGPortraitIsOfferedAsIsOnce() {
        let png = ImageFixtures.png(width: 30, height: 20)
        let offer = HeroOffer.make(HeroPayload(name: "Storm", image: TransferImage(mime: "image/png", data: png, width: 30, height: 20)))
        #expect(offer.targets.filter { $0.hasPrefix("image/") } == ["image/png"])
        #expect(data(offer, "image/png") == png)
    }

    @Test func aJPEGPortraitIsOfferedAsPNGAndAsJPEG() throws {
        let jpeg = ImageFixtures.jpeg(width: 40, height: 24)
        let offer = HeroOffer.make(HeroPayload(name: "Hulk", image: TransferImage(mime: "image/jpeg", data: jpeg, width: 40, height: 24)))
        #expect(offer.targets.filter { $0.hasPrefix("image/") } == ["image/png", "image/jpeg"])
        #expect(data(offer, "image/jpeg") == jpeg)
        let png = try #require(data(offer, "image/png"))
        let image = try ImageValidator.validate(png, target: "image/png", limits: .default)
        #expect(image.mime == "image/png" && image.width == 40 && image.height == 24)
    }

    /// Pillow's images, and a transparent lossless WebP: the PNG keeps the size and the alpha.
    @Test(arguments: [("webp", ["mode=RGBA", "lossless"]), ("gif", ["transparent"]), ("bmp", ["mode=P"])])
    func aWebPGIFOrBMPPortraitIsOfferedAsPNGAndUnderItsOwnType(format: String, options: [String]) throws {
        let bytes = try PILImages.make(format, width: 30, height: 18, options)
        let stored = try ImageValidator.validate(bytes, target: "image/\(format)", limits: .default)
        let offer = HeroOffer.make(HeroPayload(name: "Rogue", image: stored))
        #expect(offer.targets.filter { $0.hasPrefix("image/") } == ["image/png", "image/\(format)"])
        #expect(data(offer, "image/\(format)") == bytes)
        let png = try #require(data(offer, "image/png"))
        #expect(try DecodedImage.decode(png).pixels == DecodedImage.decode(bytes).pixels)
    }

    @Test func theJSONIsWhatTheHeroImporterReadsBackWhole() throws {
        let png = ImageFixtures.png(width: 12, height: 9)
        let hero = HeroPayload(name: "Storm", description: "Weather witch",
                               image: TransferImage(mime: "image/png", data: png, width: 12, height: 9))
        let json = try #require(data(HeroOffer.make(hero), "application/x-herobridge-hero+json"))
        let result = try MIMERegistry.standard.decode(target: "application/x-herobridge-hero+json", data: json)
        var named = hero
        named.image?.name = "Storm" // the importer names a hero's portrait after the hero
        #expect(result.items == [.hero(named)])
    }
}
