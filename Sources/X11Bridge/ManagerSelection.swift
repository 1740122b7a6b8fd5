import CX11
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One agent per display, by the ICCCM manager-selection convention: the agent owns `HEROBRIDGE_S<screen>`.
/// A second agent finds it owned and stops; with `replace` it takes the selection over, the old agent gets
/// SelectionClear and exits, and the new one announces itself with a MANAGER message on the root window.
public final class ManagerSelection {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case alreadyRunning(display: String, owner: Window)
        case cannotAcquire(display: String)
        /// Taking the selection needs a server timestamp, and the server did not give one.
        case server(X11Error)

        public var description: String {
            switch self {
            case let .alreadyRunning(display, owner):
                return "an agent is already running on display \(display) (window 0x\(String(owner, radix: 16))); "
                    + "use --replace to take over"
            case let .cannotAcquire(display):
                return "could not take the HeroBridge manager selection on display \(display)"
            case let .server(error):
                return "could not take the HeroBridge manager selection: \(error)"
            }
        }
    }

    public let atom: Atom
    /// The agent's own unmapped window; it owns the manager selection and receives `herobridge show` messages.
    public let window: Window
    public let acquiredAt: Time
    private let connection: XConnection

    public static func selectionName(screen: Int32) -> String { "HEROBRIDGE_S\(screen)" }

    /// The ClientMessage type `herobridge show` sends to the manager window.
    public static let showMessage = "_HEROBRIDGE_SHOW"
    /// The property on `herobridge show`'s own window that holds the launch's `DESKTOP_STARTUP_ID` for the agent,
    /// which reads and deletes it (docs/X11.md §14.4).
    public static let startupIDProperty = "_HEROBRIDGE_STARTUP_ID"

    /// What became of a show request.
    public enum ShowOutcome: Equatable {
        /// No agent runs on the display.
        case noAgent
        /// The agent was asked (and took the launch's id, when there was one).
        case asked
        /// The agent was asked, but did not take the launch's id within the time given: an agent older than the
        /// id's passing, or a hung one. Whoever asked ends the launch itself.
        case startupNotTaken
    }

    /// Asks the agent running on `connection`'s display to show its window. With `startup` (the launch that ran
    /// `herobridge show`), the id goes along so the agent ends the launch when its window is up: the id is
    /// written to `startupIDProperty` on a window of ours, which the message names, and the agent deletes it once
    /// read; that deletion (a PropertyNotify only the server makes) is waited for, at most `seconds`, since the
    /// window and its property go with this process.
    public static func requestShow(connection: XConnection, startup: StartupNotification? = nil,
                                   seconds: Double = 5) -> ShowOutcome {
        let owner = connection.owner(of: connection.atom(selectionName(screen: connection.screen)))
        guard owner != 0 else { return .noAgent }
        guard let startup else {
            connection.sendClientMessage(to: owner, type: connection.atom(showMessage), data: [])
            return connection.sync() == nil ? .asked : .noAgent
        }
        let property = connection.atom(startupIDProperty)
        // The property is written before PropertyChange is selected, so the one PropertyNotify seen is the agent's
        // deletion.
        let window = connection.createWindow(x: -10, y: -10, width: 1, height: 1, background: 0, eventMask: [])
        defer { connection.destroyWindow(window); _ = connection.sync() }
        connection.setProperty8(window: window, property: property, type: connection.atom("UTF8_STRING"),
                                bytes: Data(startup.id.utf8))
        connection.addEventMask(PropertyChangeMask, to: window)
        connection.sendClientMessage(to: owner, type: connection.atom(showMessage), data: [Int(window)])
        guard connection.sync() == nil else { return .noAgent }
        let deleted = connection.waitForEvent(EventKey(window: window, type: PropertyNotify, atom: property), seconds: seconds)
        return deleted?.xproperty.state == PropertyDelete ? .asked : .startupNotTaken
    }

    public init(connection: XConnection, replace: Bool) throws(Failure) {
        self.connection = connection
        atom = connection.atom(Self.selectionName(screen: connection.screen))
        let previous = connection.owner(of: atom)
        if previous != 0 && !replace { throw .alreadyRunning(display: connection.name, owner: previous) }
        window = connection.createHelperWindow()
        // The previous agent's window is another client's: this sets only our own mask there.
        if previous != 0 { connection.addEventMask(StructureNotifyMask, to: previous) }
        do {
            acquiredAt = try connection.serverTime(window: window)
        } catch {
            connection.destroyWindow(window)
            throw .server(error)
        }
        guard connection.acquire(selection: atom, window: window, time: acquiredAt) else {
            connection.destroyWindow(window)
            throw .cannotAcquire(display: connection.name)
        }
        if previous != 0 { waitForDestruction(of: previous, seconds: 3) }
        connection.sendClientMessage(to: connection.root, type: connection.atom("MANAGER"),
                                     data: [Int(acquiredAt), Int(atom), Int(window)], mask: StructureNotifyMask,
                                     about: connection.root)
        _ = connection.sync()
    }

    /// What a manager-selection event means for the agent.
    public enum Event {
        /// Another agent took over: stop.
        case replaced
        /// `herobridge show` asked for the window, for the launch `startup` when it named one.
        case show(startup: StartupNotification?)
        /// `herobridge pause | resume | status` (`ControlRequest`): answer with `ControlExchange.answer`.
        case control(ControlRequest)
        /// Handled (a request refused); nothing for the agent to do.
        case handled
        /// A forged event was not believed: the line to log.
        case ignored(String)
    }

    /// Feeds an event; nil when it was not about the manager selection.
    public func handle(_ typed: X11Event) -> Event? {
        let event = typed.raw
        switch event.type {
        case SelectionClear where event.xselectionclear.selection == atom && event.xselectionclear.window == window:
            // A client's copy would make the agent exit as if replaced.
            if connection.isForged(event) { return .ignored(connection.describeForged(event)) }
            return event.xselectionclear.time != 0 && event.xselectionclear.time < acquiredAt ? .handled : .replaced
        case ClientMessage:
            guard let message = connection.clientMessage(event), message.window == window else { return nil }
            if message.type == connection.atom(Self.showMessage) { return showRequest(naming: Window(message.data[0])) }
            guard message.type == connection.atom(ControlRequest.messageType) else { return nil }
            guard let request = ControlRequest(data: message.data) else {
                return .ignored("ignored a control request this agent does not know (verb \(message.data[0]))")
            }
            return .control(request)
        case SelectionRequest where event.xselectionrequest.selection == atom:
            // The manager selection carries no data; every conversion is refused.
            connection.replyToSelectionRequest(event.xselectionrequest, property: 0)
            return .handled
        default:
            return nil
        }
    }

    /// A show request; `window` (0: none) is the asking command's, holding the launch's id, read and deleted here.
    /// The window is another client's word: the root or one of ours is not read, let alone deleted from (a
    /// property there is the desktop's or ours, not a launch's); that, or one that is gone or holds no usable id,
    /// is a show without a launch.
    private func showRequest(naming window: Window) -> Event {
        guard window != 0, !connection.rootWindows.contains(window), !connection.isOwnWindow(window) else {
            return .show(startup: nil)
        }
        let read = connection.readProperty(window: window, property: connection.atom(Self.startupIDProperty), delete: true,
                                           maxBytes: StartupNotification.maxIDBytes)
        guard case let .value(value) = read, value.format == 8, let id = String(validating: value.bytes, as: UTF8.self) else {
            return .show(startup: nil)
        }
        return .show(startup: StartupNotification(id: id))
    }

    /// ICCCM: the new manager waits for the old owner's window to go before it starts managing (at most
    /// `seconds`, and not at all once the connection is gone).
    private func waitForDestruction(of previous: Window, seconds: Double) {
        _ = connection.waitForEvent(EventKey(window: previous, type: DestroyNotify), seconds: seconds)
    }
}
