import CX11
import DropWindow
import FoundationEssentials
import HeroCore
import HeroTransfer
import X11Bridge

/// The drop window's side of the agent: the window, its XDND target, and the reading of drops. A drop is read
/// like a clipboard copy (same gates, `choose`, reader, limits), then ingested with `source: drop` and `onto:`
/// the hero whose row it landed on.
final class DropAgent {
    let view: DropWindowView
    private var target: XdndTarget!
    private let fetcher: SelectionFetcher
    private let reader: SelectionReader
    private let connection: XConnection
    private let favorites: Favorites
    private let log: AgentLog
    private let acceptUnknown: Bool
    private var watcher: DatabaseWatcher?
    private let dragOut: HeroDragOut

    init(connection: XConnection, loop: EventLoop, favorites: Favorites, options: AgentOptions, log: AgentLog) {
        self.connection = connection
        self.favorites = favorites
        self.log = log
        acceptUnknown = options.acceptUnknown
        view = DropWindowView(connection: connection, favorites: favorites, geometry: options.geometry)
        reader = SelectionReader(connection: connection, loop: loop, limits: .init(maxBytes: options.maxBytes, timeout: options.timeout))
        fetcher = SelectionFetcher(connection: connection, reader: reader, limits: TransferLimits(maxBytes: options.maxBytes))
        dragOut = HeroDragOut(connection: connection, loop: loop, log: log)
        let registry = MIMERegistry.standard
        target = XdndTarget(
            connection: connection, window: view.window,
            accepts: { !registry.choose(offered: $0).isEmpty },
            onHover: { [unowned self] point, acceptable, types in
                let roles = Set(registry.choose(offered: types).compactMap { registry.importer(for: $0)?.role })
                self.view.hover(root: point, acceptable: acceptable,
                                carriesImage: roles.contains(.image) || roles.contains(.files) || roles.contains(.hero))
            },
            onDrop: { [unowned self] drag, time, completion in self.read(drag, time: time, completion: completion) },
            onCancel: { [unowned self] in self.fetcher.cancel(reason: "a new drag started, or the source went away") })
        watcher = DatabaseWatcher(path: options.database, loop: loop) { [unowned self] in self.view.reload() }
        view.onDragOut = { [unowned self] favorite, x, y, time in
            view.setStatus("Dragging \(favorite.hero.name)…")
            // Our own window is no target: a row dropped back onto it does nothing.
            dragOut.start(HeroDragOut.payload(for: favorite.hero, in: favorites), from: view.window,
                          excluded: [view.window], x: x, y: y, time: time) { [unowned self] outcome in
                view.setStatus("\(favorite.hero.name): " + HeroDragOut.describe(outcome))
            }
        }
    }

    /// Windows of ours, whose selections are never read.
    var windows: Set<Window> { [view.window, reader.window] }

    func handle(_ event: XEvent) -> Bool {
        dragOut.handle(event) || target.handle(event) || reader.handle(event) || view.handle(event)
    }

    /// A clipboard ingest happened: show it.
    func show(report: IngestReport) {
        view.setStatus(report.summary)
        view.reload()
    }

    private func read(_ drag: XdndTargetMachine.Drag, time: Time, completion: @escaping (Bool) -> Void) {
        let onto = drag.point.flatMap { view.favorite(atRoot: $0) }?.hero.name
        let selection = WatchedSelection(atom: connection.atom("XdndSelection"), name: "drop", isPrimary: false)
        let directSaveName = (drag.types ?? []).contains("XdndDirectSave0") ? directSave(of: drag.source) : nil
        view.setStatus("Reading the drop…")
        let content = SelectionContent(selection: selection, owner: Window(drag.source))
        fetcher.readOffered(drag.types ?? [], into: content, time: time, skipOwnCopy: false) { [unowned self] content in
            for problem in content.problems { log.warning("drop: \(problem)") }
            if let skipped = content.skipped { log.info("drop: skipped: \(skipped)") }
            var items = content.items
            // Chromium's image drags name the file only in XdndDirectSave0 on the source window.
            if let name = directSaveName {
                items = items.map { item in
                    guard case var .image(image) = item, image.name == nil else { return item }
                    image.name = name
                    return .image(image)
                }
            }
            guard !items.isEmpty else {
                view.setStatus(content.skipped.map { "Ignored: \($0)" } ?? content.problems.first.map { "Drop failed: \($0)" }
                               ?? "Nothing usable in the drop")
                completion(false)
                return
            }
            do {
                let report = try favorites.ingest(items, context: IngestContext(source: .drop, onto: onto, acceptUnknown: acceptUnknown))
                for line in report.lines() { log.info("drop: \(line)") }
                show(report: report)
                completion(true)
            } catch {
                log.error("drop: could not store: \(error)")
                view.setStatus("Could not store the drop: \(error)")
                completion(false)
            }
        }
    }

    /// The file name a Chromium source puts in XdndDirectSave0, without its extension.
    private func directSave(of source: UInt) -> String? {
        guard let value = connection.readProperty(window: Window(source), property: connection.atom("XdndDirectSave0"), delete: false),
              value.format == 8, let text = String(validating: value.bytes, as: UTF8.self) else { return nil }
        let name = URIListImporter.stem(of: text.trimmed())
        return name.isEmpty ? nil : name
    }
}
