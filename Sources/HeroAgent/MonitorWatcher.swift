import DropWindow
import X11Bridge

/// The screen's monitors (`MonitorLayout`), kept current while running: a RandR change or a ConfigureNotify of the
/// root window (`XConnection.watchMonitors`; `xrandr --setmonitor` makes only the latter) has them read again, and
/// a layout that differs from the last is logged and handed to every observer with the one before it, so that a
/// window the change left off screen goes back onto a monitor. Only those events wake it: no polling, no timer.
final class MonitorWatcher {
    private(set) var layout: MonitorLayout
    private let connection: XConnection
    private let log: AgentLog
    private var observers: [(_ new: MonitorLayout, _ previous: MonitorLayout) -> Void] = []

    init(connection: XConnection, log: AgentLog) {
        self.connection = connection
        self.log = log
        // Selected before the first read, so a change between the two is not missed.
        connection.watchMonitors()
        layout = MonitorLayout(connection.monitors())
        if layout.monitors.count > 1 { log.info("monitors: \(layout.description)") }
    }

    /// Calls `observer` with every new layout and the one it replaces.
    func onChange(_ observer: @escaping (_ new: MonitorLayout, _ previous: MonitorLayout) -> Void) {
        observers.append(observer)
    }

    /// Takes a change that may have changed the monitors: true when `event` was one (whether they changed or not).
    func handle(_ event: X11Event) -> Bool {
        guard connection.isMonitorChange(event) else { return false }
        let new = MonitorLayout(connection.monitors())
        guard new != layout else { return true }
        log.info("monitors: \(new.description) (were \(layout.description))")
        let previous = layout
        layout = new
        for observer in observers { observer(new, previous) }
        return true
    }
}
