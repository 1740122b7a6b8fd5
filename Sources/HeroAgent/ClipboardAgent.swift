import CX11
import HeroCore
import HeroTransfer
import X11Bridge

/// Turns selection changes into favorites: one read at a time, a newer change of the same selection abandons
/// the older read (and nothing it fetched is stored), a change of the other selection waits its turn (CLIPBOARD first). What a read brought is
/// decoded and stored on the worker, so the next read starts at once; a new read waits only while the worker
/// still holds more than one transfer's budget of bytes. Every outcome is one log line per item, and the agent
/// goes back to watching whatever happened.
public final class ClipboardAgent {
    private let worker: IngestWorker
    private let fetcher: SelectionFetcher
    private let log: AgentLog
    private let acceptUnknown: Bool
    private let limits: TransferLimits
    public let watcher: SelectionWatcher
    private let reader: SelectionReader
    private var active: SelectionChange?
    /// Why the read in flight was abandoned, once it has been.
    private var abandonment: Abandonment?

    /// Why a read in flight was abandoned, which decides what becomes of the targets it had fetched whole.
    private enum Abandonment {
        /// A newer change of the same selection: the newer copy is the truth, so nothing of this one is stored.
        case superseded
        /// The owner went away mid-read: what it had sent whole is still what the user copied.
        case ownerGone
        /// The agent is stopping.
        case shutdown

        var keepsWhatArrived: Bool { self == .ownerGone }
    }
    private var pending: [SelectionChange] = []
    /// Called on the loop after every ingest, for the window's status line.
    var onReport: (IngestReport) -> Void = { _ in }

    init(connection: XConnection, loop: EventLoop, worker: IngestWorker, options: AgentOptions, log: AgentLog,
         watchWindow: Window, isOwnWindow: @escaping (Window) -> Bool) {
        self.worker = worker
        self.log = log
        acceptUnknown = options.acceptUnknown
        limits = TransferLimits(maxBytes: options.maxBytes)
        reader = SelectionReader(connection: connection, loop: loop,
                                 limits: .init(maxBytes: options.maxBytes, timeout: options.timeout))
        fetcher = SelectionFetcher(connection: connection, reader: reader, limits: limits)
        var changed: (SelectionChange) -> Void = { _ in }
        var gone: (WatchedSelection) -> Void = { _ in }
        let readerWindow = reader.window
        watcher = SelectionWatcher(connection: connection, loop: loop, window: watchWindow, names: options.selections,
                                   settleSeconds: options.primarySettle,
                                   isOwnWindow: { isOwnWindow($0) || $0 == readerWindow },
                                   onChange: { changed($0) }, onOwnerGone: { gone($0) })
        watcher.log = { log.warning("clipboard: \($0)") }
        reader.log = { log.warning("clipboard: \($0)") }
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
        abandon(.shutdown, reason: "shutting down")
    }

    /// The worker finished a job: a read held back for its backlog may start now.
    func workerDrained() { startNext() }

    private func changed(_ change: SelectionChange) {
        pending.removeAll { $0.selection == change.selection }
        pending.append(change)
        if let active, active.selection == change.selection {
            log.debug("\(change.selection.name): newer change, abandoning the read from 0x\(String(active.owner, radix: 16))")
            abandon(.superseded, reason: "a newer \(change.selection.name) change")  // its completion starts the next read
        } else if active == nil {
            startNext()
        }
    }

    private func ownerGone(_ selection: WatchedSelection) {
        pending.removeAll { $0.selection == selection }
        if active?.selection == selection { abandon(.ownerGone, reason: "the owner went away") }
    }

    private func abandon(_ why: Abandonment, reason: String) {
        guard fetcher.isBusy else { return }
        if abandonment == nil { abandonment = why }
        fetcher.cancel(reason: reason)
    }

    private func startNext() {
        guard active == nil, !pending.isEmpty else { return }
        // Bounded memory: while the worker holds a full transfer's worth of bytes, the next read waits (newer
        // changes keep replacing the pending one meanwhile, so the wait never grows a queue).
        guard worker.backlogBytes < limits.maxBytes else {
            log.debug("waiting for the worker (\(worker.backlogBytes) bytes in hand) before reading")
            return
        }
        let index = pending.firstIndex { !$0.selection.isPrimary } ?? 0
        let change = pending.remove(at: index)
        active = change
        log.debug("\(change.selection.name): new owner 0x\(String(change.owner, radix: 16))")
        fetcher.read(change) { [unowned self] content in
            let abandoned = abandonment
            abandonment = nil
            active = nil
            if let abandoned, !abandoned.keepsWhatArrived {
                let stored = content.fetched.filter { if case .success = $0.result { true } else { false } }.count
                log.debug("\(change.selection.name): the read from \(content.ownerText) was abandoned; "
                          + "none of its \(stored) fetched target(s) stored")
            } else {
                ingest(content)
            }
            startNext()
        }
    }

    /// Hands what was fetched to the worker, which decodes, stores and logs it; the report comes back here.
    private func ingest(_ content: SelectionContent) {
        let name = content.selection.name
        for result in content.fetched {
            if case let .success(value) = result.result {
                log.debug("\(name): received \(result.target), \(value.bytes.count) bytes in \(Int((result.seconds * 1000).rounded())) ms"
                          + (result.retries > 0 ? " (asked \(result.retries + 1) times)" : ""))
            }
        }
        if let skipped = content.skipped {
            for problem in content.problems { log.warning("\(name): \(problem)") }
            log.info("\(name): skipped: \(skipped)")
            return
        }
        guard !content.fetched.isEmpty || !content.problems.isEmpty else { return }
        let context = IngestContext(source: content.selection.isPrimary ? .primary : .clipboard, acceptUnknown: acceptUnknown)
        let (log, limits) = (log, limits)
        worker.run(bytes: content.fetchedBytes, { favorites -> IngestReport? in
            var decoded = content
            decoded.decode(limits: limits)
            for problem in decoded.problems { log.warning("\(name): \(problem)") }
            guard !decoded.items.isEmpty else { return nil }
            do {
                let report = try favorites.ingest(decoded.items, context: context)
                for line in report.lines() { log.info("\(name): \(line)") }
                return report
            } catch {
                log.error("\(name): could not store: \(error)")
                return nil
            }
        }, then: { [weak self] report in
            if let report { self?.onReport(report) }
        })
    }
}
