import DropWindow
import X11Bridge

/// The look of our windows on this desktop (`Appearance`), kept current. With `theme = auto` it follows the
/// freedesktop appearance portal's `color-scheme` (`PortalColorScheme`, on a thread of its own that blocks on the
/// session bus) and the XSETTINGS manager's theme (`XsettingsWatcher`, on the X thread: PropertyNotify on the
/// manager's window, MANAGER on the root); with `light` or `dark` it watches nothing, until an edit of the config
/// file sets `theme = auto` (`setChoice`). Every window that draws in the
/// look (the drop window, the catalog window, the tray menu) reads `appearance` when it is made and registers with
/// `onChange` for what comes later. Nothing is polled: an idle desktop costs no wakeup.
final class AppearanceWatcher {
    private(set) var appearance: Appearance
    private var choice: Appearance.Choice
    private let connection: XConnection
    private let environment: [String: String]
    private let log: AgentLog
    private var xsettings: XsettingsWatcher?
    private var portal: PortalColorScheme?
    /// Where the portal's answers are posted; kept for the watcher's life, since the loop watches its descriptor.
    private let mailbox: LoopMailbox
    /// The portal's last word: nil until it answers, and when no portal runs (or the bus went away).
    private var portalScheme: Appearance.PortalScheme?
    private var observers: [(Appearance) -> Void] = []

    /// The portal's answers come back through `mailbox`, to be applied on the loop's thread.
    init(connection: XConnection, mailbox: LoopMailbox, choice: Appearance.Choice, environment: [String: String], log: AgentLog) {
        self.choice = choice
        self.connection = connection
        self.environment = environment
        self.log = log
        self.mailbox = mailbox
        appearance = .light
        if choice == .auto { followDesktop() }
        appearance = resolve()
        if appearance.look == .dark { log.info("theme: dark from \(appearance.origin)") }
    }

    /// The `theme` setting is `choice` now (the config file was edited): the look is resolved again, and with
    /// `auto` the desktop is followed from now on. Once followed it stays watched, at no cost while nothing changes,
    /// and counts again whenever `theme = auto` comes back.
    func setChoice(_ choice: Appearance.Choice) {
        guard choice != self.choice else { return }
        self.choice = choice
        if choice == .auto { followDesktop() }
        update()
    }

    /// Starts watching the XSETTINGS manager and the appearance portal, once.
    private func followDesktop() {
        guard xsettings == nil else { return }
        let log = log
        let xsettings = XsettingsWatcher(connection: connection, log: { log.warning("theme: \($0)") })
        self.xsettings = xsettings
        xsettings.onChange = { [unowned self] _ in update() }
        portal = PortalColorScheme(environment: environment, log: log) { [weak self, mailbox] scheme in
            mailbox.post { self?.portalAnswered(scheme) }
        }
    }

    /// Calls `observer` with every new appearance (only when the look changes).
    func onChange(_ observer: @escaping (Appearance) -> Void) {
        observers.append(observer)
    }

    /// Takes the XSETTINGS manager's events: true when `event` was one of them.
    func handle(_ event: X11Event) -> Bool {
        xsettings?.handle(event) ?? false
    }

    private func portalAnswered(_ scheme: Appearance.PortalScheme?) {
        portalScheme = scheme
        update()
    }

    private func update() {
        let new = resolve()
        guard new.look != appearance.look else {
            appearance = new
            return
        }
        log.info("theme: \(new.look.rawValue) from \(new.origin), was \(appearance.look.rawValue)")
        appearance = new
        for observer in observers { observer(new) }
    }

    private func resolve() -> Appearance {
        Appearance.resolve(choice: choice, portal: portalScheme, xsettings: xsettings?.settings)
    }
}
