import DropWindow
import FoundationEssentials
import HeroBase
import HeroCore
import HeroTransfer
import X11Bridge

/// The drop window's side of the agent: the window, its XDND target, and the reading of drops. A drop is read
/// like a clipboard copy (same gates, `choose`, reader, limits), then decoded and ingested on the worker with
/// `source: drop` and `onto:` the hero whose row it landed on. The rows and thumbnails the window shows are read
/// and made on the worker too: at the start the rows a page at a time in listing order (the first screenful
/// first, each page one job, so a copy waits for one page at most), then only what the change log says changed;
/// a thumbnail when the window draws its row without one (the rows on screen only, each portrait once, then
/// cached by the window). A row's keys come
/// here too: Enter or Ctrl+C puts its hero on CLIPBOARD (`HeroClipboard`), Delete removes it as its star does.
final class DropAgent {
    let view: DropWindowView
    private let target: XdndTarget
    private let fetcher: SelectionFetcher
    private let reader: SelectionReader
    private let connection: XConnection
    private let worker: IngestWorker
    private let log: AgentLog
    private let acceptUnknown: Bool
    private let limits: TransferLimits
    private var watcher: DatabaseWatcher?
    private let dragOut: HeroDragOut
    private let clipboard: HeroClipboard
    /// The window on the accessibility bus, when one runs (`WindowAccessibility.start`): its tree follows
    /// the rows, the selected row and the status line, its items' actions do what the star and `herobridge copy` do.
    var accessibility: DropAccessibility? {
        didSet { wireAccessibility() }
    }
    /// The monitors, followed so that a change that leaves the window off screen moves it back.
    private let monitors: MonitorWatcher
    /// A reload is on the worker; `reloadAgain` asks for one more once it is back (changes coalesce).
    private var reloading = false
    private var reloadAgain = false
    /// The change log's version of the rows the window shows; nil until the first read (or after a failed one).
    private var shownVersion: Int64?
    /// The first page's rows (a screenful and more), and each following page's: each is one job on the worker.
    static let firstPageRows = 100
    static let pageRows = 2000
    /// The rows read so far when every row is read again while the window shows rows (the change log could not
    /// say what changed): they replace the rows shown once the last page is in, so the rows and the selection
    /// do not shrink to a page meanwhile. Nil otherwise: a start's pages are shown as they come.
    private var rereadRows: [FavoriteRow]?

    init(connection: XConnection, loop: EventLoop, worker: IngestWorker, options: AgentOptions, scale: DisplayScaleWatcher,
         appearance: AppearanceWatcher, startup: StartupNotification?, log: AgentLog) {
        self.connection = connection
        self.worker = worker
        self.log = log
        acceptUnknown = options.acceptUnknown
        limits = TransferLimits(maxBytes: options.maxBytes)
        monitors = MonitorWatcher(connection: connection, log: log)
        view = DropWindowView(connection: connection, geometry: options.geometry, scale: scale.scale,
                              palette: appearance.appearance.palette, startup: startup)
        reader = SelectionReader(connection: connection, loop: loop, limits: .init(maxBytes: options.maxBytes, timeout: options.timeout))
        fetcher = SelectionFetcher(connection: connection, reader: reader, limits: limits)
        dragOut = HeroDragOut(connection: connection, loop: loop, log: log)
        clipboard = HeroClipboard(connection: connection, loop: loop, log: log)
        let registry = MIMERegistry.standard
        target = XdndTarget(connection: connection, window: view.window, accepts: { !registry.choose(offered: $0).isEmpty })
        target.log = { log.warning("drop: \($0)") }
        reader.log = { log.warning("drop: \($0)") }
        watcher = DatabaseWatcher(path: options.database, loop: loop) { [unowned self] in self.reload() }
        wireDragOut()
        wireTarget(registry: registry)
        view.onRemove = { [unowned self] favorite in remove(favorite.name) }
        view.onCopy = { [unowned self] favorite in copy(favorite) }
        view.onSelectionChanged = { [unowned self] favorite, _ in
            // The accessible list holds the rows around the selection: it follows it first.
            accessibility?.show(rows: view.accessibleRows)
            accessibility?.selectionMoved(to: favorite?.name)
        }
        // Which rows a typed filter leaves, for --verbose (and the tests that check the window filters): the first
        // hundred of them, not a line of every favorite at each key.
        view.onFilterChanged = { [unowned self] filter, shown in
            log.debug("window: filter \"\(filter)\" shows \(shown.count): " + shown.prefix(100).map(\.name).joined(separator: ", ")
                      + (shown.count > 100 ? ", …" : ""))
            accessibility?.show(rows: view.accessibleRows)
        }
        view.onThumbnailsWanted = { [unowned self] rows, pixels in makeThumbnails(of: rows, pixels: pixels) }
        // A new scale drops the thumbnails; the window's next draw asks for those it shows at the new pixel size.
        scale.onChange { [unowned self] new in view.setScale(new) }
        monitors.onChange { [unowned self] new, previous in
            guard let place = view.keepOnScreen(new, previous: previous) else { return }
            log.info("window: moved to +\(place.x)+\(place.y), back on a monitor")
        }
        appearance.onChange { [unowned self] new in view.setPalette(new.palette) }
        reload()
    }

