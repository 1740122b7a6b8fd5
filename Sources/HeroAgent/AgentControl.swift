import X11Bridge

/// Talking to a running agent over X, not through files.
public enum AgentControl {
    /// Sends `_HEROBRIDGE_SHOW` to the owner of `HEROBRIDGE_S<screen>`; false when no agent runs on the display.
    public static func show(display: String?, environment: [String: String]) throws -> Bool {
        let connection = try XConnection.open(displayName: display, environment: environment)
        return ManagerSelection.requestShow(connection: connection)
    }
}
