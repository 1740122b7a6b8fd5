import CSQLite
import Foundation
import Testing
import TestSupport
@testable import HeroCore

@Suite struct FavoritesStoreTests {
    let dir: TempDirectory
    init() throws { dir = try TempDirectory() }

    /// The file's bytes, to prove a refused database was not touched.
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs raw SQL on `path` with the C API, as another program would.
    func sqlite(_ path: String, _ sql: String) throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK)
    }

    @Test func aNewDatabaseIsCreatedWithItsFolderInWALMode() throws {
        let path = dir.file("a/b/herobridge.sqlite3")
        let store = try FavoritesStore(path: path)
        var mode = ""
        try store.database.query("PRAGMA journal_mode") { row in mode = row.text(0) }
        #expect(mode == "wal")
        #expect(try store.database.scalar("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try store.database.scalar("PRAGMA application_id") == Schema.applicationID)
        #expect(try store.database.scalar("PRAGMA foreign_keys") == 1)
    }

    @Test func anEmptyFileIsMigrated() throws {
        let path = try dir.write("empty.sqlite3", Data())
        let favorites = try Favorites(path: path)
        #expect(try favorites.add(names: ["Thor"]).added == ["Thor"])
    }

    @Test func anEmptySQLiteDatabaseIsMigrated() throws {
        let path = dir.file("blank.sqlite3")
        try sqlite(path, "PRAGMA user_version = 0; VACUUM;")
        let favorites = try Favorites(path: path)
        #expect(try favorites.add(names: ["Thor"]).added == ["Thor"])
    }

    @Test func reopeningKeepsEverything() throws {
        let path = dir.file("keep.sqlite3")
        _ = try Favorites(path: path).add(names: ["Thor", "Storm"])
        #expect(try Favorites(path: path).list().map(\.hero.name) == ["Storm", "Thor"])
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched() throws {
        let original = Data("groceries: milk, eggs\n".utf8) + Data(repeating: 7, count: 5000)
        let path = try dir.write("notes.txt", original)
        #expect {
            try FavoritesStore(path: path)
        } throws: { error in
            "\(error)".contains("is not a HeroBridge database (not an SQLite file)")
        }
        #expect(try bytes(path) == original)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        let path = dir.file("other.sqlite3")
        try sqlite(path, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
        let original = try bytes(path)
        #expect {
            try FavoritesStore(path: path)
        } throws: { error in
            "\(error)".contains("holds 1 tables of another program")
        }
        #expect(try bytes(path) == original)
    }

    @Test func aCorruptDatabaseIsRefusedAndLeftUntouched() throws {
        let path = dir.file("corrupt.sqlite3")
        _ = try Favorites(path: path).add(names: ["Thor"])
        try sqlite(path, "PRAGMA journal_mode = DELETE") // fold the WAL back into the file
        var data = try bytes(path)
        for i in 100..<min(data.count, 4096) { data[i] = 0xA5 }  // smash page 1 after the header
        try data.write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try Favorites(path: path).list()
        } throws: { error in
            let text = "\(error)"
            return text.contains("corrupt") || text.contains("not a HeroBridge database")
        }
        #expect(try bytes(path) == data)
    }

    /// Root ignores file permissions; the CLI tests cover root by running the binary as `nobody`.
    @Test(.enabled(if: getuid() != 0)) func aReadOnlyDatabaseIsAClearError() throws {
        let path = dir.file("ro.sqlite3")
        _ = try Favorites(path: path).add(names: ["Thor"])
        chmod(path, 0o444)
        defer { chmod(path, 0o644) }
        #expect {
            try FavoritesStore(path: path)
        } throws: { error in
            "\(error)".contains("is read-only")
        }
    }

    @Test func aDatabaseFromANewerHeroBridgeIsRefused() throws {
        let path = dir.file("newer.sqlite3")
        _ = try FavoritesStore(path: path)
        try sqlite(path, "PRAGMA user_version = \(Schema.currentVersion + 1)")
        #expect {
            try FavoritesStore(path: path)
        } throws: { error in
            "\(error)".contains("newer than this HeroBridge understands")
        }
    }

    @Test func aDirectoryIsNotADatabase() throws {
        #expect {
            try FavoritesStore(path: dir.path)
        } throws: { error in
            "\(error)".contains("not a regular file")
        }
    }

    @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
        let path = dir.file("shared.sqlite3")
        _ = try FavoritesStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let favorites = try Favorites(path: path)
                    for i in 0..<100 {
                        let report = try favorites.add(names: ["Hero \(writer)-\(i)"], createUnknown: true)
                        #expect(report.added.count == 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try Favorites(path: path).list().count == 200)
    }
}