    /// A row dragged out: the hero's portrait read on the worker, then an XDND source with the drag image.
    private func wireDragOut() {
    view.onDragOut = { [unowned self] favorite, x, y, time in
        setStatus("Dragging \(favorite.name)…")
        // The portrait comes from the database, on the worker; the button is still held meanwhile.
        worker.run({ favorites in HeroDragOut.payload(for: favorite, in: favorites) }, then: { [unowned self] payload in
            // Our own window is no target: a row dropped back onto it does nothing.
            dragOut.start(payload, from: view.window, excluded: [view.window], x: x, y: y, time: time,
                          thumbnail: view.thumbnail(of: favorite), scale: view.displayScale,
                          palette: view.currentPalette) { [unowned self] outcome in
                setStatus("\(favorite.name): " + HeroDragOut.describe(outcome))
            }
        })
    }
    }

    /// What the window's XDND target does: hover feedback, a drop read as a copy is, a fetch abandoned.
    private func wireTarget(registry: MIMERegistry) {
        target.onHover = { [unowned self] point, acceptable, types in
            let roles = Set(registry.choose(offered: types).compactMap { registry.importer(for: $0)?.role })
            view.hover(root: point, acceptable: acceptable,
                       carriesImage: roles.contains(.image) || roles.contains(.files) || roles.contains(.hero))
        }
        target.onDrop = { [unowned self] drag, time, completion in
            // An image dropped on a row goes to that row's hero when nothing else names it.
            let onto = drag.point.flatMap { view.favorite(atRoot: ($0.x, $0.y)) }?.name
            read(drag, time: time, onto: onto, completion: completion)
        }
        target.onCancel = { [unowned self] in cancelRead() }
    }

    /// Reads what changed in the favorites since the rows shown on the worker, then shows it; the window asks for
    /// the thumbnails of the rows it draws. Only the favorites the change log names are read, so an ingest's
    /// reload costs the same in any size of store; at the first read, or when the log cannot say, every row is
    /// read again a page at a time (`readRows`). Called after an ingest here and when another process changed the
    /// database; calls that arrive meanwhile become one.
    func reload() {
        guard !reloading else { reloadAgain = true; return }
        reloading = true
        guard let version = shownVersion else { return readRows() }
        worker.run({ favorites -> Result<FavoritesChanges?, StoreError> in
            Result { () throws(StoreError) in try favorites.loggedChanges(since: version) }
        }, then: { [unowned self] read in
            switch read {
            case let .success(changes?):
                view.show(changes: changes)
                accessibility?.show(rows: view.accessibleRows)
                finishReload(at: changes.version)
            case .success(nil):
                // The log cannot say what changed (it was pruned past the rows shown): every row again.
                readRows()
            case .failure:
                finishReload(at: version)
            }
        })
    }

    /// Reads every row in listing order, a page per job: at a start the first page (a screenful and more) is
    /// shown at once and the others are appended as they come (a read again goes to `rereadRows` instead), so a
    /// copy made meanwhile waits for one page, not for them all. Once the last page is in, what changed since the
    /// first page's version is read (`reload`), which also brings the changes the later pages may have missed.
    private func readRows() {
        let again = shownVersion != nil
        worker.run({ favorites in try? favorites.firstRows(limit: Self.firstPageRows) }, then: { [unowned self] first in
            guard let first else { return finishReload(at: nil) }
            if again { rereadRows = first.rows } else { show(page: first.rows, first: true) }
            guard first.rows.count == Self.firstPageRows, let last = first.rows.last?.name else {
                return rowsRead(at: first.version)
            }
            readPage(after: last, version: first.version)
        })
    }

