import Foundation
import Synchronization
import Testing
import TestSupport
@testable import HeroCore

/// What the agent reads when inotify says another process wrote the database. The event comes while the writer
/// still holds its transaction (SQLite writes the WAL first and publishes the commit in the shared-memory index,
/// which inotify does not see), so a plain read may get the state before the change, and no later event comes:
/// after a chaos run, a favorite added by another connection never appeared in the drop window.
@Suite struct ListAfterWritersTests {
    @Test func aListTakenWhileAnotherConnectionWritesIncludesThatWrite() throws {
        let dir = try TempDirectory()
        let path = dir.path + "/favorites.sqlite3"
        let reader = try Favorites(path: path)
        let writer = try FavoritesStore(path: path)
        // The reader says when it finds the write lock taken, and waits there until the writer has committed: no
        // sleep, and the list is known to have been taken while the write was in progress.
        let waitingForLock = DispatchSemaphore(value: 0)
        let committed = DispatchSemaphore(value: 0)
        let isCommitted = Mutex(false)
        reader.store.database.setBusyHandler { _ in
            if isCommitted.withLock({ $0 }) { return true }
            waitingForLock.signal()
            return committed.wait(timeout: .now() + 30) == .success   // a hang guard, never reached when it works
        }
        let result = Mutex<[String]?>(nil)
        var plain: [String] = []
        var readerWaited = false
        try writer.write { () throws(StoreError) -> Void in
            try writer.insertFavorite(Hero(name: "Thor", origin: .catalog), key: HeroName.key("Thor"), source: IngestSource.cli, at: Date())
            // The change is written but not committed: a plain read does not see it...
            plain = try reader.list().map(\.hero.name)
            // ...and the list that waits for writers, started now, must return it once the commit is done.
            let waiting = Unchecked(reader) // used by that thread alone from here on
            Thread.detachNewThread {
                let names = try? waiting.value.listAfterWritersFinish().map(\.hero.name)
                result.withLock { $0 = names }
            }
            readerWaited = waitingForLock.wait(timeout: .now() + 30) == .success
        }
        isCommitted.withLock { $0 = true }
        committed.signal()
        #expect(plain == [])
        #expect(readerWaited, "the reader never found the write lock taken")
        #expect(eventually(timeout: 10) { result.withLock { $0 } != nil })
        #expect(result.withLock { $0 } == ["Thor"])
    }
}

/// A value handed to one other thread, which alone uses it from then on.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
