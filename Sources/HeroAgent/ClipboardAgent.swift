import CX11
import HeroCore
import HeroTransfer
import X11Bridge

/// Turns selection changes into favorites: one read at a time, a newer change of the same selection abandons
/// the older read, a change of the other selection waits its turn (CLIPBOARD first). Every outcome is one log
/// line per item, and the agent goes back to watching whatever happened.
public final class ClipboardAgent {
    private let favorites: Favorites
    private let fetcher: SelectionFetcher
    private let log: AgentLog
    private let acceptUnknown: Bool
    public let watcher: SelectionWatcher
    private let reader: SelectionReader
    private var active: SelectionChange?
    /// The read in flight was abandoned for a newer change: routine, not worth a warning.
    private var superseded = false
    private var pending: [SelectionChange] = []
    /// Called after every ingest, for the window's status line.
    var onReport: (IngestReport) -> Void = { _ in }

    init(connection: XConnection, loop: EventLoop, favorites: Favorites, options: AgentOptions, log: AgentLog,
         watchWindow: Window, isOwnWindow: @escaping (Window) -> Bool) {
        self.favorites = favorites
        self.log = log
        acceptUnknown = options.acceptUnknown
        reader = SelectionReader(connection: connection, loop: loop,
                                 limits: .init(maxBytes: options.maxBytes, timeout: options.timeout))
        fetcher = SelectionFetcher(connection: connection, reader: reader,
                                   limits: TransferLimits(maxBytes: options.maxBytes))
        var changed: (SelectionChange) -> Void = { _ in }
        var gone: (WatchedSelection) -> Void = { _ in }
        let readerWindow = reader
        watcher = SelectionWatcher(connection: connection, loop: loop, window: watchWindow, names: options.selections,
                                   settleSeconds: options.primarySettle,
                                   isOwnWindow: { isOwnWindow($0) || $0 == readerWindow.window },
                                   onChange: { changed($0) }, onOwnerGone: { gone($0) })
        changed = { [unowned self] in self.changed($0) }
        gone = { [unowned self] in self.ownerGone($0) }
    }

    /// Feeds an event; true when it belonged to the clipboard side.
    public func handle(_ event: XEvent) -> Bool {
        watcher.handle(event) || reader.handle(event)
    }

    /// Abandons the read in flight (shutdown).
    public func stop() {
        pending.removeAll()
        fetcher.cancel(reason: "shutting down")
    }

    private func changed(_ change: SelectionChange) {
        pending.removeAll { $0.selection == change.selection }
        pending.append(change)
        if let active, active.selection == change.selection {
            log.debug("\(change.selection.name): newer change, abandoning the read from 0x\(String(active.owner, radix: 16))")
            superseded = true
            fetcher.cancel(reason: "a newer \(change.selection.name) change")  // its completion starts the next read
        } else if active == nil {
            startNext()
        }
    }

    private func ownerGone(_ selection: WatchedSelection) {
        pending.removeAll { $0.selection == selection }
        if active?.selection == selection { fetcher.cancel(reason: "the owner went away") }
    }

    private func startNext() {
        guard active == nil, !pending.isEmpty else { return }
        let index = pending.firstIndex { !$0.selection.isPrimary } ?? 0
        let change = pending.remove(at: index)
        active = change
        log.debug("\(change.selection.name): new owner 0x\(String(change.owner, radix: 16))")
        fetcher.read(change) { [unowned self] content in
            self.ingest(content, superseded: self.superseded)
            self.superseded = false
            self.active = nil
            self.startNext()
        }
    }

    private func ingest(_ content: SelectionContent, superseded: Bool) {
        let name = content.selection.name
        for (target, bytes, seconds) in content.received {
            log.debug("\(name): received \(target), \(bytes) bytes in \(Int((seconds * 1000).rounded())) ms")
        }
        for problem in content.problems { log.write(superseded ? .debug : .warning, "\(name): \(problem)") }
        if let skipped = content.skipped {
            log.info("\(name): skipped: \(skipped)")
            return
        }
        guard !content.items.isEmpty else { return }
        let source: IngestSource = content.selection.isPrimary ? .primary : .clipboard
        do {
            let report = try favorites.ingest(content.items, context: IngestContext(source: source, acceptUnknown: acceptUnknown))
            for line in report.lines() { log.info("\(name): \(line)") }
            onReport(report)
        } catch {
            log.error("\(name): could not store: \(error)")
        }
    }
}