    /// The page of rows after the one named `name`, appended; then the next, until a page comes short.
    private func readPage(after name: String, version: Int64) {
        worker.run({ favorites in try? favorites.rows(after: name, limit: Self.pageRows) }, then: { [unowned self] page in
            guard let page else { return finishReload(at: nil) }
            if rereadRows != nil { rereadRows?.append(contentsOf: page) } else { show(page: page, first: false) }
            guard page.count == Self.pageRows, let last = page.last?.name else {
                // Changes made while the pages were read are in the log after `version`: read them now.
                reloadAgain = true
                return rowsRead(at: version)
            }
            readPage(after: last, version: version)
        })
    }

    /// A page of rows read at a start, shown: the first in place of none, the next appended.
    private func show(page: [FavoriteRow], first: Bool) {
        if first { view.show(rows: page) } else { view.append(rows: page) }
        accessibility?.show(rows: view.accessibleRows)
    }

    /// Every row is read (at `version`): rows read again replace those shown; said for --verbose (the bench
    /// waits for it before it times copies).
    private func rowsRead(at version: Int64) {
        if let rows = rereadRows {
            rereadRows = nil
            view.show(rows: rows)
            accessibility?.show(rows: view.accessibleRows)
        }
        log.debug("window: \(view.rowCount) rows read")
        finishReload(at: version)
    }

    /// A read is over: the rows shown are at `version` (nil: a read failed, the next reads every row again); a
    /// reload asked for meanwhile runs now.
    private func finishReload(at version: Int64?) {
        rereadRows = nil
        shownVersion = version
        reloading = false
        if reloadAgain {
            reloadAgain = false
            reload()
        }
    }

    /// Makes the thumbnails of `rows` (each with a portrait the window has none of) on the worker, one job per
    /// portrait so each is drawn as soon as it is made and a copy or a status request waits for one decode at
    /// most, never for a screenful. A portrait that changed or went since the rows were read is stored as
    /// "cannot be made" under the old SHA-256: its row shows the initial until the reload that the change caused
    /// brings the new rows (and their SHA-256s).
    private func makeThumbnails(of rows: [FavoriteRow], pixels: Int) {
        let (limits, log) = (limits, log)
        for favorite in rows {
            guard let sha = favorite.portrait else { continue }
            let name = favorite.name
            worker.run({ favorites -> Thumbnail? in
                guard let portrait = try? favorites.portrait(of: name), portrait.info.sha256 == sha else {
                    log.debug("window: no thumbnail of \(name): its portrait changed or went")
                    return nil
                }
                let thumbnail = Thumbnail.make(from: portrait.data, size: pixels, limits: limits)
                // Which rows cost a decode, for --verbose (and the tests that check only the rows shown do).
                log.debug("window: thumbnail of \(name) " + (thumbnail == nil ? "cannot be made" : "made at \(pixels) px"))
                return thumbnail
            }, then: { [unowned self] thumbnail in
                view.store(thumbnail: thumbnail, for: sha)
            })
        }
    }

    /// Enter or Ctrl+C on a row: the hero's payload read on the worker (what a drag of it carries, what
    /// `herobridge copy` serves), then CLIPBOARD owned on the window.
    private func copy(_ hero: FavoriteRow) {
        worker.run({ favorites in HeroDragOut.payload(for: hero, in: favorites) }, then: { [unowned self] payload in
            guard clipboard.copy(payload, from: view.window) else {
                setStatus("Could not copy \(hero.name): the X server refused the clipboard.")
                return
            }
            log.info("window: copied \(hero.name) to the clipboard")
            setStatus("Copied \(hero.name): paste it anywhere.")
        })
    }

    /// The star of a row was clicked, or Delete pressed on it: removes that favorite on the worker, logs it like
    /// every other change.
    private func remove(_ name: String) {
        let log = log
        worker.run({ favorites -> String in
            do {
                let result = try favorites.remove(names: [name])
                guard !result.removed.isEmpty else { return "\(name) was not a favorite any more" }
                log.info("window: removed \(name)")
                return "Removed \(name)"
            } catch {
                log.error("window: could not remove \(name): \(error)")
                return "Could not remove \(name): \(error)"
            }
        }, then: { [unowned self] status in
            setStatus(status)
            reload()
        })
    }

