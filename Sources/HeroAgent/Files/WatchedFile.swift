/// The rule for following one file that may not exist yet, nor its folder: watch the file's folder when it
/// exists, else the nearest folder above it that does, and there only for entries being made, until the folder
/// below appears; when a watched folder goes away, go up again. The `FolderWatch` events of the watched folder
/// come in and a `Step` comes out; which folder exists is the caller's to find (`levels`), so the rule is tested
/// without a file system.
struct WatchedFile: Equatable, Sendable {
    /// What the caller does after an event.
    enum Step: Equatable, Sendable {
        /// Nothing that concerns the file.
        case none
        /// The file was written, replaced, made or removed: read it again.
        case reread
        /// The folder watched now went away, or the one below it appeared: watch again from the file's folder up
        /// (`levels`), then read the file again, since it may have come or gone with its folder.
        case rewatch
    }

    /// The file's folder, then each folder above it (`FilePlace.folders`).
    let folders: [String]
    let name: String
    /// Which of `folders` is watched now; nil before the first watch.
    private(set) var level: Int?

    init(path: String) {
        let place = FilePlace(path)
        folders = place.folders
        name = place.name
    }

    /// The folders to try, in order, and what to watch in each: the first one the caller can watch is the one.
    var levels: [(folder: String, kinds: FolderWatch.Kind)] {
        folders.enumerated().map { ($1, $0 == 0 ? Self.fileKinds : Self.folderKinds) }
    }

    /// The caller now watches `levels[level]`.
    mutating func watching(level: Int) {
        self.level = level
    }

    /// The entry of the watched folder that leads down to the file: the file itself, or the folder below.
    var awaited: String? {
        guard let level else { return nil }
        return level == 0 ? name : FilePlace(folders[level - 1]).name
    }

    /// What an event of the watched folder means.
    func step(for kind: FolderWatch.Kind, name entry: String) -> Step {
        guard let level else { return .none }
        if kind.contains(.folderGone) { return .rewatch }
        guard entry == awaited else { return .none }
        return level == 0 ? .reread : .rewatch
    }

    /// In the file's folder: the writes that finish a file, renames in and out, and removals. Not `modified`,
    /// which comes with every write of a file still being written.
    static let fileKinds: FolderWatch.Kind = [.written, .movedIn, .movedOut, .deleted]
    /// Above it: only entries being made, so that other files changing there never wake the agent.
    static let folderKinds: FolderWatch.Kind = [.created, .movedIn]
}
