import Foundation
import HeroBase
import HeroCore
import HeroTransfer
import Testing
import TestSupport
import X11Bridge
@testable import HeroAgent

/// `StreamCheck` with no X server and no idle lane: chunks committed to an `IncomingBytes` and fed by hand, as the
/// lane would, then the worker's question.
@Suite struct StreamCheckTests {
    private func arrive(_ data: Data, chunk: Int, staging: PortraitStaging? = nil,
                        check: (StreamCheck, IncomingBytes) -> Void = { _, _ in }) throws -> (StreamCheck, IncomingBytes)
    {
        let incoming = try #require(IncomingBytes(capacity: data.count + 100))
        let streamCheck = StreamCheck(incoming: incoming, limits: .default, staging: staging)
        var offset = 0
        while offset < data.count {
            let piece = data[data.startIndex + offset..<data.startIndex + min(offset + chunk, data.count)]
            incoming.writeSpare { destination, _ in piece.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
            incoming.commit(piece.count)
            offset += piece.count
            streamCheck.feed(upTo: incoming.count)
            streamCheck.feedFile(upTo: incoming.count)
        }
        check(streamCheck, incoming)
        return (streamCheck, incoming)
    }

    @Test func aValidPNGFedChunkByChunkIsTheTransfersImageWithItsDigest() throws {
        let png = ImageFixtures.noisyPNG(width: 300, height: 200)
        let (check, incoming) = try arrive(png, chunk: 4096)
        let streamed = try #require(check.result(total: incoming.count))
        #expect(streamed.width == 300 && streamed.height == 200 && streamed.count == png.count)
        #expect(streamed.sha256 == SHA256.hex(png))
        // It stands for the transfer's own bytes, and for no copy of them.
        let image = try #require(streamed.image(for: incoming.data, limits: .default))
        #expect(image.sha256 == SHA256.hex(png))
        #expect(streamed.image(for: Data(png), limits: .default) == nil)
    }

    /// The files this process holds open in `folder` with no name (`O_TMPFILE`), by size: the kernel shows them in
    /// /proc/self/fd as `FOLDER/#INODE (deleted)`.
    private func unnamedFiles(in folder: String) -> [Int] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.compactMap { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd),
                  target.hasPrefix(folder + "/#") else { return nil }
            var info = stat()
            return stat("/proc/self/fd/" + fd, &info) == 0 ? Int(info.st_size) : nil
        }
    }

    /// With a store on disk the file lane writes the portrait's file as the chunks come, a file with no name in the
    /// portrait folder, and the result carries it, whole and named; a PNG found corrupt as it arrived leaves nothing.
    @Test(arguments: [false, true]) func thePortraitsFileIsWrittenAsItArrivesAndGoesWithARefusal(corrupt: Bool) throws {
        let dir = try TempDirectory()
        let store = try FavoritesStore(path: dir.file("db.sqlite3"))
        let folder = dir.file("db.sqlite3-portraits")
        var png = ImageFixtures.noisyPNG(width: 1400, height: 1000)
        try #require(png.count > (5 << 20))
        if corrupt { png[png.count - 100] ^= 0xFF }
        var named: [String] = [], unnamed: [Int] = []
        let (check, incoming) = try arrive(png, chunk: 262_140, staging: store.portraitStaging) { _, _ in
            named = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            unnamed = unnamedFiles(in: folder)
        }
        #expect(named.isEmpty, "nothing named while it arrives: \(named)")
        #expect(unnamed.count == 1 && unnamed[0] >= 4 << 20, "written while it arrived: \(unnamed)")
        let streamed = check.result(total: incoming.count, patience: 60)
        if corrupt {
            #expect(streamed == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            #expect(unnamedFiles(in: folder).isEmpty)
        } else {
            let staged = try #require(streamed?.staged)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [String(staged.path.split(separator: "/").last!)])
            #expect(FileManager.default.contents(atPath: staged.path) == png)
        }
    }

    @Test func aCorruptPNGGivesNoResultAtOnce() throws {
        var png = ImageFixtures.noisyPNG(width: 300, height: 200)
        png[png.count / 2] ^= 0xFF
        let (check, incoming) = try arrive(png, chunk: 4096)
        #expect(check.result(total: incoming.count, patience: 60) == nil) // failed: no wait for the patience
    }

    @Test func aCheckThatFallsBehindAndStopsIsGivenUpAfterItsPatience() throws {
        let png = ImageFixtures.noisyPNG(width: 300, height: 200)
        let incoming = try #require(IncomingBytes(capacity: png.count))
        incoming.writeSpare { destination, _ in png.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
        incoming.commit(png.count)
        let check = StreamCheck(incoming: incoming, limits: .default)
        check.feed(upTo: png.count / 2) // the lane got this far, then no CPU
        #expect(check.result(total: png.count, patience: 0.01) == nil)
        check.feed(upTo: png.count) // too late: given up
        #expect(check.result(total: png.count, patience: 0.01) == nil)
    }

    /// The check not done when the worker asks (the decode behind, or the digest): the worker stages the file
    /// meanwhile, once, and the result carries it; a refusal found after that deletes it. The lanes' progress is
    /// made from inside `stage`, as they would make it while the worker writes.
    @Test(arguments: [false, true], [false, true])
    func theFileIsStagedWhileTheCheckFinishesAndGoesWithARefusal(corrupt: Bool, digestBehind: Bool) throws {
        var png = ImageFixtures.noisyPNG(width: 300, height: 200)
        if corrupt { png = Self.corruptingTheLastImageDataWithItsCRCRight(png) } // only the decode can tell
        let incoming = try #require(IncomingBytes(capacity: png.count))
        incoming.writeSpare { destination, _ in png.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
        incoming.commit(png.count)
        let check = StreamCheck(incoming: incoming, limits: .default)
        check.feedHash(upTo: digestBehind ? png.count / 2 : png.count)
        check.feedImage(upTo: digestBehind ? png.count : png.count / 2)
        let dir = try TempDirectory()
        let path = dir.file("staged")
        var stagings = 0
        let streamed = check.result(total: png.count, patience: 60, stage: { bytes in
            stagings += 1
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            check.feedImage(upTo: png.count)
            check.feedHash(upTo: png.count)
            return StagedFile(path: path, byteCount: bytes.count)
        })
        // A decode that already failed is known before the worker asks: nothing is written then.
        #expect(stagings == (corrupt && digestBehind ? 0 : 1))
        if corrupt {
            #expect(streamed == nil)
            #expect(!FileManager.default.fileExists(atPath: path))
        } else {
            let staged = try #require(streamed?.staged)
            #expect(staged.path == path && staged.byteCount == png.count)
            #expect(FileManager.default.contents(atPath: path) == png)
        }
    }

    /// A byte of the last IDAT's data flipped, and that chunk's CRC made right again: the chunk check passes, the
    /// decode fails.
    private static func corruptingTheLastImageDataWithItsCRCRight(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        var offset = 8, last = 0
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { last = offset }
            offset += 12 + length
        }
        let length = bytes[last..<last + 4].reduce(0) { $0 << 8 | Int($1) }
        bytes[last + 8 + length / 2] ^= 0xFF
        let crc = PNGChunk.crc32(bytes[(last + 4)..<(last + 8 + length)])
        for i in 0..<4 { bytes[last + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt(i))) }
        return Data(bytes)
    }
}
