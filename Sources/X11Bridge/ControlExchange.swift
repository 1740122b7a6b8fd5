import CX11
import FoundationEssentials

/// The request and answer of `herobridge pause | resume | status` over X (docs/X11.md §6.1). The command creates
/// a window, sends the agent's manager window a `ControlRequest` naming it, and waits for the agent to write its
/// answer into `_HEROBRIDGE_REPLY` on that window. The wait is for the PropertyNotify of that write: only the
/// server makes those (a client's copy never matches `waitForEvent`), so no client can make the command read
/// before something was written; and what was written is checked by the caller (`accept`: its token), so an
/// answer another client wrote there is skipped and the wait goes on.
public enum ControlExchange {
    /// The most bytes an answer may hold: a status is a few hundred.
    public static let maxAnswerBytes = 16 << 10

    /// Sends `verb` to the agent on `connection`'s display and returns the first answer `accept` makes sense of.
    public static func ask<Answer>(connection: XConnection, verb: ControlRequest.Verb, seconds: UInt32 = 0, token: UInt32,
                                   timeout: Double, accept: (Data) -> Answer?) throws(ControlFailure) -> Answer {
        let owner = connection.owner(of: connection.atom(ManagerSelection.selectionName(screen: connection.screen)))
        guard owner != 0 else { throw .noAgent(display: connection.name) }
        let window = connection.createHelperWindow()
        defer { connection.destroyWindow(window); _ = connection.sync() }
        let property = connection.atom(ControlRequest.replyProperty)
        let request = ControlRequest(verb: verb, replyWindow: window, seconds: seconds, token: token)
        connection.sendClientMessage(to: owner, type: connection.atom(ControlRequest.messageType), data: request.data)
        // The owner's window was gone by the time the message got there: the agent has just exited.
        guard connection.sync() == nil else { throw .noAgent(display: connection.name) }
        let end = EventLoop.now() + UInt64(timeout * 1e9)
        while true {
            let now = EventLoop.now()
            guard now < end else { break }
            guard connection.waitForEvent(EventKey(window: window, type: PropertyNotify, atom: property),
                                          seconds: Double(end - now) / 1e9) != nil else { break }
            guard let answer = connection.readSmallProperty(window: window, property: property, maxBytes: maxAnswerBytes)
            else { continue }
            if let accepted = accept(answer.bytes) { return accepted }
        }
        throw .noAnswer(display: connection.name, seconds: timeout)
    }

    /// Writes `answer` to the window `request` names; the line to log when it was not written. The window is
    /// another client's word: a root window or one of our own is refused (an answer there would be a property
    /// the agent wrote on itself or on the desktop for whoever asked), one that does not exist fails the write.
    public static func answer(_ request: ControlRequest, with answer: Data, connection: XConnection) -> String? {
        let window = request.replyWindow
        guard !connection.rootWindows.contains(window), !connection.isOwnWindow(window) else {
            return "ignored a control request whose answer would go to window 0x\(String(window, radix: 16)), "
                + "which is not the asking program's"
        }
        connection.setProperty8(window: window, property: connection.atom(ControlRequest.replyProperty),
                                type: connection.atom("UTF8_STRING"), bytes: answer)
        if let problem = connection.sync() { return "could not answer a control request: \(problem)" }
        return nil
    }
}
