import CX11

/// The desktop's XSETTINGS, read and followed (freedesktop XSETTINGS spec): the manager is whoever owns
/// `_XSETTINGS_S<screen>`, and its settings are the `_XSETTINGS_SETTINGS` property of that window. This watcher
/// selects PropertyChange and StructureNotify on the manager's window, so a change of the settings (PropertyNotify)
/// and the manager going away (DestroyNotify) come as events; a manager that starts later announces itself with a
/// MANAGER client message on the root window, which StructureNotify on the root brings. Nothing is polled: with no
/// manager running it costs a root-window event mask.
///
/// The property is the manager's, so its bytes are parsed as untrusted input (`Xsettings.parse`) and read only up
/// to `maxBytes`; a value that does not parse is a line for `log` and counts as no settings.
public final class XsettingsWatcher {
    private let connection: XConnection
    /// `_XSETTINGS_S<screen>`.
    public let selection: Atom
    private let property: Atom
    private let manager: Atom
    /// The manager's window being watched; 0 when none runs.
    public private(set) var owner: Window = 0
    /// The settings now: nil with no manager, or one whose value is missing, too large or malformed.
    public private(set) var settings: Xsettings?
    /// Called with the new settings whenever they may have changed (a new manager, a property change, the manager
    /// gone); the caller compares what it cares about.
    public var onChange: (Xsettings?) -> Void = { _ in }
    /// One line per value not used, for the log.
    private let log: (String) -> Void

    /// The most of the property read. A desktop's settings are a few hundred bytes.
    public static let maxBytes = 64 << 10

    /// Starts watching: the root's StructureNotify first, then the manager running now, so one that starts between
    /// the two is not missed. `settings` holds what it publishes; `log` gets one line per value not used.
    public init(connection: XConnection, log: @escaping (String) -> Void = { _ in }) {
        self.connection = connection
        self.log = log
        let atoms = connection.atoms(named: ["_XSETTINGS_S\(connection.screen)", "_XSETTINGS_SETTINGS", "MANAGER"])
        selection = atoms[0]
        property = atoms[1]
        manager = atoms[2]
        connection.selectRootEvents(.structure)
        follow(connection.owner(of: selection))
    }

    /// Feeds an event; true when it was the manager's announcement or a change of its settings. The destruction
    /// of the manager's window is acted on but not consumed: other parts may care about it too.
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        switch event.type {
        case DestroyNotify:
            guard owner != 0, !connection.isForged(event), event.xdestroywindow.window == owner else { return false }
            owner = 0
            settings = nil
            onChange(nil)
            return false
        case PropertyNotify:
            guard owner != 0, !connection.isForged(event), event.xproperty.window == owner,
                  event.xproperty.atom == property else { return false }
            settings = read()
            onChange(settings)
            return true
        default:
            guard let message = connection.clientMessage(event), message.window == connection.root,
                  message.type == manager, Atom(message.data[1]) == selection else { return false }
            // The message is a client's word; which window owns the selection is asked of the server.
            follow(connection.owner(of: selection))
            onChange(settings)
            return true
        }
    }

    /// Watches `window` (0: none) as the manager and reads its settings.
    private func follow(_ window: Window) {
        if owner != 0, owner != window {
            connection.removeEventMask(PropertyChangeMask, from: owner)
        }
        owner = window
        // Selected before the read, so a change between the two comes as an event; a window gone meanwhile is no
        // manager.
        guard window != 0, connection.addEventMask(PropertyChangeMask | StructureNotifyMask, to: window) != nil else {
            owner = 0
            settings = nil
            return
        }
        settings = read()
    }

    private func read() -> Xsettings? {
        switch connection.readProperty(window: owner, property: property, delete: false, maxBytes: Self.maxBytes) {
        case .missing:
            return nil
        case let .oversized(bytes):
            log("the XSETTINGS manager's settings hold \(bytes) bytes, over the \(Self.maxBytes) read; not used")
            return nil
        case let .value(value):
            do {
                return try Xsettings.parse(value.bytes)
            } catch {
                log("\(error); not used")
                return nil
            }
        }
    }
}
