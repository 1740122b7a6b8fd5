import Testing
@testable import HeroAgent

/// The rule for following a file whose folders may not exist yet: which folder to watch, and what each event of
/// it means. No file system: the levels a caller would try come out, the events go in.
@Suite struct WatchedFileTests {
    @Test func aPathSplitsIntoItsFolderAndNameAndTheFoldersAbove() {
        let place = FilePlace("/home/ana/.config/herobridge/config")
        #expect(place.folder == "/home/ana/.config/herobridge")
        #expect(place.name == "config")
        #expect(place.folders == ["/home/ana/.config/herobridge", "/home/ana/.config", "/home/ana", "/home", "/"])
        #expect(FilePlace("/config").folders == ["/"])
        #expect(FilePlace("config").folders == ["."])
        #expect(FilePlace("conf/config").folders == ["conf", "."])
    }

    @Test func theFileFolderIsWatchedForFinishedWritesAndTheOthersOnlyForEntriesBeingMade() {
        let file = WatchedFile(path: "/home/ana/.config/herobridge/config")
        let levels = file.levels
        #expect(levels.map(\.folder) == ["/home/ana/.config/herobridge", "/home/ana/.config", "/home/ana", "/home", "/"])
        #expect(levels[0].kinds == [.written, .movedIn, .movedOut, .deleted])
        #expect(!levels[0].kinds.contains(.modified), "a half-written file is never read")
        #expect(levels.dropFirst().allSatisfy { $0.kinds == [.created, .movedIn] })
    }

    @Test func inTheFileFolderTheFileSavedReplacedOrRemovedIsReadAgainAndOtherEntriesAreNot() {
        var file = WatchedFile(path: "/cfg/herobridge/config")
        file.watching(level: 0)
        #expect(file.awaited == "config")
        #expect(file.step(for: .written, name: "config") == .reread)
        #expect(file.step(for: .movedIn, name: "config") == .reread, "an editor's atomic save")
        #expect(file.step(for: .movedOut, name: "config") == .reread)
        #expect(file.step(for: .deleted, name: "config") == .reread)
        #expect(file.step(for: .written, name: "config.swp") == .none)
        #expect(file.step(for: .movedIn, name: "config~") == .none)
        #expect(file.step(for: .folderGone, name: "") == .rewatch, "the folder removed: watch from above again")
    }

    @Test func aboveItOnlyTheFolderOnTheWayDownMatters() {
        var file = WatchedFile(path: "/cfg/herobridge/config")
        file.watching(level: 1)
        #expect(file.awaited == "herobridge")
        #expect(file.step(for: .created, name: "herobridge") == .rewatch)
        #expect(file.step(for: .movedIn, name: "herobridge") == .rewatch)
        #expect(file.step(for: .created, name: "config") == .none, "a file named like ours, one level too high")
        #expect(file.step(for: .created, name: "other") == .none)
        #expect(file.step(for: .folderGone, name: "") == .rewatch)
    }

    @Test func beforeAnyWatchNothingIsAStep() {
        let file = WatchedFile(path: "/cfg/herobridge/config")
        #expect(file.awaited == nil)
        #expect(file.step(for: .written, name: "config") == .none)
    }
}
