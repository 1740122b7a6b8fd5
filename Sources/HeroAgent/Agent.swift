#if canImport(Glibc)
import Glibc
#endif
import CLinux
import CX11
import HeroCore
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
        // over twenty 5 MB images without this.
        mallopt(M_MMAP_THRESHOLD, 256 * 1024)
        // A closed stderr (`herobridge agent 2>&1 | head`) must cost log lines, never the agent: without this the
        // next line written kills it with SIGPIPE, and the copy in hand with it.
        signal(SIGPIPE, SIG_IGN)
        let log = AgentLog(threshold: options.logLevel, environment: environment)
        let connection: XConnection
        do {
            connection = try XConnection.open(displayName: options.display, environment: environment)
            try connection.enableXFixes()
        } catch {
            log.error("\(error)")
            return 1
        }
        let loop = EventLoop(connection: connection)
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
        // From here on the favorites are the worker's alone: the X thread only speaks X.
        let worker = IngestWorker(favorites: favorites, mailbox: LoopMailbox(loop: loop))
        var drop: DropAgent?
        var tray: TrayAgent?
        var trayState = "no tray icon"
        let clipboard = ClipboardAgent(connection: connection, loop: loop, worker: worker, options: options,
                                       log: log, watchWindow: manager.window,
                                       isOwnWindow: { $0 == manager.window || drop?.windows.contains($0) == true
                                           || tray?.windows.contains($0) == true })
        worker.onDrained = { [unowned clipboard] in clipboard.workerDrained() }
        if options.window {
            drop = DropAgent(connection: connection, loop: loop, worker: worker, options: options, log: log)
            clipboard.onReport = { drop?.show(report: $0) }
        }
        if options.tray, let drop {
            let icon = TrayAgent(connection: connection, drop: drop,
                                 catalog: CatalogLauncher(database: options.database, display: connection.name,
                                                          environment: environment),
                                 log: log)
            icon.onQuit = { loop.stop(status: 0) }
            // A paused flag for the icon's look only, until the agent has a real pause: the clipboard and drops
            // are still read while it shows paused.
            icon.onTogglePause = { [unowned icon] in
                icon.isPaused.toggle()
                log.info("tray: \(icon.isPaused ? "paused" : "resumed") (the look only: the agent has no pause yet)")
            }
            trayState = icon.start()
            tray = icon
        }
        if let problem = connection.sync() { log.warning("set-up: \(problem)") }

        log.info("ready: display \(connection.name), watching \(options.selections.joined(separator: " and ")), "
                 + (drop.map { "drop window 0x\(String($0.view.window, radix: 16)), " } ?? "no window, ") + "\(trayState), "
                 + "database \(options.database)")
        SystemdNotifier.notify("READY=1", environment: environment)

        let exit = loop.run { event in
            if let managerEvent = manager.handle(event) {
                switch managerEvent {
                case .replaced:
                    log.notice("another agent took over display \(connection.name); exiting")
                    loop.stop(status: 0)
                case .show:
                    if let drop { drop.view.show() } else { log.info("show: this agent runs with --no-window") }
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
