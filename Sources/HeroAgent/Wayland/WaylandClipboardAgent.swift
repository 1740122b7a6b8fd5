import FoundationEssentials
import HeroCore
import HeroTransfer
import WaylandBridge

/// Turns the compositor's selection changes into favorites, through data control: every copy of every Wayland
/// client, and of X11 clients through Xwayland, whichever window has the focus. The order of reads is
/// `ClipboardQueue`'s, as on X11; PRIMARY is read once it has stayed unchanged for `primarySettle` seconds; the
/// offered types go through the same gates and `choose`; the pipes are read with the same byte budget, per-type
/// caps and silence timeout; and what arrives is one `IngestJob` on the worker.
final class WaylandClipboardAgent: SelectionSide {
    private var connection: WaylandConnection
    private var device: DataControlDevice
    private var reader: DataControlReader
    private let loop: DescriptorLoop
    private let options: AgentOptions
    private let environment: [String: String]
    private let onLost: (String) -> Void
    private let worker: IngestWorker
    private let log: AgentLog
    private let acceptUnknown: Bool
    private let limits: TransferLimits
    private let registry = MIMERegistry.standard
    private let primarySettle: Double
    private var queue: ClipboardQueue<WaylandRead>
    private var settling: (read: WaylandRead, timer: LoopTimer)?
    var onReport: (IngestReport, IngestSource) -> Void = { _, _ in }
    let watching: String
    let path: String

    /// Makes the device on `connection` (already open, with data control) and starts watching. `onLost` runs once
    /// when the compositor is gone (no new connection can be made), or withdraws the device.
    init(connection: WaylandConnection, loop: DescriptorLoop, worker: IngestWorker, options: AgentOptions,
         environment: [String: String], log: AgentLog, onLost: @escaping (String) -> Void) throws(WaylandError) {
        (device, reader, _) = try Self.watch(connection, loop: loop, options: options)
        self.connection = connection
        self.loop = loop
        self.options = options
        self.environment = environment
        self.onLost = onLost
        self.worker = worker
        self.log = log
        acceptUnknown = options.acceptUnknown
        limits = TransferLimits(maxBytes: options.maxBytes)
        primarySettle = options.primarySettle
        queue = ClipboardQueue(maxBacklogBytes: options.maxBytes)
        watching = options.selections.joined(separator: " and ")
        path = "Wayland (\(device.dataControl))"
        listen()
    }

    /// The device and its reader on `connection`. At start the compositor's first announcements pass before
    /// anything listens: as on X11, what was copied before the agent started is not read. After a reconnection
    /// (`readCurrent`) the selection as it is now is read: it was copied while the agent could not see it.
    private static func watch(_ connection: WaylandConnection, loop: DescriptorLoop, options: AgentOptions)
        throws(WaylandError) -> (device: DataControlDevice, reader: DataControlReader, current: [WaylandSelectionChange]) {
        let device = try DataControlDevice(connection: connection, primary: options.selections.contains("primary"))
        let current = ChangeLog()
        device.onChange = { current.changes.append($0) }
        try connection.roundTrip()
        let reader = DataControlReader(device: device, loop: loop, limits: .init(maxBytes: options.maxBytes, timeout: options.timeout))
        return (device, reader, current.changes)
    }

    /// The changes announced while a device is set up.
    private final class ChangeLog { var changes: [WaylandSelectionChange] = [] }

    private func listen() {
        device.onChange = { [unowned self] change in changed(change) }
        device.onFinished = { [unowned self] in onLost("the compositor withdrew the seat's data-control device") }
        connection.attach(to: loop) { [unowned self] reason in connectionLost(reason) }
    }

    /// Seconds between attempts to connect again while the compositor is there but drops this client at once.
    static let reconnectDelays: [Double] = [0, 0.5, 1, 2, 4, 8, 15]

    /// The connection broke. A compositor that is still there may have dropped only this client: libwayland-server
    /// before 1.23 does so when a flood of events overflows the client's socket (a source offering thousands of
    /// types; `DataControlOffers.Action.checkConnection` makes it show), and does it again while that source holds
    /// the selection. So the agent connects again, at once and then at growing intervals (a timer only while it is
    /// disconnected), and reads what is copied by then. A compositor that is gone refuses the connection, and the
    /// agent ends.
    private func connectionLost(_ reason: String, attempt: Int = 0) {
        if attempt == 0 {
            settling?.timer.cancel()
            settling = nil
            perform(queue.stop())
        }
        do throws(WaylandError) {
            let fresh = try WaylandConnection.open(environment: environment)
            guard fresh.dataControl != nil else { throw WaylandError.noDataControl }
            let watched = try Self.watch(fresh, loop: loop, options: options)
            (device, reader, connection) = (watched.device, watched.reader, fresh)
            listen()
            for change in watched.current { changed(change) }
            log.warning("the Wayland compositor dropped this agent's connection (\(reason)); connected again"
                        + (attempt > 0 ? " after \(attempt + 1) attempts" : ""))
        } catch .roundTripFailed(let why) where attempt + 1 < Self.reconnectDelays.count * 4 {
            let delay = Self.reconnectDelays[min(attempt + 1, Self.reconnectDelays.count - 1)]
            if attempt == 0 { log.warning("the Wayland compositor dropped this agent's connection (\(reason)), and again at once (\(why)); trying again") }
            _ = loop.startTimer(after: delay) { [weak self] in self?.connectionLost(reason, attempt: attempt + 1) }
        } catch {
            onLost(reason)
        }
    }

