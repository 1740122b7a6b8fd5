import CX11
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

    /// Asks the agent running on `connection`'s display to show its window; false when no agent runs there.
    public static func requestShow(connection: XConnection) -> Bool {
        let owner = connection.owner(of: connection.atom(selectionName(screen: connection.screen)))
        guard owner != 0 else { return false }
        connection.sendClientMessage(to: owner, type: connection.atom(showMessage), data: [])
        return connection.sync() == nil
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
        /// `herobridge show` asked for the window.
        case show
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
            if message.type == connection.atom(Self.showMessage) { return .show }
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

    /// ICCCM: the new manager waits for the old owner's window to go before it starts managing (at most
    /// `seconds`, and not at all once the connection is gone).
    private func waitForDestruction(of previous: Window, seconds: Double) {
        _ = connection.waitForEvent(EventKey(window: previous, type: DestroyNotify), seconds: seconds)
    }
}
