import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// The files of a URI list are read with a deadline: a file on a mount that never answers costs the list seconds,
/// never the worker forever, and the files after it are still read.
@Suite struct FileReadDeadlineTests {
    /// Real hung files, on a FUSE file system whose requests wait (here: 20 s, then EIO, so that a reader without a
    /// deadline still returns and fails the test instead of hanging the suite).
    @Test(.enabled(if: HungFileSystem.available, "needs /dev/fuse, python3-fusepy and the right to mount"))
    func filesOnAMountThatNeverAnswersAreSkippedAndTheOthersRead() throws {
        let dir = try TempDirectory()
        let fuse = try HungFileSystem(releaseAfter: 20)
        defer { fuse.stop() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let list = [fileURI(fuse.mountpoint + "/HungOpen.png"), fileURI(fuse.mountpoint + "/HungRead.png"),
                    fileURI(try dir.write("Thor.png", png))].joined(separator: "\r\n")
        let result = try decode("text/uri-list", utf8: list)
        #expect(result.notes == ["\(fuse.mountpoint)/HungOpen.png did not answer within 2 s; skipped",
                                 "\(fuse.mountpoint)/HungRead.png did not answer within 2 s; skipped"])
        #expect(result.items == [.image(TransferImage(mime: "image/png", data: png, width: 7, height: 5, name: "Thor")),
                                 .text("Thor")])
    }
}