    /// The status line says `text`, on the window and to a screen reader.
    private func setStatus(_ text: String) {
        view.setStatus(text)
        accessibility?.setStatus(text)
    }

    /// An accessible item's actions: "remove" is the star's remove, "copy" is Enter's copy; a screen reader's
    /// selection is the window's; the extents are the view's parts where the window is now.
    private func wireAccessibility() {
        guard let accessibility else { return }
        accessibility.onAction = { [unowned self] action, name in
            switch action {
            case DropAccessibleTree.remove.name: remove(name)
            case DropAccessibleTree.copy.name:
                if let favorite = view.shownRows.first(where: { $0.name == name }) { copy(favorite) }
            default: break
            }
        }
        accessibility.onSelectionRequest = { [unowned self] name in view.select(named: name) }
        accessibility.places = { [unowned self, connection] in
            let parts = view.partsInPixels
            return WindowPlaces(window: view.window, on: connection, size: view.pixelSize,
                                parts: [DropAccessibleTree.targetID: parts.target, DropAccessibleTree.listID: parts.list,
                                        DropAccessibleTree.statusID: parts.status], rows: parts.rows)
        }
        accessibility.show(rows: view.accessibleRows)
    }

    /// Windows of ours, whose selections are never read.
    var windows: Set<Window> { [view.window, reader.window] }

    func handle(_ event: X11Event) -> Bool {
        // Seen, not taken: the window handles its focus changes too.
        accessibility?.see(event, window: view.window)
        return monitors.handle(event) || dragOut.handle(event) || target.handle(event) || reader.handle(event)
            || clipboard.handle(event) || view.handle(event)
    }

    /// The clipboard was paused or resumed: the status line says so for as long as it lasts.
    func show(pause: PauseState) {
        view.setPauseNote(pause.statusLine { LocalClock.describe($0) })
        setStatus(pause.isPaused ? "Nothing you copy is read; drops still work." : "Reading what you copy again.")
    }

    /// A clipboard ingest happened: show it.
    func show(report: IngestReport) {
        setStatus(report.summary)
        reload()
    }

    /// Reads a drop, on this window or on the tray icon (`onto` nil), and ingests it on the worker; `completion`
    /// gets whether something was stored.
    func read(_ drag: XdndTargetMachine.Drag, time: Time, onto: String?, completion: @escaping (Bool) -> Void) {
        // The window and the tray icon each have a target but share this reader, which takes one fetch at a time
        // (its precondition stopped the agent when a drop on the icon came while one on the window was still read):
        // the newer drop abandons the older, as a new drag onto the same window does.
        if fetcher.isBusy { fetcher.cancel(reason: "a newer drop arrived") }
        let selection = connection.atom("XdndSelection")
        let directSaveName = (drag.types ?? []).contains("XdndDirectSave0") ? directSave(of: drag.source) : nil
        setStatus("Reading the drop…")
        let content = SelectionContent(selectionName: "drop", isPrimary: false, origin: .window(drag.source))
        fetcher.readOffered(drag.types ?? [], into: content, selection: selection, time: time, skipOwnCopy: false) { [unowned self] content in
            var job = IngestJob(content: content, context: IngestContext(source: .drop, onto: onto, acceptUnknown: acceptUnknown),
                                limits: limits)
            job.imageName = directSaveName
            worker.ingest(job, log: log) { [unowned self] outcome in
                setStatus(outcome.status)
                if outcome.report != nil { reload() }
                completion(outcome.report != nil)
            }
        }
    }

    /// Abandons the drop being read: a new drag started, or the source went away.
    func cancelRead() {
        fetcher.cancel(reason: "a new drag started, or the source went away")
    }

    /// The file name a Chromium source puts in XdndDirectSave0, without its extension.
    private func directSave(of source: UInt) -> String? {
        guard let value = connection.readSmallProperty(window: Window(source), property: connection.atom("XdndDirectSave0")),
              value.format == 8, let text = String(validating: value.bytes, as: UTF8.self) else { return nil }
        let name = URIListImporter.stem(of: text.trimmed())
        return name.isEmpty ? nil : name
    }
}
