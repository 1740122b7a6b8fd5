import CX11

/// Docks the tray icon into the screen's system tray (freedesktop System Tray protocol over XEmbed) and again
/// into every tray that starts later: performs `TrayDockMachine`'s actions. The icon's window is its owner's
/// (`prepareIcon` makes or remakes it to suit the tray's visual); this class sets its `_XEMBED_INFO` and sends
/// the dock request. With no tray running it costs nothing but a root-window event mask.
public final class TrayDock {
    private let connection: XConnection
    private var machine = TrayDockMachine()
    /// `_NET_SYSTEM_TRAY_S<screen>`.
    public let selection: Atom
    private let manager: Atom
    private let opcode: Atom
    private let visualProperty: Atom
    private let xembedInfo: Atom
    /// Makes sure the icon window suits a tray that announced `visualID` (nil: none) and returns it.
    private let prepareIcon: (_ visualID: UInt?) -> Window
    /// The tray went away: hide the icon.
    private let onHide: () -> Void
    /// One line per event not acted on, for the log.
    public var log: (String) -> Void = { _ in }
    /// Told each time a dock request is sent, with the tray's window.
    public var onDocked: (Window) -> Void = { _ in }
    /// The icon window last docked.
    private var icon: Window = 0

    /// XEmbed protocol version 0; flag XEMBED_MAPPED asks the tray to map the icon once it is embedded.
    static let xembedVersion: UInt = 0
    static let xembedMapped: UInt = 1
    /// SYSTEM_TRAY_REQUEST_DOCK, the opcode in `l[1]` of `_NET_SYSTEM_TRAY_OPCODE`.
    static let requestDock = 0

    public init(connection: XConnection, prepareIcon: @escaping (_ visualID: UInt?) -> Window, onHide: @escaping () -> Void) {
        self.connection = connection
        self.prepareIcon = prepareIcon
        self.onHide = onHide
        selection = connection.atom("_NET_SYSTEM_TRAY_S\(connection.screen)")
        manager = connection.atom("MANAGER")
        opcode = connection.atom("_NET_SYSTEM_TRAY_OPCODE")
        visualProperty = connection.atom("_NET_SYSTEM_TRAY_VISUAL")
        xembedInfo = connection.atom("_XEMBED_INFO")
        // A tray that starts later announces itself with MANAGER, sent to the root window with StructureNotify.
        connection.addEventMask(StructureNotifyMask, to: connection.root)
    }

    /// Docks into the tray running now, if any; later trays are handled as their MANAGER messages arrive.
    public func start() {
        perform(machine.started(owner: UInt(connection.owner(of: selection))))
    }

    public var isDocked: Bool { machine.state != .waiting }

    /// Feeds an event; true when it was a MANAGER message for the tray selection. The destruction of the tray's
    /// window (or of our icon with it) is acted on but not consumed: other parts may care about it too.
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        if event.type == DestroyNotify {
            guard !connection.isForged(event) else { return false }
            let gone = UInt(event.xdestroywindow.window)
            if gone == UInt(icon) {
                icon = 0
                perform(machine.iconDestroyed())
            } else {
                perform(machine.destroyed(window: gone))
            }
            return false
        }
        guard let message = connection.clientMessage(event), message.window == connection.root, message.type == manager,
              Atom(message.data[1]) == selection else { return false }
        // The message is a client's word; which window owns the tray selection is asked of the server.
        perform(machine.managerAnnounced(owner: UInt(connection.owner(of: selection))))
        return true
    }

    private func perform(_ actions: [TrayDockMachine.Action]) {
        for action in actions {
            switch action {
            case let .watch(manager):
                if connection.addEventMask(StructureNotifyMask, to: Window(manager)) == nil {
                    // Gone between the owner query and now: the destruction will never be reported.
                    perform(machine.destroyed(window: manager))
                    return
                }
            case let .dock(manager):
                icon = prepareIcon(visual(of: Window(manager)))
                connection.setProperty32(window: icon, property: xembedInfo, type: xembedInfo,
                                         values: [Self.xembedVersion, Self.xembedMapped])
                // The spec's l[0] is a timestamp; CurrentTime, as GTK's and Qt's tray icons send, which no tray checks.
                connection.sendClientMessage(to: Window(manager), type: opcode,
                                             data: [Int(CurrentTime), Self.requestDock, Int(icon)], about: Window(manager))
                if let problem = connection.sync() { log("dock request to 0x\(String(manager, radix: 16)): \(problem)") }
                onDocked(Window(manager))
            case .hide:
                onHide()
            case let .ignored(line):
                log(line)
            }
        }
        connection.flush()
    }

    /// The visual a tray announces for its icons (`_NET_SYSTEM_TRAY_VISUAL`, one VISUALID), if any.
    private func visual(of manager: Window) -> UInt? {
        guard let value = connection.readSmallProperty(window: manager, property: visualProperty, maxBytes: 64),
              value.format == 32, let id = value.items32.first, id != 0 else { return nil }
        return UInt(id)
    }
}
