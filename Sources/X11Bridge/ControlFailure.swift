/// Why `herobridge pause | resume | status` got no answer from an agent; the description is the user's message.
public enum ControlFailure: Error, Equatable, CustomStringConvertible {
    /// Nobody owns `HEROBRIDGE_S<screen>` on the display.
    case noAgent(display: String)
    /// The owner did not answer in time (a hung agent, or a client that took the selection and is no agent).
    case noAnswer(display: String, seconds: Double)
    /// The display could not be opened.
    case display(X11Error)

    public var description: String {
        switch self {
        case let .noAgent(display):
            return "no HeroBridge agent is running on display \(display); start one with: herobridge service start "
                + "(or herobridge agent)"
        case let .noAnswer(display, seconds):
            return "the HeroBridge agent on display \(display) did not answer within \(Int(seconds)) s"
        case let .display(error):
            return error.description
        }
    }
}
