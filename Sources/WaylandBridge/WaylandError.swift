#if canImport(Glibc)
import Glibc
#endif

/// Why the Wayland path could not start or do what was asked; each description is one sentence for the log.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// WAYLAND_DISPLAY names a socket relative to XDG_RUNTIME_DIR, which is not set.
    case noRuntimeDirectory
    /// The socket's path does not fit in a sockaddr_un.
    case socketPathTooLong(String)
    /// connect() to the compositor's socket failed.
    case connectFailed(path: String, errno: Int32)
    /// libwayland could not set up the display on the connected socket.
    case displayFailed(errno: Int32)
    /// A set-up round trip did not complete: the compositor died, broke the protocol, or did not answer in time.
    case roundTripFailed(String)
    /// The compositor offers no wl_seat.
    case noSeat
    /// The compositor offers neither ext-data-control-v1 nor wlr-data-control-unstable-v1 (GNOME's Mutter).
    case noDataControl
    /// wlr-data-control version 1 has no primary selection.
    case noPrimarySelection(DataControlProtocol)
    /// The device is finished (its seat went away).
    case deviceFinished
    /// A request could not be sent: the connection is lost.
    case connectionLost(String)

    public var description: String {
        switch self {
        case .noRuntimeDirectory:
            return "XDG_RUNTIME_DIR is not set, so the Wayland socket cannot be found"
        case let .socketPathTooLong(path):
            return "the Wayland socket path \(path) is too long for a Unix socket"
        case let .connectFailed(path, errno):
            return "could not connect to the Wayland compositor at \(path): \(String(cString: strerror(errno)))"
        case let .displayFailed(errno):
            return "libwayland could not use the compositor's socket: \(String(cString: strerror(errno)))"
        case let .roundTripFailed(reason):
            return "the Wayland compositor did not complete a round trip: \(reason)"
        case .noSeat:
            return "the Wayland compositor offers no seat"
        case .noDataControl:
            return "the Wayland compositor offers no data-control protocol (neither ext-data-control-v1 nor wlr-data-control-unstable-v1), so selections cannot be watched"
        case let .noPrimarySelection(dataControl):
            return "\(dataControl) has no primary selection (it came with version 2)"
        case .deviceFinished:
            return "the data-control device was finished by the compositor (its seat went away)"
        case let .connectionLost(reason):
            return "the Wayland connection is lost: \(reason)"
        }
    }
}
