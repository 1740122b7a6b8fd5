/// Why a desktop notification was not shown; the description is the log line's text.
public enum NotifyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor `$XDG_RUNTIME_DIR/bus` names a session bus.
    case noBus
    /// The bus at `address` did not take the connection (a dead socket, a refused login).
    case cannotConnect(address: String, reason: String)
    /// The bus answered, but nothing owns org.freedesktop.Notifications (no notification daemon runs).
    case noDaemon
    /// The call went out and failed: a D-Bus error name and message, or no reply in time.
    case callFailed(name: String, reason: String)

    public var description: String {
        switch self {
        case .noBus:
            "no session D-Bus (DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist); "
                + "not showing notifications until one answers"
        case let .cannotConnect(address, reason):
            "cannot reach the session D-Bus at \(address): \(reason); not showing notifications until it answers"
        case .noDaemon:
            "no notification daemon on the session D-Bus (nothing owns org.freedesktop.Notifications); "
                + "not showing notifications until one runs"
        case let .callFailed(name, reason):
            "the Notify call failed: \(name): \(reason)"
        }
    }
}
