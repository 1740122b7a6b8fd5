import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// URI lists read a bounded number of entries, and their files share one byte budget, each read once and never
/// past the size that was checked.
@Suite struct URIListBoundsTests {
    @Test func onlyTheFirstSixtyFourEntriesOfAURIListAreRead() throws {
        let list = (1...70).map { "https://example.com/\($0).png" }.joined(separator: "\n")
        let result = try decode("text/uri-list", Data(list.utf8))
        #expect(result.items.count == 64)
        #expect(result.notes == ["6 entries past the first 64 not read"])
    }

    @Test func aFileListedFiftyTimesIsReadOnce() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.noisyPNG(width: 256, height: 256)
        let uri = fileURI(try dir.write("Thor.png", png))
        let result = try decode("text/uri-list", Data(Array(repeating: uri, count: 50).joined(separator: "\r\n").utf8))
        #expect(result.items == [.image(TransferImage(mime: "image/png", data: png, width: 256, height: 256, name: "Thor")),
                                 .text("Thor")])
        #expect(result.notes == ["49 entries naming a file already listed, read once"])
    }

    @Test func theFilesOfOneListShareOneByteBudget() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let pngs = (1...5).map { _ in ImageFixtures.noisyPNG(width: 128, height: 128) } // about 64 KiB each
        let uris = try pngs.enumerated().map { fileURI(try dir.write("Hero\($0.offset).png", $0.element)) }
        let budget = pngs[0].count + pngs[1].count + pngs[2].count + 100
        let result = try decode("text/uri-list", Data(uris.joined(separator: "\n").utf8), limits: TransferLimits(maxBytes: budget))
        #expect(result.items.count == 6) // three images and their names
        #expect(result.notes.count == 2)
        #expect(result.notes.allSatisfy { $0.contains("not read: its") && $0.contains("would pass the list's budget") })
    }

    @Test func aFileThatGrowsAfterItsSizeWasTakenIsRefused() {
        // procfs files say 0 bytes and then have content: the same as a file that grew between fstat and read.
        #expect(throws: FileReader.Failure.self) { try FileReader.readAll("/proc/self/status", limit: 1 << 20) }
    }
}
