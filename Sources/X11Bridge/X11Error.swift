/// Why the X11 layer could not do what was asked; messages are written for the person at the terminal.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    /// Neither `--display` nor `$DISPLAY` named a display.
    case noDisplay
    /// `XOpenDisplay` failed: no server there, or it refused us.
    case cannotOpen(String)
    /// The server lacks the XFixes extension, which selection watching needs.
    case missingXFixes(String)
    /// Taking a selection did not take: the server kept another owner (a stale timestamp, or a race).
    case notOwner(String)
    /// A protocol request failed (error code, request code).
    case request(String)
    /// The connection to the server broke while we waited for it.
    case connectionLost(String)
    /// The server did not send the event we waited for within the given seconds.
    case serverSilent(String, seconds: Double)

    public var description: String {
        switch self {
        case .noDisplay:
            return "no display: set $DISPLAY or pass --display NAME"
        case let .cannotOpen(name):
            return "cannot open display \"\(name)\": no X server is listening there, or it refused the connection"
        case let .missingXFixes(name):
            return "display \"\(name)\" has no XFixes extension, which HeroBridge needs to watch selections"
        case let .notOwner(selection):
            return "could not take the \(selection) selection: the X server kept another owner"
        case let .request(text):
            return text
        case let .connectionLost(name):
            return "lost the connection to the X server on display \(name)"
        case let .serverSilent(name, seconds):
            return "the X server on display \(name) did not answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        }
    }
}
