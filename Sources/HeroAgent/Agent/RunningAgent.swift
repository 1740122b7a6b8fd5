#if canImport(Glibc)
import Glibc
#endif
import HeroBase
import X11Bridge

/// The built agent: hands each X event to the part it belongs to, and ends the way the loop ended (a signal or a
/// stop: the read in flight abandoned and the ingest in hand given half a second; the display lost: at once).
final class RunningAgent {
    private let connection: XConnection
    private let loop: EventLoop
    private let log: AgentLog
    private let environment: [String: String]
    private let manager: ManagerSelection
    private let control: ControlDesk
    /// Kept for the agent's life: it applies edits of the config file.
    private let config: ConfigWatcher?
    private let scale: DisplayScaleWatcher
    private let appearance: AppearanceWatcher?
    private let selections: SelectionSide
    private let drop: DropAgent?
    private let tray: TrayAgent?
    private let worker: IngestWorker
    private let notifier: DesktopNotifier?
    private let database: String

    init(connection: XConnection, loop: EventLoop, log: AgentLog, environment: [String: String], manager: ManagerSelection,
         control: ControlDesk, config: ConfigWatcher?, scale: DisplayScaleWatcher, appearance: AppearanceWatcher?, selections: SelectionSide, drop: DropAgent?, tray: TrayAgent?,
         worker: IngestWorker, notifier: DesktopNotifier?, database: String) {
        self.connection = connection
        self.loop = loop
        self.log = log
        self.environment = environment
        self.manager = manager
        self.control = control
        self.config = config
        self.scale = scale
        self.appearance = appearance
        self.selections = selections
        self.drop = drop
        self.tray = tray
        self.worker = worker
        self.notifier = notifier
        self.database = database
    }

    /// Docks the tray icon, says it is ready (the log and systemd), runs the loop, and returns the exit status.
    func run() -> Int32 {
        let trayState = tray?.start() ?? "no tray icon"
        if let problem = connection.sync() { log.warning("set-up: \(problem)") }
        log.info("ready: display \(connection.name), watching \(selections.watching) over \(selections.path), "
                 + (drop.map { "drop window 0x\(String($0.view.window, radix: 16)), " } ?? "no window, ") + "\(trayState), "
                 + "database \(database)" + (notifier == nil ? "" : ", desktop notifications on"))
        SystemdNotifier.notify("READY=1", environment: environment)
        return finish(loop.run { [self] event in dispatch(event) })
    }

    private func dispatch(_ event: X11Event) {
        if scale.handle(event) { return }
        if appearance?.handle(event) == true { return }
        if let managerEvent = manager.handle(event) {
            switch managerEvent {
            case .replaced:
                log.notice("another agent took over display \(connection.name); exiting")
                loop.stop(status: ExitStatus.success.rawValue)
            case let .show(startup):
                if let drop {
                    drop.view.show(startup: startup)
                } else {
                    log.info("show: this agent runs with --no-window")
                    // No window will map: the launch that asked ends now.
                    if let startup { connection.sendStartupRemove(startup, about: manager.window) }
                }
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
        // Only the X11 side reads X events; the Wayland side is fed by its own connection.
        if let x11 = selections as? ClipboardAgent, x11.handle(event) { return }
        _ = drop?.handle(event)
    }

    private func finish(_ exit: EventLoop.Exit) -> Int32 {
        switch exit {
        case let .signal(number):
            SystemdNotifier.notify("STOPPING=1", environment: environment)
            log.info("stopping on \(Self.signalName(number))")
            stopReading()
            return ExitStatus.success.rawValue
        case let .stopped(status):
            SystemdNotifier.notify("STOPPING=1", environment: environment)
            stopReading()
            return status
        case .connectionLost:
            log.error("lost the connection to the X server on display \(connection.name); exiting")
            return ExitStatus.failure.rawValue
        }
    }

    /// Abandons the read in flight and lets the ingest in hand finish, for at most 0.5 s: SIGTERM must end the
    /// agent within a second, and closing the display and the process exit come after this wait.
    private func stopReading() {
        selections.stop()
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
