import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// The same rules with the blocking part replaced: a read that waits on a semaphore stands for a file system that
/// never answers, so the deadlines and the cap on stuck reads are shown without a mount.
@Suite struct FileReadGateTests {
    /// A gate whose reads of files named `Hung…` wait for `release` (then read the real file), and whose reads of
    /// files named `Slow…` keep answering every 50 ms until `release`.
    static func gate(maxUnanswered: Int, release: DispatchSemaphore) -> FileReadGate {
        FileReadGate(maxUnanswered: maxUnanswered) { path, limit, headBytes, answered, wantsWhole throws(FileReader.Failure) in
            let name = URIListImporter.stem(of: path)
            if name.hasPrefix("Hung") {
                release.wait()
            } else if name.hasPrefix("Slow") {
                while release.wait(timeout: .now() + 0.05) == .timedOut { answered() }
            }
            return try FileReader.load(path, limit: limit, headBytes: headBytes, answered: answered, wantsWhole: wantsWhole)
        }
    }

    static func run(_ paths: [String], extra: [String] = [], limits: TransferLimits, gate: FileReadGate) throws -> ImportResult {
        let list = (paths.map { fileURI($0) } + extra).joined(separator: "\r\n")
        return try URIListImporter.run(Data(list.utf8), target: "text/uri-list", gnomeCopiedFiles: false, limits: limits, files: gate)
    }

    /// Waits (at most 30 s, a hang guard) until the gate's stuck reads have returned.
    static func waitUntilAnswered(_ gate: FileReadGate) {
        eventually(timeout: 30) { gate.unanswered == 0 }
    }

    @Test func aReadThatNeverAnswersIsGivenUpAfterTheDeadlineAndLaterReadsStillWork() throws {
        let dir = try TempDirectory()
        let release = DispatchSemaphore(value: 0)
        let gate = Self.gate(maxUnanswered: 4, release: release)
        defer { release.signal() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let hung = try dir.write("Hung.png", png), thor = try dir.write("Thor.png", png)
        let limits = TransferLimits(fileAnswerSeconds: 1)

        let first = try Self.run([hung, thor], limits: limits, gate: gate)
        #expect(first.notes == ["\(hung) did not answer within 1 s; skipped"])
        #expect(first.items == [.image(TransferImage(mime: "image/png", data: png, width: 7, height: 5, name: "Thor")), .text("Thor")])
        #expect(gate.unanswered == 1)

        // The stuck read still holds its thread; the next list is read all the same.
        let later = try Self.run([thor], limits: limits, gate: gate)
        #expect(later.notes.isEmpty)
        #expect(later.items.count == 2)

        // Once the file system answers, the stuck read returns and its result is dropped.
        release.signal()
        Self.waitUntilAnswered(gate)
        #expect(gate.unanswered == 0)
    }

    @Test func pastTheCapFileReadsAreRefusedInOneLineUntilOneReturns() throws {
        let dir = try TempDirectory()
        let release = DispatchSemaphore(value: 0)
        let gate = Self.gate(maxUnanswered: 2, release: release)
        defer { release.signal(); release.signal() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let hung = try (1...2).map { try dir.write("Hung\($0).png", png) }
        let thor = try dir.write("Thor.png", png), loki = try dir.write("Loki.png", png)
        let limits = TransferLimits(fileAnswerSeconds: 1)

        let result = try Self.run(hung + [thor, loki], extra: ["https://example.com/Storm.png"], limits: limits, gate: gate)
        #expect(result.notes == hung.map { "\($0) did not answer within 1 s; skipped" }
            + ["2 files not read: 2 earlier file reads are still waiting for their file system to answer"])
        #expect(result.items == [.text("https://example.com/Storm.png")])

        release.signal()
        #expect(eventually(timeout: 30) { gate.unanswered <= 1 })
        let after = try Self.run([thor], limits: limits, gate: gate)
        #expect(after.notes.isEmpty)
        #expect(after.items.count == 2)
    }

    /// The deadline is on silence, not on the whole read: a slow file that keeps answering is read.
    @Test func aSlowFileThatKeepsAnsweringIsRead() throws {
        let dir = try TempDirectory()
        let release = DispatchSemaphore(value: 0)
        let gate = Self.gate(maxUnanswered: 4, release: release)
        let slow = try dir.write("Slow Thor.png", ImageFixtures.png(width: 7, height: 5))
        // Answers every 50 ms for 3 s, three times the 1 s it may stay silent.
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { release.signal() }
        let result = try Self.run([slow], limits: TransferLimits(fileAnswerSeconds: 1), gate: gate)
        #expect(result.notes.isEmpty)
        #expect(result.items.last == .text("Slow Thor"))
    }

    @Test func theListsTimeForReadingFilesRunsOutForAllOfThemTogether() throws {
        let dir = try TempDirectory()
        let release = DispatchSemaphore(value: 0)
        let gate = Self.gate(maxUnanswered: 4, release: release)
        defer { release.signal() }
        let png = ImageFixtures.png(width: 7, height: 5)
        let slow = try dir.write("Slow.png", png), thor = try dir.write("Thor.png", png), loki = try dir.write("Loki.png", png)

        let result = try Self.run([slow, thor, loki], extra: ["https://example.com/Storm.png"],
                                  limits: TransferLimits(fileAnswerSeconds: 1, listReadSeconds: 2), gate: gate)
        #expect(result.notes == ["\(slow) was still being read when the list's 2 s for reading files ran out; skipped",
                                 "2 entries not read: the list's 2 s for reading files ran out"])
        #expect(result.items == [.text("https://example.com/Storm.png")])
    }
}
