import Foundation
import HeroTransfer
import Testing
import TestSupport
@testable import HeroCore

/// `Favorites.payload(named:)`: a name means a favorite (description and portrait), else a catalog hero.
@Suite struct HeroPayloadTests {
    let dir: TempDirectory
    let favorites: Favorites
    init() throws {
        dir = try TempDirectory()
        favorites = try Favorites(path: dir.file("favorites.sqlite3"))
    }

    @Test func aCatalogHeroThatIsNoFavoriteHasItsCatalogNameAndDescriptionAndNoImage() throws {
        let payload = try #require(try favorites.payload(named: "spiderman"))
        let hero = try #require(favorites.catalog.match("spiderman"))
        #expect(payload == HeroPayload(name: hero.name, description: hero.description))
        #expect(payload.name == "Spider-Man" && payload.image == nil)
    }

    @Test func aFavoriteComesWithItsPortrait() throws {
        _ = try favorites.add(names: ["Thor"])
        let png = ImageFixtures.png(width: 8, height: 6)
        _ = try favorites.setPortrait(of: "thor", image: TransferImage(mime: "image/png", data: png, width: 8, height: 6))
        let payload = try #require(try favorites.payload(named: "THOR"))
        #expect(payload.name == "Thor")
        #expect(payload.image?.mime == "image/png" && payload.image?.width == 8 && payload.image?.height == 6)
        #expect(payload.image?.data == png)
    }

    @Test func aCustomFavoriteIsFoundThoughTheBuiltInCatalogLacksIt() throws {
        _ = try favorites.add(names: ["Captain Groceries"], createUnknown: true)
        #expect(try favorites.payload(named: "captain groceries")?.name == "Captain Groceries")
    }

    @Test func aNameThatIsNeitherIsNil() throws {
        #expect(try favorites.payload(named: "Nobody In Particular") == nil)
    }
}
