import FoundationEssentials
import X11Bridge

/// Talking to a running agent over X, not through files.
public enum AgentControl {
    /// How long `pause`, `resume` and `status` wait for the agent's answer. The answer waits for the worker (it
    /// reads the favorites count), which may be busy with a large transfer for a few seconds.
    public static let answerTimeout = 5.0

    /// Sends `_HEROBRIDGE_SHOW` to the owner of `HEROBRIDGE_S<screen>`; false when no agent runs on the display.
    public static func show(display: String?, environment: [String: String]) throws -> Bool {
        let connection = try XConnection.open(displayName: display, environment: environment)
        return ManagerSelection.requestShow(connection: connection)
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
