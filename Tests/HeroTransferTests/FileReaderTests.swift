#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// The one place that opens files named by other programs: regular files within the limit only.
@Suite struct FileReaderTests {
    @Test func readAllReturnsTheWholeRegularFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let bytes = ImageFixtures.jpeg(width: 32, height: 32)
        let path = try dir.write("Thor.jpg", bytes)
        #expect(try FileReader.readAll(path, limit: bytes.count) == bytes)
    }

    @Test func readAllRefusesAFileOneByteOverTheLimit() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try dir.write("Thor.txt", Data(repeating: 0x41, count: 2049))
        do {
            _ = try FileReader.readAll(path, limit: 2048)
            Issue.record("read a file over the limit")
        } catch {
            guard case let .tooLarge(failedPath, bytes, limit) = error else { Issue.record("\(error)"); return }
            #expect(failedPath == path && bytes == 2049 && limit == 2048)
            #expect(error.description == "\(path) is 2 KiB, over the limit of 2 KiB")
        }
    }

    @Test func readAllRefusesADirectory() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        do {
            _ = try FileReader.readAll(dir.path, limit: 1 << 20)
            Issue.record("read a directory")
        } catch {
            #expect(error.description == "\(dir.path) is a directory, not a regular file")
        }
    }

    @Test func readAllRefusesAFIFOWithoutWaitingForAWriter() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = dir.file("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        let outcome = finishes(within: 3, unblock: {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }) { () -> String in
            do throws(FileReader.Failure) {
                _ = try FileReader.readAll(path, limit: 1 << 20)
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(outcome == "\(path) is a FIFO, not a regular file")
    }

    @Test func readAllReportsAMissingFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        do {
            _ = try FileReader.readAll(dir.file("Ghost.png"), limit: 1 << 20)
            Issue.record("read a missing file")
        } catch {
            guard case .cannotOpen = error else { Issue.record("\(error)"); return }
            #expect(error.description == "\(dir.file("Ghost.png")): No such file or directory")
        }
    }
}
