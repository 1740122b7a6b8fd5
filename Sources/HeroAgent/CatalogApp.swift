#if canImport(Glibc)
import Glibc
#endif
import DropWindow
import FoundationEssentials
import HeroCore
import X11Bridge

/// `herobridge catalog --window`: the catalog window on its own small event loop (it is not the agent: it
/// watches no selection and stores nothing). Its rows drag out as heroes; dropping one on the agent's window
/// adds it there. Enter on a row adds its hero to the favorites here, Ctrl+C puts it on CLIPBOARD (`HeroClipboard`,
/// served while this program runs). Closing the window or a signal exits 0; losing the X server exits 1. It scales
/// like the drop window (`scale` of the agent's config, GDK_SCALE, Xft.dpi, followed while it runs), and takes its
/// look the same way (`theme` of the agent's config, the appearance portal, XSETTINGS, followed too), so the two
/// match side by side; an edit of `scale` or `theme` in the config file applies to it at once, as to the agent.
/// When an accessibility bus runs, the window is on it for screen readers (`CatalogAccessibility`), as the drop
/// window is.
public enum CatalogApp {
    /// `options` are the agent's settings (its config file, no flags): the window takes their `scale` and `theme`.
    public static func run(display: String?, database: String, geometry: WindowGeometry?, options: AgentOptions,
                           verbose: Bool, environment: [String: String]) -> Int32 {
        let log = AgentLog(threshold: verbose ? .debug : .info, environment: environment)
        // A launch's id is this process's to end when its window maps (docs/X11.md §14.4), and no child's.
        let startup = StartupNotification(environment: environment)
        unsetenv(StartupNotification.environmentKey)
        let connection: XConnection
        let favorites: Favorites
        do {
            connection = try XConnection.open(displayName: display, environment: environment)
            favorites = try Favorites(path: database)
        } catch {
            log.error("\(error)")
            return 1
        }
        let loop = EventLoop(connection: connection)
        let scale = DisplayScaleWatcher(connection: connection, choice: options.scale, environment: environment, log: log)
        let monitors = MonitorWatcher(connection: connection, log: log)
        let appearance = AppearanceWatcher(connection: connection, mailbox: LoopMailbox(loop: loop), choice: options.theme,
                                           environment: environment, log: log)
        // The catalog is read again only when a catalog addition changed, and of the favorites only those the
        // change log names since the last read (`Favorites.changes(since:)`).
        var stars = FavoriteNames()
        let view = CatalogWindowView(
            connection: connection, geometry: geometry, scale: scale.scale, palette: appearance.appearance.palette,
            catalog: { [favorites] in favorites.catalog },
            favoriteNames: { [favorites] in
                if let changes = try? favorites.changes(since: stars.version) { stars.apply(changes) }
                return stars.names
            },
            startup: startup)
        let (drag, clipboard) = wireRows(of: view, connection: connection, loop: loop, favorites: favorites, log: log)
        let accessibility = accessible(view, connection: connection, loop: loop, environment: environment, log: log)
        view.onClose = { loop.stop(status: 0) }
        scale.onChange { [unowned view] new in view.setScale(new) }
        // A change of monitors that left the window off screen moves it back onto one.
        monitors.onChange { [unowned view] new, previous in _ = view.keepOnScreen(new, previous: previous) }
        appearance.onChange { [unowned view] new in view.setPalette(new.palette) }
        let config = ConfigWatcher.look(of: options, loop: loop, log: log, scale: scale, appearance: appearance, restarting: nil)
        // Favorites added elsewhere (the agent, the CLI) get their star without a restart.
        let watcher = DatabaseWatcher(path: database, loop: loop) { view.reload() }
        if let problem = connection.sync() { log.warning("set-up: \(problem)") }
        log.info("ready: catalog window 0x\(String(view.window, radix: 16)) on display \(connection.name), "
                 + "\(view.shown.count) heroes")
        let exit = loop.run { event in
            accessibility?.see(event, window: view.window)
            if scale.handle(event) || monitors.handle(event) || appearance.handle(event) { return }
            if drag.handle(event) || clipboard.handle(event) { return }
            _ = view.handle(event)
        }
        withExtendedLifetime((watcher, config)) {}
        accessibility?.close()
        switch exit {
        case .signal, .stopped: return 0
        case .connectionLost:
            log.error("lost the connection to the X server on display \(connection.name); exiting")
            return 1
        }
    }

    /// What the window's rows do: a drag out carries the hero, Ctrl+C puts it on CLIPBOARD, Enter adds it. The drag
    /// source and the clipboard owner are returned, for the loop to hand them their events.
    private static func wireRows(of view: CatalogWindowView, connection: XConnection, loop: EventLoop, favorites: Favorites,
                                 log: AgentLog) -> (HeroDragOut, HeroClipboard) {
        let drag = HeroDragOut(connection: connection, loop: loop, log: log)
        view.onDragOut = { [unowned view] hero, x, y, time in
            drag.start(HeroDragOut.payload(for: hero, in: favorites), from: view.window, excluded: [view.window],
                       x: x, y: y, time: time, scale: view.displayScale,
                       palette: view.currentPalette) { _ in }
        }
        let clipboard = HeroClipboard(connection: connection, loop: loop, log: log)
        view.onCopy = { [unowned view] hero in
            if clipboard.copy(HeroDragOut.payload(for: hero, in: favorites), from: view.window) {
                log.info("catalog: copied \(hero.name) to the clipboard")
            }
        }
        view.onActivate = { [unowned view] hero in add(hero, to: favorites, view: view, log: log) }
        return (drag, clipboard)
    }

    /// The window on the accessibility bus, when one runs (nil, having made nothing, when none does): the tree
    /// follows what the window shows, an item's "add" is Enter's, its "copy" Ctrl+C's, a screen reader's selection
    /// is the window's.
    private static func accessible(_ view: CatalogWindowView, connection: XConnection, loop: EventLoop,
                                   environment: [String: String], log: AgentLog) -> CatalogAccessibility? {
        guard let accessibility = CatalogAccessibility.start(CatalogAccessibleTree(), environment: environment, loop: loop,
                                                             log: log) else { return nil }
        accessibility.follow(view, on: connection)
        view.onShownChanged = { [unowned view] in accessibility.show(view) }
        accessibility.onSelectionRequest = { [unowned view] name in view.select(named: name) }
        accessibility.onAction = { [unowned view] action, name in
            guard let hero = view.shown.first(where: { $0.name == name }) else { return }
            switch action {
            case CatalogAccessibleTree.add.name: view.onActivate?(hero)
            case CatalogAccessibleTree.copy.name: view.onCopy?(hero)
            default: break
            }
        }
        return accessibility
    }

    /// Enter on a row: adds its hero to the favorites, as `herobridge add` does (the source is the command line's:
    /// this window is a command's), logs the outcome, and shows the star at once (the database watcher would, a
    /// moment later).
    private static func add(_ hero: Hero, to favorites: Favorites, view: CatalogWindowView, log: AgentLog) {
        do {
            let report = try favorites.add(names: [hero.name])
            log.info("catalog: \(report.summary)")
        } catch {
            log.error("catalog: could not add \(hero.name): \(error)")
        }
        view.reload()
    }
}

