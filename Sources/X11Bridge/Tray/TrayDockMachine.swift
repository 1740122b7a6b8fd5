/// When the tray icon docks, as a value with no X11 in it (`TrayDock` performs its actions). The freedesktop
/// System Tray protocol: the tray is whoever owns `_NET_SYSTEM_TRAY_S<screen>`. With no owner the icon waits for
/// the MANAGER message a new tray broadcasts on the root window; with one, it watches that window (its
/// DestroyNotify is the tray going away) and sends the dock request. A tray that goes away leaves the icon
/// waiting again, and the next tray to start gets the same icon docked.
public struct TrayDockMachine: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// No tray: waiting for a MANAGER broadcast.
        case waiting
        /// The dock request went to this manager window.
        case docked(manager: UInt)
    }

    public enum Action: Equatable, Sendable {
        /// Select StructureNotify on the manager's window, to learn of its destruction.
        case watch(manager: UInt)
        /// Make the icon window fit this tray (its visual) and send it the dock request.
        case dock(manager: UInt)
        /// The tray is gone: hide the icon, which the server put back on the root window (the tray's save-set)
        /// and mapped there.
        case hide
        /// Nothing done: the line to log.
        case ignored(String)
    }

    public private(set) var state: State = .waiting

    public init() {}

    /// The agent starts: `owner` is the selection's owner now (0: no tray runs).
    public mutating func started(owner: UInt) -> [Action] {
        owner == 0 ? [] : dock(into: owner)
    }

    /// A MANAGER broadcast for the tray selection; `owner` is what the server says owns the selection now (the
    /// message itself is a client's word, so the window it names is not used).
    public mutating func managerAnnounced(owner: UInt) -> [Action] {
        guard owner != 0 else { return [.ignored("a MANAGER message for the tray selection, which nobody owns")] }
        if case let .docked(manager) = state, manager == owner { return [] }
        return dock(into: owner)
    }

    /// A window was destroyed (the server says so, not a client): when it is the tray's, the icon waits again.
    public mutating func destroyed(window: UInt) -> [Action] {
        guard case let .docked(manager) = state, manager == window else { return [] }
        state = .waiting
        return [.hide]
    }

    /// The icon window itself was destroyed with the tray (a tray that does not keep its icons in its save-set):
    /// a new window is made, and docked again when a tray is still there.
    public mutating func iconDestroyed() -> [Action] {
        guard case let .docked(manager) = state else { return [] }
        return [.dock(manager: manager)]
    }

    private mutating func dock(into manager: UInt) -> [Action] {
        state = .docked(manager: manager)
        return [.watch(manager: manager), .dock(manager: manager)]
    }
}
