import Foundation
import Testing
import TestSupport
@testable import HeroCore
import HeroTransfer

/// A portrait's file written while its bytes arrive (`PortraitFileWriter`, from `PortraitStaging`): whatever the
/// pieces, the file is the bytes; it has no name in the folder until it is handed over, and the store takes it like
/// one it wrote; a writer dropped before the end, or held by a thread that never runs again, leaves nothing to see.
@Suite struct PortraitFileWriterTests {
    let dir: TempDirectory
    init() throws { dir = try TempDirectory() }

    /// `count` bytes in page-aligned memory that stays put (as an INCR reservation is), from `offset` into it.
    private final class Mapping {
        let base: UnsafeMutableRawPointer
        let length: Int
        let bytes: UnsafeRawBufferPointer
        init(count: Int, offset: Int = 0) throws {
            length = count + offset
            base = try #require(mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            let writable = UnsafeMutableRawBufferPointer(start: base + offset, count: count)
            for i in 0..<count { writable[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 11) }
            bytes = UnsafeRawBufferPointer(writable)
        }
        deinit { munmap(base, length) }
        func prefix(_ count: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[0..<count]) }
    }

    private func staging(_ store: FavoritesStore) throws -> PortraitStaging { try #require(store.portraitStaging) }

    private func entries(_ store: FavoritesStore) -> [String] { store.files!.entries().sorted() }

    /// Pieces of an INCR chunk's size (not a whole number of blocks), of a byte, or the whole at once; aligned
    /// memory or not (then nothing is written until the end): the file holds exactly the bytes.
    @Test(arguments: [262_140, 1, 5 << 20], [0, 1])
    func theFileIsTheBytesWhateverThePieces(piece: Int, offset: Int) throws {
        let store = try FavoritesStore(path: dir.file("db.sqlite3"))
        let mapping = try Mapping(count: (5 << 20) + 777, offset: offset)
        let writer = try #require(try staging(store).start())
        var count = 0
        while count < mapping.bytes.count {
            count = min(mapping.bytes.count, count + (piece == 1 ? 4096 * 300 + 1 : piece))
            writer.advance(mapping.prefix(count))
        }
        #expect(entries(store).isEmpty, "no name while it is written: \(entries(store))")
        let staged = try #require(writer.finish(mapping.bytes))
        #expect(entries(store).count == 1 && entries(store)[0].hasPrefix(".tmp-"), "a temporary name once finished")
        #expect(staged.byteCount == mapping.bytes.count)
        #expect(FileManager.default.contents(atPath: staged.path) == Data(mapping.bytes))
        #expect(writer.finish(mapping.bytes) == nil, "handed over once")
    }

    /// The file lane may hold its writer long after the image was refused (at `SCHED_IDLE` under load it may not
    /// run for seconds): the file must not be seen meanwhile, not only once the writer goes. Found under two CPU
    /// hogs: `ClipboardIngestTests.aPNGCorruptInTheMiddleOfAnINCRTransferIsStillRefused` saw a `.tmp-` file of the
    /// refused image in the folder.
    @Test func aWriterNotFinishedLeavesNothingToSeeWhileItLivesOrAfter() throws {
        let store = try FavoritesStore(path: dir.file("db.sqlite3"))
        let mapping = try Mapping(count: 9 << 20)
        do {
            let writer = try #require(try staging(store).start())
            writer.advance(mapping.prefix(8 << 20))
            #expect(entries(store).isEmpty, "\(entries(store))")
            #expect(try FavoritesStore(path: dir.file("db.sqlite3")).sweepPortraitFiles() == 0)
        }
        #expect(entries(store).isEmpty)
    }

    /// The store takes the file for the portrait (renamed to its digest), as it takes one the worker staged.
    @Test func theStoreTakesTheFileAsThePortraitsFile() throws {
        let favorites = try Favorites(path: dir.file("db.sqlite3"))
        _ = try favorites.add(names: ["Thor"])
        let mapping = try Mapping(count: (2 << 20) + 5)
        let writer = try #require(try staging(favorites.store).start())
        writer.advance(mapping.prefix(1 << 21))
        let staged = try #require(writer.finish(mapping.bytes))
        let data = Data(mapping.bytes)
        let image = TransferImage(mime: "image/png", data: data, width: 10, height: 10, sha256: SHA256.hex(data), staged: staged)
        _ = try favorites.ingest([.image(image)], context: IngestContext(source: .drop, onto: "Thor"))
        #expect(entries(favorites.store) == [SHA256.hex(data)])
        #expect(!FileManager.default.fileExists(atPath: staged.path))
        #expect(try favorites.portrait(of: "Thor").data == data)
    }

    @Test func anInMemoryDatabaseHasNoStaging() throws {
        #expect(try FavoritesStore(path: ":memory:").portraitStaging == nil)
    }
}
