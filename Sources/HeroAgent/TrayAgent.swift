import DropWindow
import HeroTransfer
import X11Bridge

/// The tray icon's side of the agent: the icon (`TrayIconView`), its docking into the system tray (`TrayDock`),
/// its menu (`TrayMenuView`), and an XDND target on the icon whose drops are read like the drop window's
/// (`DropAgent.read`). A left click shows or hides the drop window; a right click opens the menu. Pause and
/// Quit are the agent's: they go out through `onTogglePause` and `onQuit`.
final class TrayAgent {
    let icon: TrayIconView
    private let menu: TrayMenuView
    private let dock: TrayDock
    private let dropTarget: TrayIconTarget
    private let connection: XConnection
    private let drop: DropAgent
    private let catalog: CatalogLauncher
    private let log: AgentLog
    /// Called when the menu's Pause/Resume is chosen; the agent pauses or resumes and sets `isPaused`.
    var onTogglePause: (() -> Void)?
    /// Called when the menu's Quit is chosen: the agent stops as it does on SIGTERM.
    var onQuit: (() -> Void)?

    /// Whether the icon draws its paused look (and the menu offers Resume).
    var isPaused: Bool {
        get { icon.isPaused }
        set { icon.isPaused = newValue }
    }

    /// The menu follows the display's scale (HiDPI), and the icon asks the tray for that many more pixels (it is
    /// then drawn at whatever size the tray gives it).
    init(connection: XConnection, drop: DropAgent, catalog: CatalogLauncher, scale: DisplayScaleWatcher,
         appearance: AppearanceWatcher, log: AgentLog) {
        self.connection = connection
        self.drop = drop
        self.catalog = catalog
        self.log = log
        icon = TrayIconView(connection: connection, scale: scale.scale)
        menu = TrayMenuView(connection: connection, scale: scale.scale, palette: appearance.appearance.palette)
        let (icon, menu) = (icon, menu)
        let dropTarget = TrayIconTarget(connection: connection, drop: drop, icon: icon, log: log)
        self.dropTarget = dropTarget
        // The icon window for a tray announcing a visual, with an XDND target of its own whenever it is new.
        dock = TrayDock(connection: connection,
                        prepareIcon: { visualID in
                            let window = icon.prepare(visualID: visualID).window
                            dropTarget.follow(window)
                            return window
                        },
                        onHide: {
                            log.info("tray: the system tray went away; the icon waits for the next one")
                            menu.close(time: XConnection.currentTime)
                            icon.hide()
                        })
        dock.log = { log.warning("tray: \($0)") }
        icon.onLeftClick = { [unowned self] in
            if drop.view.isShown { drop.view.hide() } else { drop.view.show(near: iconMiddle()) }
        }
        icon.onRightClick = { [unowned self] rect, time in
            if !menu.open(by: rect, time: time, paused: isPaused) {
                log.warning("tray: the menu could not grab the pointer and keyboard (another program holds them)")
            }
        }
        menu.onChoose = { [unowned self] item in choose(item) }
        scale.onChange { [menu, icon] in
            menu.scale = $0
            icon.scale = $0
        }
        // The menu takes the windows' look; the icon keeps its own, drawn on the tray's background.
        appearance.onChange { [menu] in menu.palette = $0.palette }
    }

    /// Docks into the tray running now; with none, waits for one to start. Returns what the ready line says of
    /// it (the agent's first line is its ready line); each later docking is a line of its own.
    func start() -> String {
        dock.start()
        dock.onDocked = { [log] manager in log.info("tray: docked into the system tray (window 0x\(String(manager, radix: 16)))") }
        return dock.isDocked ? "tray icon docked" : "no system tray yet"
    }

    /// The icon's windows and the menu's: ours, whose selections are never read.
    var windows: Set<Window> { Set([menu.window] + (icon.window.map { [$0] } ?? [])) }

    func handle(_ event: X11Event) -> Bool {
        // The icon forgets a destroyed window before the dock makes a new one for the same DestroyNotify.
        if menu.handle(event) || icon.handle(event) || dock.handle(event) { return true }
        return dropTarget.target?.handle(event) ?? false
    }

    /// The middle of the icon on the root window (one round trip), where the drop window is shown from the tray:
    /// on the icon's monitor. Nil without an icon (the pointer's monitor then).
    private func iconMiddle() -> (x: Int, y: Int)? {
        guard let window = icon.window, let inIcon = connection.translate(rootX: 0, rootY: 0, to: window) else { return nil }
        return (icon.requestedSize / 2 - inIcon.x, icon.requestedSize / 2 - inIcon.y)
    }

    /// The monitor that holds the icon's middle, where the catalog window opens from the tray; nil on a screen of
    /// one monitor (the catalog window then opens where it would from a terminal) or without an icon.
    private func iconMonitor() -> Monitor? {
        let monitors = connection.monitors()
        guard monitors.count > 1, let middle = iconMiddle() else { return nil }
        return MonitorLayout(monitors).monitor(at: middle.x, middle.y)
    }

    private func choose(_ item: TrayMenu.Item) {
        switch item {
        case .showWindow: drop.view.show(near: iconMiddle())
        case .catalog:
            if let problem = catalog.open(on: iconMonitor()) {
                log.warning("tray: \(problem)")
            } else {
                log.info("tray: opened the catalog window")
            }
        case .pause: onTogglePause?()
        case .quit:
            log.info("tray: Quit chosen")
            onQuit?()
        }
    }
}
