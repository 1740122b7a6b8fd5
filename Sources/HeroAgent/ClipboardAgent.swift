import HeroCore
import HeroTransfer
import X11Bridge
import HeroBase

/// Turns selection changes into favorites. The order of reads is `ClipboardQueue`'s (one at a time, a newer change
/// of the same selection abandons the older read and nothing it fetched is stored, CLIPBOARD before PRIMARY, a
/// read waits while the worker holds more than one transfer's budget); this class performs it. What a read
/// brought is decoded and stored on the worker, so the next read starts at once. Every outcome is one log line
/// per item, and the agent goes back to watching whatever happened.
public final class ClipboardAgent: SelectionSide {
    private let worker: IngestWorker
    private let fetcher: SelectionFetcher
    private let log: AgentLog
    private let acceptUnknown: Bool
    private let limits: TransferLimits
    public let watcher: SelectionWatcher
    private let reader: SelectionReader
    private var queue: ClipboardQueue<SelectionChange>
    /// The image transfer in flight, checked chunk by chunk on `lane`, hashed on `hashLane` and written to its
    /// portrait file on `fileLane`.
    private var check: StreamCheck?
    /// Where that check runs: CPU the transfer does not want (nil without a thread: no check then).
    private let lane = IdleLane()
    /// The digest's lane; without one the hash runs on `lane` after each chunk's check.
    private let hashLane = IdleLane()
    /// The portrait file's lane (mostly waiting for the disk); without one the worker writes the file at the end.
    private let fileLane = IdleLane()
    /// Where portrait files may be written ahead of the store; nil for an in-memory database.
    private let staging: PortraitStaging?
    /// Called on the loop after every ingest, with the selection it came from: for the window's status line and
    /// the desktop notification.
    var onReport: (IngestReport, IngestSource) -> Void = { _, _ in }
    let watching: String
    let path = "X11"

    init(connection: XConnection, loop: EventLoop, worker: IngestWorker, staging: PortraitStaging?, options: AgentOptions,
         log: AgentLog, watchWindow: Window, isOwnWindow: @escaping (Window) -> Bool) {
        self.worker = worker
        self.staging = staging
        self.log = log
        acceptUnknown = options.acceptUnknown
        watching = options.selections.joined(separator: " and ")
        limits = TransferLimits(maxBytes: options.maxBytes)
        queue = ClipboardQueue<SelectionChange>(maxBacklogBytes: options.maxBytes)
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
        changed = { [unowned self] change in
            if queue.paused {
                log.debug("\(change.selection.name): new owner 0x\(String(change.owner, radix: 16)) while paused; not read")
            }
            perform(queue.changed(change, backlogBytes: worker.backlogBytes))
        }
        gone = { [unowned self] in perform(queue.ownerGone($0)) }
        reader.onChunk = { [unowned self] target, incoming in streamChunk(target: target, incoming: incoming) }
    }

    /// Feeds an event; true when it belonged to the clipboard side.
    public func handle(_ event: X11Event) -> Bool {
        watcher.handle(event) || reader.handle(event)
    }

    /// Stops reading (the read in flight is abandoned unstored, nothing waits) or starts again with the next
    /// change (`AgentPause`).
    func setPaused(_ paused: Bool) {
        if paused { perform(queue.pause()) } else { queue.resume() }
    }

    /// Abandons the read in flight (shutdown).
    public func stop() { perform(queue.stop()) }

    /// The worker finished a job: a read held back for its backlog may start now.
    func workerDrained() { perform(queue.startNext(backlogBytes: worker.backlogBytes)) }

    private func perform(_ actions: [ClipboardQueue<SelectionChange>.Action]) {
        for action in actions {
            switch action {
            case let .read(change):
                log.debug("\(change.selection.name): new owner 0x\(String(change.owner, radix: 16))")
                fetcher.read(change) { [unowned self] content in readFinished(content) }
            case let .abandon(change, why):
                if why == .superseded {
                    log.debug("\(change.selection.name): newer change, abandoning the read from 0x\(String(change.owner, radix: 16))")
                }
                fetcher.cancel(reason: why.reason(change.selection.name))
            case let .waitForWorker(backlogBytes):
                log.debug("waiting for the worker (\(backlogBytes) bytes in hand) before reading")
            }
        }
    }

    /// Hands the bytes of an image transfer that arrived so far to its check on the idle lanes.
    private func streamChunk(target: String, incoming: IncomingBytes) {
        guard target.hasPrefix("image/"), let lane else { return }
        if check?.incoming !== incoming { check = StreamCheck(incoming: incoming, limits: limits, staging: staging) }
        guard let check else { return }
        let count = incoming.count
        if let hashLane {
            lane.async { check.feedImage(upTo: count) }
            hashLane.async { check.feedHash(upTo: count) }
        } else {
            lane.async { check.feed(upTo: count) }
        }
        fileLane?.async { check.feedFile(upTo: count) }
    }

    private func readFinished(_ content: SelectionContent) {
        let check = self.check
        self.check = nil
        switch queue.readFinished() {
        case .ingest:
            ingest(content, check: check)
        case .discard:
            let stored = content.fetched.filter { $0.bytes != nil }.count
            log.debug("\(content.selectionName): the read from \(content.ownerText) was abandoned; "
                      + "none of its \(stored) fetched target(s) stored")
        }
        // After the ingest: what it handed the worker counts against the next read.
        perform(queue.startNext(backlogBytes: worker.backlogBytes))
    }

    /// Hands what was fetched to the worker, which decodes, stores and logs it; the report comes back here.
    private func ingest(_ content: SelectionContent, check: StreamCheck?) {
        var job = IngestJob(content: content, context: IngestContext(source: content.isPrimary ? .primary : .clipboard,
                                                                     acceptUnknown: acceptUnknown), limits: limits)
        job.streamCheck = check
        job.streamedBytes = check?.incoming.count ?? 0
        let source = job.context.source
        worker.ingest(job, log: log) { [weak self] outcome in
            if let report = outcome.report { self?.onReport(report, source) }
        }
    }
}
