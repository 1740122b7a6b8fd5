import CSQLite
import Foundation
import Testing
import TestSupport
@testable import HeroCore
import HeroTransfer

/// Large portraits as files beside the database (`PortraitFiles`): where they go, when they leave, what a crash or
/// another process can leave behind, and the databases of schema 1 that kept every portrait in its row.
@Suite struct PortraitFilesTests {
    let dir: TempDirectory
    init() throws { dir = try TempDirectory() }

    /// An image of `count` bytes; the store trusts what the ingest validated, so the bytes need not decode.
    func image(_ count: Int, seed: UInt8 = 1) -> TransferImage {
        let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7) ^ seed })
        return TransferImage(mime: "image/png", data: data, width: 10, height: 10)
    }

    var big: Int { FavoritesStore.inlinePortraitBytes + 1 }

    func folderEntries(_ store: FavoritesStore) -> [String] { store.files!.entries().sorted() }

    func column(_ store: FavoritesStore, _ sql: String) throws -> Int64? { try store.database.scalar(sql) }

    @Test func aLargePortraitIsAFileNamedByItsDigestAndItsRowHoldsNoBytes() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        let portrait = image(big)
        _ = try favorites.add(names: ["Thor"])
        _ = try favorites.setPortrait(of: "Thor", image: portrait)
        let digest = SHA256.hex(portrait.data)
        #expect(folderEntries(favorites.store) == [digest])
        #expect(FileManager.default.contents(atPath: dir.file("db.sqlite3-portraits/\(digest)")) == portrait.data)
        #expect(try column(favorites.store, "SELECT length(bytes) FROM portraits") == 0)
        #expect(try column(favorites.store, "SELECT in_file FROM portraits") == 1)
        #expect(try favorites.portrait(of: "Thor").data == portrait.data)
        #expect(try favorites.list().first?.hero.portrait?.byteCount == big)
        #expect(try favorites.list().first?.hero.portrait?.sha256 == digest)
    }

    @Test func aSmallPortraitStaysInItsRowAndMakesNoFolder() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor"])
        let portrait = image(FavoritesStore.inlinePortraitBytes)
        _ = try favorites.setPortrait(of: "Thor", image: portrait)
        #expect(!FileManager.default.fileExists(atPath: dir.file("db.sqlite3-portraits")))
        #expect(try column(favorites.store, "SELECT length(bytes) FROM portraits") == Int64(portrait.data.count))
        #expect(try favorites.portrait(of: "Thor").data == portrait.data)
    }

    @Test func aReplacedOrRemovedPortraitsFileGoesUnlessAnotherFavoriteSharesIt() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor", "Hulk"])
        let first = image(big, seed: 1), second = image(big, seed: 2)
        _ = try favorites.setPortrait(of: "Thor", image: first)
        _ = try favorites.setPortrait(of: "Hulk", image: first)
        #expect(folderEntries(favorites.store) == [SHA256.hex(first.data)])
        _ = try favorites.setPortrait(of: "Thor", image: second)
        #expect(folderEntries(favorites.store) == [SHA256.hex(first.data), SHA256.hex(second.data)].sorted())
        _ = try favorites.remove(names: ["Hulk"])
        #expect(folderEntries(favorites.store) == [SHA256.hex(second.data)])
        // Replaced by a small one, kept in the row: the file goes.
        _ = try favorites.setPortrait(of: "Thor", image: image(100))
        #expect(folderEntries(favorites.store) == [])
        #expect(try favorites.portrait(of: "Thor").data.count == 100)
    }

    @Test func anImageOntoANameThatIsNoFavoriteLeavesNoFile() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        let report = try favorites.ingest([.image(image(big))], context: IngestContext(source: .drop, onto: "Thor"))
        #expect(report.outcomes.contains { if case .ignored = $0 { true } else { false } })
        #expect(folderEntries(favorites.store) == [])
    }

    @Test func aRolledBackRemovalPutsTheFileBack() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor"])
        let portrait = image(big)
        _ = try favorites.setPortrait(of: "Thor", image: portrait)
        let store = favorites.store
        #expect(throws: StoreError.busy(path: store.path)) {
            try store.write { () throws(StoreError) in
                _ = try store.deleteFavorite(key: HeroName.key("Thor"))
                #expect(folderEntries(store) != [SHA256.hex(portrait.data)]) // set aside while locked
                throw StoreError.busy(path: store.path)
            }
        }
        #expect(folderEntries(store) == [SHA256.hex(portrait.data)])
        #expect(try favorites.portrait(of: "Thor").data == portrait.data)
    }

    @Test func aFileRemovedAfterItWasPlacedIsWrittenAgainUnderTheLock() throws {
        let store = try FavoritesStore(path: dir.file("db.sqlite3"))
        let portrait = Portrait(image(big))
        #expect(try store.prepareFile(for: portrait))
        #expect(try !store.prepareFile(for: portrait)) // already there
        // Another process's sweep or removal, between the placing and this process's transaction.
        store.files!.remove(portrait.info.sha256)
        try store.write { () throws(StoreError) in
            try store.insertFavorite(Hero(name: "Thor", origin: .catalog), key: "thor", source: .cli, at: Date())
            try store.setPortrait(portrait, key: "thor")
        }
        #expect(try store.portrait(key: "thor")?.data == portrait.data)
    }

    @Test func aMissingOrDamagedFileIsAClearErrorAndARowCannotNameAPathOutsideTheFolder() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor", "Hulk", "Storm"])
        let portrait = image(big)
        _ = try favorites.setPortrait(of: "Thor", image: portrait)
        let file = dir.file("db.sqlite3-portraits/\(SHA256.hex(portrait.data))")
        try Data("short".utf8).write(to: URL(fileURLWithPath: file))
        #expect { try favorites.portrait(of: "Thor") } throws: { "\($0)".contains("it holds 5 bytes, its row says \(big)") }
        try FileManager.default.removeItem(atPath: file)
        #expect { try favorites.portrait(of: "Thor") } throws: { "\($0)".contains("the portrait of thor is missing; set it again") }
        // A row edited by hand to name a path: refused, never opened.
        try Data("secret".utf8).write(to: URL(fileURLWithPath: dir.file("secret")))
        try favorites.store.database.query("UPDATE portraits SET sha256 = '../secret', byte_count = 6")
        #expect { try favorites.portrait(of: "Thor") } throws: { "\($0)".contains("no SHA-256 digest") }
        // The other favorites are untouched, and listing still works.
        #expect(try favorites.list().count == 3)
    }

    @Test func theSweepRemovesWhatACrashLeftAndPutsBackAFileSetAsideByATransactionThatNeverCommitted() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor", "Hulk"])
        let kept = image(big, seed: 1), restored = image(big, seed: 2)
        _ = try favorites.setPortrait(of: "Thor", image: kept)
        _ = try favorites.setPortrait(of: "Hulk", image: restored)
        let files = favorites.store.files!
        let orphan = Portrait(image(big, seed: 3))
        try files.place(orphan.data, sha256: orphan.info.sha256)
        // A process long gone (pid 2^22 + 1 is past pid_max's default of 2^22) left a temporary file, and set Hulk's
        // file aside in a transaction that never committed.
        let gone = 4_194_305
        try Data("partial".utf8).write(to: URL(fileURLWithPath: files.folder + "/.tmp-\(gone)-1"))
        let restoredDigest = SHA256.hex(restored.data)
        try FileManager.default.moveItem(atPath: files.path(of: restoredDigest),
                                         toPath: files.folder + "/.deleted-\(restoredDigest)-\(gone)-9")
        // And a live process (this one) is writing a temporary file right now: that one stays.
        try Data("in progress".utf8).write(to: URL(fileURLWithPath: files.folder + "/.tmp-\(getpid())-2"))
        #expect(try favorites.store.sweepPortraitFiles() == 2)
        #expect(folderEntries(favorites.store) == [".tmp-\(getpid())-2", SHA256.hex(kept.data), restoredDigest].sorted())
        #expect(try favorites.portrait(of: "Hulk").data == restored.data)
        #expect(try favorites.portrait(of: "Thor").data == kept.data)
    }

    @Test func aSchemaOneDatabaseKeepsItsPortraitsInTheirRows() throws {
        let path = dir.file("old.sqlite3")
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        let blob = String(repeating: "ab", count: 300_000) // 300,000 bytes: large, but stays in its row
        let sql = Schema.migrations[0] + """
            PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 1;
            INSERT INTO favorites VALUES ('thor', 'Thor', '', 'catalog', 'cli', 1);
            INSERT INTO portraits VALUES ('thor', 'image/png', 4, 4, 'x', x'\(blob)');
            """
        try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        let favorites = try Favorites(path: path)
        #expect(try favorites.store.database.scalar("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try favorites.list().first?.hero.portrait?.byteCount == 300_000)
        #expect(try favorites.portrait(of: "Thor").data.count == 300_000)
        #expect(!FileManager.default.fileExists(atPath: path + "-portraits"))
        // Removing it needs no file.
        #expect(try favorites.remove(names: ["Thor"]).removed == ["Thor"])
    }

    /// Direct I/O for the whole blocks, from the bytes themselves when page-aligned, through the bounce buffer
    /// when not, and a plain write for the tail: the file is the bytes, whichever way.
    @Test(arguments: [0, 1, 16]) func aMultiMegabyteWriteIsWholeAlignedOrNot(offset: Int) throws {
        let count = 3 * FavoritesStore.inlinePortraitBytes * 4 + 123 // 3 MiB and a partial block
        let length = count + offset
        let mapping = try #require(mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(mapping, length) }
        let bytes = UnsafeMutableRawBufferPointer(start: mapping + offset, count: count)
        for i in 0..<count { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
        let path = dir.file("out-\(offset)")
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(fd >= 0)
        #expect(PortraitFiles.writeDurably(fd, UnsafeRawBufferPointer(bytes)))
        close(fd)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    }

    @Test func anInMemoryDatabaseKeepsLargePortraitsInTheirRows() throws {
        let favorites = try Favorites(path: ":memory:")
        _ = try favorites.add(names: ["Thor"])
        let portrait = image(big)
        _ = try favorites.setPortrait(of: "Thor", image: portrait)
        #expect(favorites.store.files == nil)
        #expect(try favorites.portrait(of: "Thor").data == portrait.data)
    }
}
