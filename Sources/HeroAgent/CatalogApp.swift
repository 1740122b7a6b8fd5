import DropWindow
import FoundationEssentials
import HeroCore
import X11Bridge

/// `herobridge catalog --window`: the catalog window on its own small event loop (it is not the agent: it
/// watches no selection and stores nothing). Its rows drag out as heroes; dropping one on the agent's window
/// adds it there. Closing the window or a signal exits 0; losing the X server exits 1. It scales like the drop
/// window (`scale` of the agent's config, GDK_SCALE, Xft.dpi, followed while it runs), so the two match side by side.
public enum CatalogApp {
    public static func run(display: String?, database: String, geometry: WindowGeometry?, scale choice: DisplayScale.Choice,
                           verbose: Bool, environment: [String: String]) -> Int32 {
        let log = AgentLog(threshold: verbose ? .debug : .info, environment: environment)
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
        let scale = DisplayScaleWatcher(connection: connection, choice: choice, environment: environment, log: log)
        // The catalog is read again only when a catalog addition changed, and of the favorites only those the
        // change log names since the last read (`Favorites.changes(since:)`).
        var stars = FavoriteNames()
        let view = CatalogWindowView(
            connection: connection, geometry: geometry, scale: scale.scale,
            catalog: { [favorites] in favorites.catalog },
            favoriteNames: { [favorites] in
                if let changes = try? favorites.changes(since: stars.version) { stars.apply(changes) }
                return stars.names
            })
        let drag = HeroDragOut(connection: connection, loop: loop, log: log)
        view.onDragOut = { [unowned view] hero, x, y, time in
            drag.start(HeroDragOut.payload(for: hero, in: favorites), from: view.window, excluded: [view.window],
                       x: x, y: y, time: time, scale: view.displayScale) { _ in }
        }
        view.onClose = { loop.stop(status: 0) }
        scale.onChange { [unowned view] new in view.setScale(new) }
        // Favorites added elsewhere (the agent, the CLI) get their star without a restart.
        let watcher = DatabaseWatcher(path: database, loop: loop) { view.reload() }
        if let problem = connection.sync() { log.warning("set-up: \(problem)") }
        log.info("ready: catalog window 0x\(String(view.window, radix: 16)) on display \(connection.name), "
                 + "\(view.shown.count) heroes")

        let exit = loop.run { event in
            if scale.handle(event) { return }
            if drag.handle(event) { return }
            _ = view.handle(event)
        }
        withExtendedLifetime(watcher) {}
        switch exit {
        case .signal, .stopped: return 0
        case .connectionLost:
            log.error("lost the connection to the X server on display \(connection.name); exiting")
            return 1
        }
    }
}

