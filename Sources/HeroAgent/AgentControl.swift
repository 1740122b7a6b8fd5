import FoundationEssentials
import X11Bridge

/// Talking to a running agent over X, not through files.
public enum AgentControl {
    /// How long `pause`, `resume` and `status` wait for the agent's answer. The answer waits for the worker (it
    /// reads the favorites count), which may be busy with a large transfer for a few seconds.
    public static let answerTimeout = 5.0

    /// Sends `_HEROBRIDGE_SHOW` to the owner of `HEROBRIDGE_S<screen>`; false when no agent runs on the display.
    /// A launch's `DESKTOP_STARTUP_ID` in `environment` goes along, and the agent ends that launch when its window
    /// is up (docs/X11.md §14.4); an agent that does not take it within `answerTimeout` (an older one) leaves the
    /// ending to this command, so the launcher's busy cursor stops either way.
    public static func show(display: String?, environment: [String: String]) throws -> Bool {
        let connection = try XConnection.open(displayName: display, environment: environment)
        let startup = StartupNotification(environment: environment)
        switch ManagerSelection.requestShow(connection: connection, startup: startup, seconds: answerTimeout) {
        case .noAgent: return false
        case .asked: return true
        case .startupNotTaken:
            if let startup { endLaunch(startup, on: connection) }
            return true
        }
    }

    /// Ends the launch in `environment` (its "remove" message), when there is one: for a `herobridge show` that
    /// started the service instead, whose agent runs with the service manager's environment, not the launch's.
    public static func endLaunch(display: String?, environment: [String: String]) throws {
        guard let startup = StartupNotification(environment: environment) else { return }
        endLaunch(startup, on: try XConnection.open(displayName: display, environment: environment))
    }

    /// The "remove" message from a window of this command's, made for it and destroyed after (as GTK does).
    private static func endLaunch(_ startup: StartupNotification, on connection: XConnection) {
        let window = connection.createHelperWindow()
        connection.sendStartupRemove(startup, about: window)
        connection.destroyWindow(window)
        _ = connection.sync()
    }

    /// Asks the agent on the display to pause (`seconds`, 0 for until resumed), resume, or only say how it is
    /// (`ControlExchange`); its status after the change.
    public static func request(_ verb: ControlRequest.Verb, seconds: Int = 0, display: String?,
                               environment: [String: String]) throws(ControlFailure) -> AgentStatus {
        let connection: XConnection
        do { connection = try XConnection.open(displayName: display, environment: environment) } catch { throw .display(error) }
        let token = UInt32.random(in: 1...UInt32.max)
        return try ControlExchange.ask(connection: connection, verb: verb, seconds: UInt32(clamping: seconds), token: token,
                                       timeout: answerTimeout) { bytes in
            AgentStatus.decode(bytes).flatMap { $0.token == token ? $0 : nil }
        }
    }
}
