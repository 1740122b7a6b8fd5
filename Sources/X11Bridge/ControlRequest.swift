/// A request to the running agent from `herobridge pause | resume | status`: a `_HEROBRIDGE_CONTROL`
/// ClientMessage to the manager window (docs/X11.md §6.1). Its five items: the verb, the window the answer goes
/// to, the pause's seconds (0: until resumed), and a token the answer must repeat.
///
/// Any client can send one, so it says nothing the agent must believe beyond what it asks: pausing, resuming or
/// being asked its state is what any client on the display may do (any of them could read the clipboard itself).
/// The reply window is another client's word, checked before the answer is written (`ControlExchange.answer`).
public struct ControlRequest: Equatable, Sendable {
    public enum Verb: UInt32, Sendable {
        case status = 1
        case pause = 2
        case resume = 3
    }

    /// The ClientMessage type.
    public static let messageType = "_HEROBRIDGE_CONTROL"
    /// The property on the reply window that the answer is written to.
    public static let replyProperty = "_HEROBRIDGE_REPLY"

    public var verb: Verb
    public var replyWindow: Window
    /// For `.pause`: how long, 0 for until resumed.
    public var seconds: UInt32
    /// Chosen at random by the command and repeated in the answer: only the agent saw the request (a ClientMessage
    /// sent with no event mask goes to the window's creator alone), so an answer another client wrote onto the
    /// command's window cannot carry it.
    public var token: UInt32

    public init(verb: Verb, replyWindow: Window, seconds: UInt32 = 0, token: UInt32) {
        self.verb = verb
        self.replyWindow = replyWindow
        self.seconds = seconds
        self.token = token
    }

    /// The request in a message's five items; nil for a verb this agent does not know or no reply window.
    public init?(data: [UInt32]) {
        guard data.count == 5, let verb = Verb(rawValue: data[0]), data[1] != 0 else { return nil }
        self.init(verb: verb, replyWindow: Window(data[1]), seconds: data[2], token: data[3])
    }

    /// The five items to send.
    public var data: [Int] { [Int(verb.rawValue), Int(replyWindow), Int(seconds), Int(token), 0] }
}