    func setPaused(_ paused: Bool) {
        if paused {
            settling?.timer.cancel()
            settling = nil
            perform(queue.pause())
        } else {
            queue.resume()
        }
    }

    func workerDrained() { perform(queue.startNext(backlogBytes: worker.backlogBytes)) }

    func stop() {
        settling?.timer.cancel()
        settling = nil
        perform(queue.stop())
    }

    private func changed(_ change: WaylandSelectionChange) {
        let read = WaylandRead(change: change)
        guard change.offer != nil else {
            log.debug("\(read.name): cleared")
            if read.isPrimary, settling != nil { settling?.timer.cancel(); settling = nil }
            perform(queue.ownerGone(change.selection))
            return
        }
        if queue.paused {
            log.debug("\(read.name): new Wayland offer while paused; not read")
            return
        }
        guard read.isPrimary else {
            perform(queue.changed(read, backlogBytes: worker.backlogBytes))
            return
        }
        // Selecting text with the mouse changes PRIMARY at every motion: only the selection it settles on is read.
        settling?.timer.cancel()
        let timer = loop.startTimer(after: primarySettle) { [unowned self] in
            guard let settled = settling?.read else { return }
            settling = nil
            perform(queue.changed(settled, backlogBytes: worker.backlogBytes))
        }
        settling = (read, timer)
    }

    private func perform(_ actions: [ClipboardQueue<WaylandRead>.Action]) {
        for action in actions {
            switch action {
            case let .read(read):
                let count = read.change.mimeTypes.count
                log.debug("\(read.name): new Wayland offer, \(count) type\(count == 1 ? "" : "s")")
                fetch(read)
            case let .abandon(read, why):
                if why == .superseded { log.debug("\(read.name): newer change, abandoning the read in flight") }
                reader.cancel(reason: why.reason(read.name))
            case let .waitForWorker(backlogBytes):
                log.debug("waiting for the worker (\(backlogBytes) bytes in hand) before reading")
            }
        }
    }

    /// The gates and the choice (`SelectionContent.choose`), then the chosen types one by one through their pipes.
    private func fetch(_ read: WaylandRead) {
        let change = read.change
        var content = SelectionContent(selectionName: read.name, isPrimary: read.isPrimary, origin: .wayland)
        if change.typesOverlong > 0 {
            log.debug("\(read.name): \(change.typesOverlong) offered type names over \(DataControlOffers.Limits().maxTypeBytes) bytes ignored")
        }
        if change.tooManyTypes {
            content.offered = change.mimeTypes
            content.problems.append("\(content.ownerText) offered more than \(change.mimeTypes.count) types; not read")
            readFinished(content)
            return
        }
        content.choose(from: change.mimeTypes, registry: registry, skipOwnCopy: true)
        guard content.skipped == nil, let offer = change.offer else {
            readFinished(content)
            return
        }
        let requests = content.chosen.map { DataControlReader.Request($0, maxBytes: registry.readLimit(for: $0, limits: limits)) }
        let owner = content.ownerText
        reader.fetch(offer: offer, requests: requests) { [unowned self] fetched in
            content.fetched = fetched.map { Self.neutral($0, owner: owner) }
            readFinished(content)
        }
    }

    private func readFinished(_ content: SelectionContent) {
        switch queue.readFinished() {
        case .ingest:
            let job = IngestJob(content: content, context: IngestContext(source: content.isPrimary ? .primary : .clipboard,
                                                                         acceptUnknown: acceptUnknown), limits: limits)
            let source = job.context.source
            worker.ingest(job, log: log) { [weak self] outcome in
                if let report = outcome.report { self?.onReport(report, source) }
            }
        case .discard:
            log.debug("\(content.selectionName): the read was abandoned; none of its \(content.fetched.count) type(s) stored")
        }
        perform(queue.startNext(backlogBytes: worker.backlogBytes))
    }

    /// A pipe's read as the ingest sees it, its failure the log's sentence.
    private static func neutral(_ fetched: DataControlReader.Fetched, owner: String) -> FetchedTarget {
        FetchedTarget(target: fetched.mimeType,
                      result: fetched.result.mapError { .init("\(owner) \(fetched.mimeType): \($0)") },
                      seconds: fetched.seconds)
    }
}
