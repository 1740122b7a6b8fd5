import DropWindow
import X11Bridge

/// The scale of our windows on this display (`DisplayScale`), kept current: when Xft.dpi decides it, a change of
/// the root window's RESOURCE_MANAGER (xrdb -merge, a settings daemon) is followed while running. Every window
/// that draws at the scale (the drop window, the catalog window, a tray icon) reads `scale` when it is made and
/// registers with `onChange` for what comes later.
final class DisplayScaleWatcher {
    private(set) var scale: DisplayScale
    private let connection: XConnection
    private var choice: DisplayScale.Choice
    private let gdkScale: String?
    private let log: AgentLog
    /// Whether Xft.dpi decides (no `scale =`, no usable GDK_SCALE), and so RESOURCE_MANAGER is read and watched.
    private var followsDpi: Bool
    private var observers: [(DisplayScale) -> Void] = []

    init(connection: XConnection, choice: DisplayScale.Choice, environment: [String: String], log: AgentLog) {
        self.connection = connection
        self.choice = choice
        self.log = log
        gdkScale = environment["GDK_SCALE"]
        if let gdkScale, DisplayScale.parseGdkScale(gdkScale) == nil, choice == .auto {
            log.warning("scale: GDK_SCALE=\(gdkScale) is not a whole number from 1 up; ignored")
        }
        // Only when Xft.dpi is what decides is the root window watched: with a `scale =` or GDK_SCALE no change of
        // it matters, and the agent gets none of the root's property changes. Selected before the first read, so
        // a change between the two is not missed.
        followsDpi = choice == .auto && gdkScale.flatMap(DisplayScale.parseGdkScale) == nil
        if followsDpi { connection.selectRootEvents(.propertyChange) }
        scale = DisplayScale.one
        scale = resolve()
        if scale.factor != 1 { log.info("scale: \(scale.description) from \(scale.origin)") }
    }

    /// Calls `observer` with every new scale (only when the factor changes).
    func onChange(_ observer: @escaping (DisplayScale) -> Void) {
        observers.append(observer)
    }

    /// Takes a change of the resource database: true when `event` was one (whatever the new factor).
    func handle(_ event: X11Event) -> Bool {
        guard connection.isResourceManagerChange(event) else { return false }
        update()
        return true
    }

    /// The `scale` setting is `choice` now (the config file was edited): the scale is resolved again, and with
    /// `auto` (and no GDK_SCALE) Xft.dpi is followed from now on.
    func setChoice(_ choice: DisplayScale.Choice) {
        guard choice != self.choice else { return }
        self.choice = choice
        let follows = choice == .auto && gdkScale.flatMap(DisplayScale.parseGdkScale) == nil
        if follows && !followsDpi { connection.selectRootEvents(.propertyChange) }
        followsDpi = follows
        update()
    }

    private func update() {
        let new = resolve()
        guard new.factor != scale.factor else {
            scale = new
            return
        }
        log.info("scale: \(new.description) from \(new.origin), was \(scale.description)")
        scale = new
        for observer in observers { observer(new) }
    }

    private func resolve() -> DisplayScale {
        DisplayScale.resolve(choice: choice, gdkScale: gdkScale, resources: followsDpi ? resources() : nil)
    }

    /// The resource database's text; nil when there is none or it is not text (format 8). One so large that it
    /// was not read is a log line, and the scale goes on without it.
    private func resources() -> String? {
        switch connection.resourceManager() {
        case .missing: return nil
        case let .oversized(bytes):
            log.warning("scale: the resource database (RESOURCE_MANAGER) holds \(bytes) bytes, over the "
                        + "\(XConnection.maxResourceBytes) read; Xft.dpi is not known")
            return nil
        case let .value(value):
            return value.format == 8 ? String(decoding: value.bytes, as: UTF8.self) : nil
        }
    }
}
