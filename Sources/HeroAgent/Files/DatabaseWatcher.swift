import X11Bridge

/// Notices changes to the favorites database made by any process (`herobridge add` in a terminal), with
/// inotify on the database's folder (`FolderWatch`), on the agent's event loop: no polling, so idle stays idle.
final class DatabaseWatcher {
    private let watch: FolderWatch

    /// Watches the folder of `path` for writes to the database file or its WAL; nil when inotify is unavailable.
    init?(path: String, loop: EventLoop, onChange: @escaping () -> Void) {
        let place = FilePlace(path)
        let names: Set = [place.name, place.name + "-wal"]
        guard let watch = FolderWatch(loop: loop, onEvents: { events in
            if events.contains(where: { names.contains($0.name) }) { onChange() }
        }) else { return nil }
        guard watch.add(place.folder, for: [.modified, .written, .movedIn, .created, .deleted]) != nil else { return nil }
        self.watch = watch
    }
}
