import DropWindow
import HeroTransfer
import X11Bridge

/// The XDND target on the tray icon: made again whenever a tray asks for a new icon window, its drops read like
/// the drop window's (`DropAgent.read`, with no row to land on), its hover shown on the icon.
final class TrayIconTarget {
    private let connection: XConnection
    private let drop: DropAgent
    private let icon: TrayIconView
    private let log: AgentLog
    private(set) var target: XdndTarget?

    init(connection: XConnection, drop: DropAgent, icon: TrayIconView, log: AgentLog) {
        self.connection = connection
        self.drop = drop
        self.icon = icon
        self.log = log
    }

    /// The target for `window`, made when the window is new.
    func follow(_ window: UInt) {
        guard target?.window != window else { return }
        let registry = MIMERegistry.standard
        let target = XdndTarget(connection: connection, window: window, accepts: { !registry.choose(offered: $0).isEmpty })
        target.onHover = { [icon] point, acceptable, _ in icon.hover(point != nil && acceptable) }
        target.onDrop = { [drop] drag, time, completion in drop.read(drag, time: time, onto: nil, completion: completion) }
        target.onCancel = { [drop] in drop.cancelRead() }
        target.log = { [log] in log.warning("tray drop: \($0)") }
        self.target = target
    }
}
