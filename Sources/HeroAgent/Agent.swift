#if canImport(Glibc)
import Glibc
#endif
import CLinux
import CX11
import HeroCore
import HeroTransfer
import X11Bridge

/// `herobridge agent`: connects, claims the display's manager selection, watches the selections, and runs
/// the event loop until a signal (exit 0), a replacement (exit 0), or the loss of the X server (exit 1).
public enum Agent {
    /// The exit status when another agent already owns the display: not a failure worth a restart, so the
    /// systemd unit lists it in `RestartPreventExitStatus=`.
    public static let exitAlreadyRunning: Int32 = 3

    /// Runs the agent; returns the process exit status. Set-up failures are one log line and status 1.
    public static func run(_ options: AgentOptions, environment: [String: String]) -> Int32 {
        // Transfers allocate and free buffers of many megabytes. glibc's default raises its mmap threshold after
        // the first such free, after which big buffers come from the heap and stay in RSS; a fixed threshold
        // keeps every big buffer mmapped, so it goes back to the system when freed. Measured: RSS grew 10 MB
        // over twenty 5 MB images without this. The threshold is 1 MiB, not 256 KiB: libxcb holds each reply
        // whole in a buffer of its own, and an INCR chunk's is 256 KiB, so at 256 KiB every chunk was a fresh
        // mmap, 64 page faults and a munmap (strace -c: 192 of each for 50 MB); the trim threshold keeps the
        // heap's top from being given back and faulted in again at every chunk.
        mallopt(M_MMAP_THRESHOLD, 1 << 20)
        mallopt(M_TRIM_THRESHOLD, 4 << 20)
        // A closed stderr (`herobridge agent 2>&1 | head`) must cost log lines, never the agent: without this the
        // next line written kills it with SIGPIPE, and the copy in hand with it.
        signal(SIGPIPE, SIG_IGN)
        let log = AgentLog(threshold: options.logLevel, environment: environment)
        let connection: XConnection
        do {
            connection = try XConnection.open(displayName: options.display, environment: environment)
            try connection.enableXFixes()
            StartupAtoms.prefetch(on: connection)
        } catch {
            log.error("\(error)")
            return 1
        }
        let loop = EventLoop(connection: connection)
        guard let pause = AgentPause(loop: loop, log: log) else {
            log.error("cannot create the pause timer (timerfd): \(String(cString: strerror(errno)))")
            return 1
        }
        let favorites: Favorites
        do {
            favorites = try Favorites(path: options.database)
        } catch {
            log.error("\(error)")
            return 1
        }
        let manager: ManagerSelection
        do {
            manager = try ManagerSelection(connection: connection, replace: options.replace)
        } catch {
            log.error("\(error)")
            if case .alreadyRunning = error { return exitAlreadyRunning }
            return 1
        }
        // Where the clipboard side's idle lanes may write a portrait's file while it arrives (a value: no SQLite).
        let staging = favorites.store.portraitStaging
        // From here on the favorites are the worker's alone: the X thread only speaks X.
        let worker = IngestWorker(favorites: favorites, mailbox: LoopMailbox(loop: loop))
        // What a crash left in the portrait folder goes, on the worker (it takes the write lock).
        worker.run({ favorites in Result { () throws(StoreError) in try favorites.store.sweepPortraitFiles() } }, then: { result in
            switch result {
            case let .success(count) where count > 0: log.info("portraits: removed \(count) left-over files")
            case let .failure(error): log.warning("portraits: cannot sweep the portrait folder: \(error)")
            default: break
            }
        })
        var drop: DropAgent?
        var tray: TrayAgent?
        var trayState = "no tray icon"
        let clipboard = ClipboardAgent(connection: connection, loop: loop, worker: worker,
                                       staging: staging, options: options,
                                       log: log, watchWindow: manager.window,
                                       isOwnWindow: { $0 == manager.window || drop?.windows.contains($0) == true
                                           || tray?.windows.contains($0) == true })
        worker.onDrained = { [unowned clipboard] in clipboard.workerDrained() }
        // The windows' scale: made before any window, which is made at it.
        let scale = DisplayScaleWatcher(connection: connection, choice: options.scale, environment: environment, log: log)
        if options.window {
            drop = DropAgent(connection: connection, loop: loop, worker: worker, options: options, scale: scale, log: log)
        }
        // Made now, connected at its first notification: `notify = yes` with no bus costs nothing until a copy.
        let notifier = options.notify ? DesktopNotifier(environment: environment, log: log) : nil
        let limits = TransferLimits(maxBytes: options.maxBytes)
        clipboard.onReport = { report, source in
            drop?.show(report: report)
            // Whether the window is shown is known here, on the X thread; the description and the portrait are
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
        // Pausing (herobridge pause, the tray menu): the clipboard side stops reading, the status line says so.
        let control = ControlDesk(connection: connection, loop: loop, worker: worker, pause: pause, log: log, database: options.database)
        pause.onChange { state in
            clipboard.setPaused(state.isPaused)
            drop?.show(pause: state)
            tray?.isPaused = state.isPaused
        }
        if options.tray, let drop {
            let icon = TrayAgent(connection: connection, drop: drop,
                                 catalog: CatalogLauncher(database: options.database, display: connection.name,
                                                          environment: environment),
                                 scale: scale, log: log)
            icon.onQuit = { loop.stop(status: 0) }
            // The menu's Pause/Resume is `herobridge pause` / `resume`: the icon's look follows the pause's state
            // (pause.onChange above), however the pause began or ended.
            // Unowned: the pause's observers hold the tray, which holds this closure.
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
            trayState = icon.start()
            tray = icon
        }
        if let problem = connection.sync() { log.warning("set-up: \(problem)") }

        log.info("ready: display \(connection.name), watching \(options.selections.joined(separator: " and ")), "
                 + (drop.map { "drop window 0x\(String($0.view.window, radix: 16)), " } ?? "no window, ") + "\(trayState), "
                 + "database \(options.database)" + (notifier == nil ? "" : ", desktop notifications on"))
        SystemdNotifier.notify("READY=1", environment: environment)

        let exit = loop.run { event in
            if scale.handle(event) { return }
            if let managerEvent = manager.handle(event) {
                switch managerEvent {
                case .replaced:
                    log.notice("another agent took over display \(connection.name); exiting")
                    loop.stop(status: 0)
                case .show:
                    if let drop { drop.view.show() } else { log.info("show: this agent runs with --no-window") }
                case let .control(request):
                    control.handle(request)
                case .handled:
                    break
                case let .ignored(line):
                    log.warning("manager: \(line)")
                }
                return
            }
            if tray?.handle(event) == true { return }
            if clipboard.handle(event) { return }
            _ = drop?.handle(event)
        }

        switch exit {
        case let .signal(number):
            SystemdNotifier.notify("STOPPING=1", environment: environment)
            log.info("stopping on \(signalName(number))")
            clipboard.stop()
            finish(worker, log: log)
            return 0
        case let .stopped(status):
            SystemdNotifier.notify("STOPPING=1", environment: environment)
            clipboard.stop()
            finish(worker, log: log)
            return status
        case .connectionLost:
            log.error("lost the connection to the X server on display \(connection.name); exiting")
            return 1
        }
    }

    /// Lets the ingest in hand finish, for at most 0.5 s: SIGTERM must end the agent within a second, and what
    /// comes after the wait (closing the display, the process exit) took 85 ms here with other builds running.
    private static func finish(_ worker: IngestWorker, log: AgentLog) {
        if !worker.finish(within: 0.5) { log.warning("stopping with an ingest still running: it is not stored") }
    }

    private static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(number)"
        }
    }
}
