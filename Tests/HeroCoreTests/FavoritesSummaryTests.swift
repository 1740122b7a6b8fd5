import Foundation
import Testing
import TestSupport
@testable import HeroCore

/// `herobridge status`'s count and last-added, read from a real database file.
@Suite struct FavoritesSummaryTests {
    @Test func anEmptyDatabaseHasNoneAndNoLastAdded() throws {
        let dir = try TempDirectory()
        let favorites = try Favorites(path: dir.path + "/favorites.sqlite3")
        #expect(try favorites.summary() == FavoritesSummary(count: 0, lastAdded: nil))
    }

    @Test func theLastAddedIsTheLatestByTimeNotByName() throws {
        let dir = try TempDirectory()
        let store = try FavoritesStore(path: dir.path + "/favorites.sqlite3")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { () throws(StoreError) -> Void in
            for (offset, name) in ["Thor", "Hulk", "Storm", "Wolverine"].enumerated() {
                let at = start.addingTimeInterval(Double([30, 10, 40, 20][offset]))
                try store.insertFavorite(Hero(name: name, origin: .catalog), key: HeroName.key(name), source: .cli, at: at)
            }
        }
        let summary = try Favorites(store: store).summary()
        #expect(summary.count == 4)
        #expect(summary.lastAdded?.hero.name == "Storm")
        #expect(summary.lastAdded?.addedAt == start.addingTimeInterval(40))
        _ = try Favorites(store: store).remove(names: ["Storm"])
        #expect(try Favorites(store: store).summary().lastAdded?.hero.name == "Thor")
    }
}
