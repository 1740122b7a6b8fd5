import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// URI lists read their files through the caller's `FileReadGate`: one that serves files from memory (as the
/// fuzzer's does) is given paths that do not exist, and the importer's rules (sniffing, one read per identity)
/// apply to what it serves.
@Suite struct FileReadGateInlineTests {
    /// Files in memory, by path; every path's identity is its entry's `inode`.
    final class MemoryFiles: @unchecked Sendable {
        let files: [String: (inode: UInt64, bytes: Data)]
        private(set) var opened: [String] = []

        init(_ files: [String: (inode: UInt64, bytes: Data)]) { self.files = files }

        var gate: FileReadGate {
            FileReadGate.inline { [self] path, limit, headBytes, _, wantsWhole throws(FileReader.Failure) in
                opened.append(path)
                guard let file = files[path] else { throw .cannotOpen(path: path, reason: "not in memory") }
                guard file.bytes.count <= limit else { throw .tooLarge(path: path, bytes: file.bytes.count, limit: limit) }
                let head = FileReader.Loaded(identity: FileReader.Identity(device: 7, inode: file.inode), size: file.bytes.count,
                                             head: file.bytes.prefix(headBytes), whole: nil)
                return wantsWhole(head) ? FileReader.Loaded(identity: head.identity, size: head.size, head: head.head, whole: file.bytes) : head
            }
        }
    }

    @Test func aListReadsItsFilesThroughTheGateItIsGiven() throws {
        let png = ImageFixtures.png(width: 7, height: 5)
        let files = MemoryFiles(["/nowhere/Thor.png": (1, png), "/nowhere/notes.txt": (2, Data("words".utf8))])
        let list = Data("file:///nowhere/Thor.png\nfile:///nowhere/notes.txt\nfile:///nowhere/Loki.png\n".utf8)
        let result = try MIMERegistry.standard.decode(target: "text/uri-list", data: list, files: files.gate)
        #expect(files.opened == ["/nowhere/Thor.png", "/nowhere/notes.txt", "/nowhere/Loki.png"])
        #expect(result.items == [.image(TransferImage(mime: "image/png", data: png, width: 7, height: 5, name: "Thor")),
                                 .text("Thor"), .text("notes")])
        #expect(result.notes == ["/nowhere/Loki.png: not in memory"])
    }

    @Test func twoPathsWithTheSameIdentityAreReadOnce() throws {
        let png = ImageFixtures.png(width: 7, height: 5)
        let files = MemoryFiles(["/a/Thor.png": (9, png), "/b/Thor.png": (9, png)])
        let result = try MIMERegistry.standard.decode(target: "text/uri-list", data: Data("file:///a/Thor.png\nfile:///b/Thor.png".utf8),
                                                      files: files.gate)
        #expect(result.items.count == 2)
        #expect(result.notes == ["1 entry naming a file already listed, read once"])
    }
}
