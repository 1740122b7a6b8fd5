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
        }
    }
}
