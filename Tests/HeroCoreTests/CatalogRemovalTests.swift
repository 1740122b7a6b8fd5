import Foundation
import HeroTransfer
import Testing
import TestSupport
@testable import HeroCore

/// Imported and custom heroes can be listed and taken out of the catalog again; built-in ones and favorites stay.
@Suite struct CatalogRemovalTests {
    let dir: TempDirectory
    let favorites: Favorites

    init() throws {
        dir = try TempDirectory()
        favorites = try Favorites(path: dir.file("favorites.sqlite3"))
    }

    @Test func anImportedHeroIsListedThenRemovedByAnySpelling() throws {
        _ = try favorites.importCatalog([CatalogFile.Entry(name: "Squirrel Girl II", description: "nuts", thumbnailURL: nil)])
        #expect(try favorites.catalogAdditions().map(\.name) == ["Squirrel Girl II"])
        #expect(try favorites.removeFromCatalog(names: ["squirrel girl ii"]) == [.removed(name: "Squirrel Girl II")])
        #expect(try favorites.catalogAdditions().isEmpty)
        #expect(favorites.catalog.match("Squirrel Girl II") == nil)
    }

    @Test func aHeroThatIsStillAFavoriteIsNotRemoved() throws {
        _ = try favorites.add(names: ["Captain Groceries"], createUnknown: true)
        #expect(try favorites.removeFromCatalog(names: ["Captain Groceries"]) == [.stillFavorite(name: "Captain Groceries")])
        _ = try favorites.remove(names: ["Captain Groceries"])
        #expect(try favorites.removeFromCatalog(names: ["Captain Groceries"]) == [.removed(name: "Captain Groceries")])
    }

    @Test func builtInAndUnknownNamesAreRefusedEachWithItsReason() throws {
        #expect(try favorites.removeFromCatalog(names: ["thor", "Nobody"]) == [.builtIn(name: "Thor"), .notFound(name: "Nobody")])
    }

    /// A database written before the byte limit: the poisoned entry stays out of matching and can be removed.
    @Test func aPoisonedCatalogEntryFromBeforeTheLimitIsLeftOutOfMatchingAndRemovable() throws {
        let poisoned = Hero(name: IngestBoundsTests.poisonedName, origin: .import)
        _ = try favorites.store.write { () throws(StoreError) in
            try favorites.store.insertCatalogHero(poisoned, key: HeroName.key(IngestBoundsTests.poisonedName), at: Date())
        }
        try favorites.reloadCatalog()
        #expect(!favorites.catalog.heroes.contains { $0.origin == .import })
        let listed = try favorites.catalogAdditions()
        #expect(listed.count == 1 && listed[0].isOverLong && listed[0].nameBytes == IngestBoundsTests.poisonedName.utf8.count)
        #expect(listed[0].displayName.hasSuffix("… (\(IngestBoundsTests.poisonedName.utf8.count) bytes)"))
        let results = try favorites.removeFromCatalog(names: ["zalgoy"])
        #expect(results.count == 1 && results[0].isRemoved)
        #expect(try favorites.catalogAdditions().isEmpty)
    }
}
