#if canImport(Glibc)
import Glibc
#endif
import HeroBase
import HeroCore
import HeroTransfer
import X11Bridge

/// Makes the agent's parts in order, each from parts made before it, and wires them: no part refers to one
/// made after it. A failure is the `AgentSetupError` the agent exits with.
struct AgentBuilder {
    let options: AgentOptions
    let environment: [String: String]
    let log: AgentLog
    /// The launch that started the agent (`DESKTOP_STARTUP_ID`), ended when the drop window maps.
    let startup: StartupNotification?

    func build() throws(AgentSetupError) -> RunningAgent {
        let connection = try openDisplay()
        let loop = EventLoop(connection: connection)
        guard let pause = AgentPause(loop: loop, log: log) else {
            throw AgentSetupError("cannot create the pause timer (timerfd): \(String(cString: strerror(errno)))")
        }
        let favorites = try openFavorites()
        let manager = try claimManager(on: connection)
        // Where the clipboard side's idle lanes may write a portrait's file while it arrives (a value: no SQLite).
        let staging = favorites.store.portraitStaging
        // From here on the favorites are the worker's alone: the loop thread only speaks X and Wayland.
        let mailbox = LoopMailbox(loop: loop)
        let worker = IngestWorker(favorites: favorites, mailbox: mailbox)
        sweepPortraits(on: worker)
        // The windows' scale: made before any window, which is made at it.
        let scale = DisplayScaleWatcher(connection: connection, choice: options.scale, environment: environment, log: log)
        // The windows' look, light or dark: made before any window too. With no window, nothing needs it.
        let appearance = options.window
            ? AppearanceWatcher(connection: connection, mailbox: mailbox, choice: options.theme, environment: environment, log: log)
            : nil
        let drop = appearance.map {
            DropAgent(connection: connection, loop: loop, worker: worker, options: options, scale: scale, appearance: $0,
                      startup: startup, log: log)
        }
        // With no window to map, the launch ends now.
        if drop == nil, let startup { connection.sendStartupRemove(startup, about: manager.window) }
        if let drop { drop.accessibility = DropAccessibility.start(DropAccessibleTree(), environment: environment, loop: loop, log: log) }
        let tray = drop.flatMap { drop in
            appearance.flatMap { makeTray(connection: connection, loop: loop, drop: drop, pause: pause, scale: scale, appearance: $0) }
        }
        let ownWindows: (UInt) -> Bool = { window in
            window == manager.window || drop?.windows.contains(window) == true || tray?.windows.contains(window) == true
        }
        let selections = try SelectionSideChoice(options: options, environment: environment, log: log)
            .make(connection: connection, loop: loop, worker: worker, staging: staging, watchWindow: manager.window,
                  isOwnWindow: ownWindows)
        worker.onDrained = { [unowned selections] in selections.workerDrained() }
        // Made now, connected at its first notification: `notify = yes` with no bus costs nothing until a copy.
        let notifier = options.notify ? DesktopNotifier(environment: environment, log: log) : nil
        selections.onReport = Self.reporter(drop: drop, notifier: notifier, worker: worker, log: log,
                                            limits: TransferLimits(maxBytes: options.maxBytes))
        // Pausing (herobridge pause, the tray menu): the selections stop being read, the status line says so.
        pause.onChange { state in
            selections.setPaused(state.isPaused)
            drop?.show(pause: state)
            tray?.isPaused = state.isPaused
        }
        // An edit of the config file changes the windows' look at once; other settings wait for a restart.
        let config = ConfigWatcher.look(of: options, loop: loop, log: log, scale: scale, appearance: appearance,
                                        restarting: "the agent")
        let control = ControlDesk(connection: connection, loop: loop, worker: worker, pause: pause, log: log,
                                  database: options.database,
                                  watching: "\(selections.watching) over \(selections.path)")
        return RunningAgent(connection: connection, loop: loop, log: log, environment: environment, manager: manager,
                            control: control, config: config, scale: scale, appearance: appearance, selections: selections, drop: drop, tray: tray,
                            worker: worker, notifier: notifier, database: options.database)
    }

    private func openDisplay() throws(AgentSetupError) -> XConnection {
        do {
            let connection = try XConnection.open(displayName: options.display, environment: environment)
            try connection.enableXFixes()
            StartupAtoms.prefetch(on: connection)
            return connection
        } catch {
            throw AgentSetupError("\(error)")
        }
    }

    private func openFavorites() throws(AgentSetupError) -> Favorites {
        do {
            return try Favorites(path: options.database)
        } catch {
            throw AgentSetupError("\(error)")
        }
    }

    private func claimManager(on connection: XConnection) throws(AgentSetupError) -> ManagerSelection {
        do {
            return try ManagerSelection(connection: connection, replace: options.replace)
        } catch {
            if case .alreadyRunning = error { throw AgentSetupError("\(error)", status: .notRunning) }
            throw AgentSetupError("\(error)")
        }
    }

    /// What a crash left in the portrait folder goes, on the worker (it takes the write lock).
    private func sweepPortraits(on worker: IngestWorker) {
        let log = log
        worker.run({ favorites in Result { () throws(StoreError) in try favorites.store.sweepPortraitFiles() } }, then: { result in
            switch result {
            case let .success(count) where count > 0: log.info("portraits: removed \(count) left-over files")
            case let .failure(error): log.warning("portraits: cannot sweep the portrait folder: \(error)")
            default: break
            }
        })
    }

    /// The tray icon, with the drop window it is the handle of; nil with `--no-tray`.
    private func makeTray(connection: XConnection, loop: EventLoop, drop: DropAgent, pause: AgentPause,
                          scale: DisplayScaleWatcher, appearance: AppearanceWatcher) -> TrayAgent? {
        guard options.tray else { return nil }
        let log = log
        let icon = TrayAgent(connection: connection, drop: drop,
                             catalog: CatalogLauncher(database: options.database, display: connection.name,
                                                      environment: environment),
                             scale: scale, appearance: appearance, log: log)
        icon.onQuit = { loop.stop(status: ExitStatus.success.rawValue) }
        // The menu's Pause/Resume is `herobridge pause` / `resume`: the icon's look follows the pause's state
        // (pause.onChange), however the pause began or ended. Unowned: the pause's observers hold the tray, which
        // holds this closure.
        icon.onTogglePause = { [unowned pause] in
            if pause.state.isPaused {
                log.info("tray: resumed")
                pause.resume()
            } else {
                log.info("tray: paused until resumed")
                pause.pause(for: nil)
            }
        }
        icon.isPaused = pause.state.isPaused
        return icon
    }

    /// What happens after an ingest from the selections: the window's status line, and a desktop notification
    /// when `HeroNotice` says so.
    private static func reporter(drop: DropAgent?, notifier: DesktopNotifier?, worker: IngestWorker, log: AgentLog,
                                 limits: TransferLimits) -> (IngestReport, IngestSource) -> Void {
        { report, source in
            drop?.show(report: report)
            // Whether the window is shown is known here, on the loop thread; the description and the portrait are
            // read and decoded on the worker, and the notifier's own thread speaks D-Bus.
            guard let notifier else { return }
            let windowShown = drop?.view.isShown == true
            guard let notice = HeroNotice.decide(report, source: source, windowShown: windowShown) else {
                if windowShown && !report.added.isEmpty { log.debug("notifications: none for \(report.summary): the drop window is shown") }
                return
            }
            worker.run({ favorites in notifier.send(DesktopNotification.make(notice, favorites: favorites, limits: limits)) },
                       then: { _ in })
        }
    }
}
