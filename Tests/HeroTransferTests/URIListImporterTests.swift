#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `text/uri-list` and friends: local image files become images named by their file name; nothing that is not
/// a regular file within the limit is ever read.
@Suite struct URIListImporterTests {
    private static func thor(_ png: Data, name: String = "Thor") -> MultiTypeTransferable {
        .image(TransferImage(mime: "image/png", data: png, width: 7, height: 5, name: name))
    }

    @Test func uriListWithPercentEncodedNameGivesThorOdinson() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let uri = fileURI(try dir.write("Thor Odinson.png", png))
        #expect(uri.hasSuffix("/Thor%20Odinson.png"))
        let result = try decode("text/uri-list", utf8: uri + "\r\n")
        #expect(result.items == [Self.thor(png, name: "Thor Odinson"), .text("Thor Odinson")])
        #expect(result.notes.isEmpty)
    }

    @Test func percentEncodedUTF8FileNameIsDecoded() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let uri = fileURI(try dir.write("Se\u{F1}or Spider\u{2011}Man.png", png))
        #expect(uri.contains("Se%C3%B1or%20Spider%E2%80%91Man.png"))
        let result = try decode("text/uri-list", utf8: uri)
        #expect(result.items == [Self.thor(png, name: "Se\u{F1}or Spider\u{2011}Man"), .text("Se\u{F1}or Spider\u{2011}Man")])
    }

    @Test func chromiumLFOnlyListOfAPNGAndAJPEGGivesBothWithTheirSizes() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let jpeg = ImageFixtures.jpeg(width: 9, height: 4)
        let list = [fileURI(try dir.write("Thor.png", png)), fileURI(try dir.write("Loki.jpg", jpeg))].joined(separator: "\n")
        let result = try decode("text/uri-list", utf8: list)
        #expect(result.items == [
            Self.thor(png), .text("Thor"),
            .image(TransferImage(mime: "image/jpeg", data: jpeg, width: 9, height: 4, name: "Loki")), .text("Loki"),
        ])
    }

    @Test func libfmTrailingNULIsNotPartOfTheLastPath() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let data = Data((fileURI(try dir.write("Thor.png", png))).utf8) + Data([0])
        let result = try decode("text/uri-list", data)
        #expect(result.items == [Self.thor(png), .text("Thor")])
        #expect(result.notes.isEmpty)
    }

    @Test func commentLinesAreSkipped() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let list = "# dragged from HeroBridge tests\r\n" + fileURI(try dir.write("Thor.png", png)) + "\r\n#end\r\n"
        let result = try decode("text/uri-list", utf8: list)
        #expect(result.items == [Self.thor(png), .text("Thor")])
        #expect(result.notes.isEmpty)
    }

    @Test func fileURIWithLocalhostIsLocal() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let result = try decode("text/uri-list", utf8: fileURI(try dir.write("Thor.png", png), host: "localhost"))
        #expect(result.items == [Self.thor(png), .text("Thor")])
    }

    @Test func fileURIOnAnotherHostIsNotedAsNotLocal() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let remote = "file://asgard/home/odin/Loki.png"
        let result = try decode("text/uri-list", utf8: remote + "\r\n" + fileURI(try dir.write("Thor.png", png)))
        #expect(result.items == [Self.thor(png), .text("Thor")])
        #expect(result.notes == ["\(remote): not a local file"])
    }

    @Test func imageContentIsSniffedNotTakenFromTheExtension() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let result = try decode("text/uri-list", utf8: fileURI(try dir.write("Hulk.jpg", png)))
        let image = try #require(result.items.first?.image)
        #expect(image.mime == "image/png")
        #expect(image.name == "Hulk")
        #expect(result.items.dropFirst() == [.text("Hulk")])
    }

    @Test func nonImageRegularFileGivesOnlyItsName() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let result = try decode("text/uri-list", utf8: fileURI(try dir.write("Loki.txt", Data("God of Mischief\n".utf8))))
        #expect(result.items == [.text("Loki")])
        #expect(result.notes.isEmpty)
    }

    @Test func shortAndEmptyRegularFilesGiveTheirNames() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let list = [fileURI(try dir.write("Hela", Data("x".utf8))), fileURI(try dir.write("Odin.png", Data()))]
        #expect(try decode("text/uri-list", utf8: list.joined(separator: "\r\n")).items == [.text("Hela"), .text("Odin")])
    }

    @Test func httpsURIStaysText() throws {
        let uri = "https://example.com/heroes/Thor%20Odinson.png"
        #expect(try decode("text/uri-list", utf8: uri + "\r\n").items == [.text(uri)])
    }

    @Test func symlinkToAnImageIsFollowedAndNamedByTheLink() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let target = try dir.write("portrait-0001.png", png)
        try FileManager.default.createSymbolicLink(atPath: dir.file("Thor.png"), withDestinationPath: target)
        #expect(try decode("text/uri-list", utf8: fileURI(dir.file("Thor.png"))).items == [Self.thor(png), .text("Thor")])
    }

    /// Things a hostile or careless list may name; none of them may be read.
    enum BadEntry: String, CaseIterable, Sendable {
        case directory, symlinkToDirectory, fifo, devZero, missing, overLimit

        /// Creates the entry in `dir` and returns its path.
        func make(in dir: TempDirectory) throws -> String {
            switch self {
            case .directory:
                try FileManager.default.createDirectory(atPath: dir.file("Avengers"), withIntermediateDirectories: false)
                return dir.file("Avengers")
            case .symlinkToDirectory:
                try FileManager.default.createDirectory(atPath: dir.file("Asgard"), withIntermediateDirectories: false)
                try FileManager.default.createSymbolicLink(atPath: dir.file("Bifrost"), withDestinationPath: dir.file("Asgard"))
                return dir.file("Bifrost")
            case .fifo:
                guard mkfifo(dir.file("Pipe.png"), 0o600) == 0 else { throw POSIXError(.EIO) }
                return dir.file("Pipe.png")
            case .devZero:
                return "/dev/zero"
            case .missing:
                return dir.file("Ghost.png")
            case .overLimit:
                // A valid image: had it been read, it would have been imported.
                let jpeg = ImageFixtures.jpeg(width: 256, height: 256)
                guard jpeg.count > URIListImporterTests.smallLimits.maxBytes else { throw POSIXError(.EFBIG) }
                return try dir.write("Galactus.jpg", jpeg)
            }
        }

        /// What the note says after the path.
        var expectedNote: String {
            switch self {
            case .directory, .symlinkToDirectory: return " is a directory, not a regular file"
            case .fifo: return " is a FIFO, not a regular file"
            case .devZero: return " is a character device, not a regular file"
            case .missing: return ": No such file or directory"
            case .overLimit: return ", over the limit of 1 KiB"
            }
        }

        /// Releases an importer that blocked on the entry instead of refusing it.
        func unblock(_ path: String) {
            guard self == .fifo else { return }
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
    }

    static let smallLimits = TransferLimits(maxBytes: 1024)

    @Test(arguments: BadEntry.allCases)
    func badEntryIsNotedAndNeverRead(entry: BadEntry) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        try #require(png.count <= Self.smallLimits.maxBytes)
        let bad = try entry.make(in: dir)
        let list = fileURI(bad) + "\r\n" + fileURI(try dir.write("Thor.png", png)) + "\r\n"
        let outcome = finishes(within: 3, unblock: { entry.unblock(bad) }) {
            Result { () throws(TransferError) in try decode("text/uri-list", utf8: list, limits: Self.smallLimits) }
        }
        let result = try #require(try outcome?.get())
        #expect(result.items == [Self.thor(png), .text("Thor")])
        #expect(result.notes.count == 1)
        let note = try #require(result.notes.first)
        #expect(note.hasPrefix(bad), "note names the path: \(note)")
        #expect(note.hasSuffix(entry.expectedNote), "note says why: \(note)")
    }

    @Test func listNamingOnlyBadFilesFailsNamingEach() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let bad = try BadEntry.allCases.map { try $0.make(in: dir) }
        let list = bad.map { fileURI($0) }.joined(separator: "\r\n")
        let outcome = finishes(within: 3, unblock: { BadEntry.fifo.unblock(dir.file("Pipe.png")) }) {
            Result { () throws(TransferError) in try decode("text/uri-list", utf8: list, limits: Self.smallLimits) }
        }
        guard case let .failure(error)? = outcome else {
            Issue.record("expected importFailed, got \(String(describing: outcome))")
            return
        }
        let failure = try #require(importFailure(error))
        #expect(failure.target == "text/uri-list")
        for path in bad { #expect(failure.reason.contains(path), "reason names \(path)") }
    }

    @Test func truncatedPNGFileIsNotedAsAnInvalidPNG() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let whole = ImageFixtures.png(width: 64, height: 64)
        let vision = try dir.write("Vision.png", whole.prefix(whole.count / 2))
        let list = fileURI(vision) + "\r\n" + fileURI(try dir.write("Thor.png", png))
        let result = try decode("text/uri-list", utf8: list)
        #expect(result.items == [Self.thor(png), .text("Thor")])
        let note = try #require(result.notes.first)
        #expect(result.notes.count == 1)
        #expect(note.hasPrefix(vision + ": invalid PNG image"), "\(note)")
    }

    @Test func truncatedPNGFileAloneFailsTheList() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let whole = ImageFixtures.png(width: 64, height: 64)
        let vision = try dir.write("Vision.png", whole.prefix(whole.count / 2))
        let error = #expect(throws: TransferError.self) { try decode("text/uri-list", utf8: fileURI(vision)) }
        #expect(importFailure(error)?.reason.contains("Vision.png: invalid PNG image") == true)
    }

    @Test(arguments: ["copy", "cut"])
    func gnomeCopiedFilesSkipsTheLeadingOperationLine(operation: String) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let data = Data((operation + "\n" + fileURI(try dir.write("Thor.png", png))).utf8) + Data([0])
        #expect(try decode("x-special/gnome-copied-files", data).items == [Self.thor(png), .text("Thor")])
    }

    @Test func gnomeCopiedFilesWithOnlyTheOperationLineFails() {
        let error = #expect(throws: TransferError.self) { try decode("x-special/gnome-copied-files", utf8: "copy\n") }
        #expect(importFailure(error)?.target == "x-special/gnome-copied-files")
    }

    @Test func kdeURIListIsReadLikeAURIList() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let result = try decode("application/x-kde4-urilist", utf8: fileURI(try dir.write("Thor.png", png)) + "\r\n")
        #expect(result.items == [Self.thor(png), .text("Thor")])
    }

    @Test(arguments: ["", "\r\n", "\n\n", "# only a comment\r\n", "\0"])
    func listNamingNoURIFails(list: String) {
        let error = #expect(throws: TransferError.self) { try decode("text/uri-list", utf8: list) }
        #expect(importFailure(error)?.reason == "the list names no URI")
    }

    @Test func stemDropsOnlyTheLastExtension() {
        #expect(URIListImporter.stem(of: "/home/u/Thor Odinson.png") == "Thor Odinson")
        #expect(URIListImporter.stem(of: "/home/u/backup.tar.gz") == "backup.tar")
        #expect(URIListImporter.stem(of: "/home/u.d/Thor") == "Thor")
        #expect(URIListImporter.stem(of: "/home/u/.hidden") == ".hidden")
        #expect(URIListImporter.stem(of: "Loki.jpg") == "Loki")
    }

    @Test func localPathAcceptsOnlyFileURIsOnThisHost() {
        #expect(URIListImporter.localPath(of: "file:///home/u/Thor%20Odinson.png") == "/home/u/Thor Odinson.png")
        #expect(URIListImporter.localPath(of: "file://localhost/home/u/Thor.png") == "/home/u/Thor.png")
        #expect(URIListImporter.localPath(of: "FILE://LocalHost/home/u/Thor.png") == "/home/u/Thor.png")
        #expect(URIListImporter.localPath(of: "file:/home/u/Thor.png") == "/home/u/Thor.png")
        #expect(URIListImporter.localPath(of: "file://asgard/home/u/Thor.png") == nil)
        #expect(URIListImporter.localPath(of: "https://example.com/Thor.png") == nil)
        #expect(URIListImporter.localPath(of: "file:Thor.png") == nil)
        #expect(URIListImporter.localPath(of: "file:///home/u/Thor%00.png") == nil)
        #expect(URIListImporter.localPath(of: "file:///home/u/Thor%2.png") == nil)
    }

    @Test func percentDecodeReadsUTF8ElseLatin1() {
        #expect(URIListImporter.percentDecode("Se%C3%B1or%20Thor") == "Se\u{F1}or Thor")
        #expect(URIListImporter.percentDecode("Se%F1or") == "Se\u{F1}or")
        #expect(URIListImporter.percentDecode("%2fetc%2Fpasswd") == "/etc/passwd")
        #expect(URIListImporter.percentDecode("100%") == nil)
        #expect(URIListImporter.percentDecode("%G1") == nil)
    }

    // Found by the moz-url fuzz harness: an escape's two characters went to UInt8(_:radix:), which takes a sign,
    // so "%+D" decoded to a CR (a line break inside a name) and "%-0" to NUL.
    @Test func percentEscapesAreTwoHexDigitsWithoutASign() throws {
        #expect(URIListImporter.percentDecode("Thor%+DOdinson") == nil)
        #expect(URIListImporter.percentDecode("%-0") == nil)
        #expect(URIListImporter.percentDecode("%+0a") == nil)
        #expect(URIListImporter.percentDecode("%41%2f%c3%A9") == "A/\u{E9}")
        #expect(try decode("_NETSCAPE_URL", Data("https://example.com/Thor%+DOdinson.png".utf8)).items
                    == [.text("Thor%+DOdinson")])
    }
}
