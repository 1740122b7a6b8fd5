#if canImport(Glibc)
import Glibc
#endif
import X11Bridge

/// The config file followed while a program runs: when it is saved (written in place or replaced by a rename,
/// as editors do), made or removed, it is read again with the same rules as at start, and the options it now
/// gives go to `onEdit` with what changed (`ConfigEdit`). A file with a mistake is one log line, and the settings
/// in force stay. The file's folder need not exist: the nearest folder above it is watched for its making
/// (`WatchedFile`). Everything is inotify on the program's event loop (`FolderWatch`): nothing is polled, and
/// other files changing beside the config file cost a wakeup at most, never a read.
final class ConfigWatcher {
    private let source: ConfigSource
    private let log: AgentLog
    private let onEdit: (AgentOptions, ConfigEdit) -> Void
    private var file: WatchedFile
    private var watch: FolderWatch?
    /// The number of the watch in force; events of an earlier one are stale.
    private var current: Int32?
    private var options: AgentOptions

    /// Follows the file of `options.source`; nil when the options have none (the program reads no config file) or
    /// inotify is unavailable (one log line: edits then apply at the next start).
    init?(options: AgentOptions, loop: EventLoop, log: AgentLog, onEdit: @escaping (AgentOptions, ConfigEdit) -> Void) {
        guard let source = options.source else { return nil }
        self.source = source
        self.options = options
        self.log = log
        self.onEdit = onEdit
        file = WatchedFile(path: source.config.path)
        watch = nil
        watch = FolderWatch(loop: loop) { [weak self] events in self?.handle(events) }
        guard watch != nil else {
            log.warning("config: cannot watch \(source.config.path) (inotify: \(String(cString: strerror(errno)))); "
                        + "edits apply at the next start")
            return nil
        }
        rewatch()
    }

    private func handle(_ events: [FolderWatch.Event]) {
        var step = WatchedFile.Step.none
        for event in events where event.watch == current {
            switch file.step(for: event.kind, name: event.name) {
            case .none: break
            case .reread: if step == .none { step = .reread }
            case .rewatch: step = .rewatch
            }
        }
        if step == .rewatch { rewatch() }
        if step != .none { reread() }
    }

    /// Watches the nearest folder of the file's that exists. A folder made below it while the watch was being
    /// set up is not missed: the one below is tried again after the watch is in place (a bounded number of times,
    /// for a folder that exists but cannot be watched).
    private func rewatch() {
        guard let watch else { return }
        if let current { watch.remove(current) }
        current = nil
        let levels = file.levels
        var next = 0
        var retries = levels.count
        while next < levels.count {
            guard let number = watch.add(levels[next].folder, for: levels[next].kinds) else {
                next += 1
                continue
            }
            if next > 0, retries > 0, access(levels[next - 1].folder, F_OK) == 0 {
                watch.remove(number)
                retries -= 1
                next -= 1
                continue
            }
            current = number
            file.watching(level: next)
            return
        }
        log.warning("config: no folder of \(source.config.path) can be watched; edits apply at the next start")
    }

    private func reread() {
        let config: AgentConfig
        do {
            config = try AgentConfig.load(path: source.config.path, required: source.config.required)
        } catch {
            log.warning("config: \(error); the settings in force stay")
            return
        }
        let new = source.options(database: options.database, config: config)
        let edit = ConfigEdit(from: options, to: new)
        guard !edit.isEmpty else { return }
        options = new
        onEdit(new, edit)
    }
}

extension ConfigWatcher {
    /// Follows the config file for the look of a program's windows: an edit's `scale` and `theme` go to their
    /// watchers, and the log says what applied (and, when `program` is named, which other settings wait for its
    /// restart).
    static func look(of options: AgentOptions, loop: EventLoop, log: AgentLog, scale: DisplayScaleWatcher,
                     appearance: AppearanceWatcher?, restarting program: String?) -> ConfigWatcher? {
        ConfigWatcher(options: options, loop: loop, log: log) { new, edit in
            for line in edit.lines(new, restarting: program) { log.info(line) }
            scale.setChoice(new.scale)
            appearance?.setChoice(new.theme)
        }
    }
}
