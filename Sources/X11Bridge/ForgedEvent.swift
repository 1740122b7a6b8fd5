import CX11

/// Events only the X server makes, told apart from the copies any client can send with SendEvent (which the
/// server flags with `send_event`). SelectionNotify and ClientMessage are always sent by clients, so they are
/// not listed: what they say is checked against what we asked instead.
public enum ForgedEvent {
    /// The core event types the server alone generates and that HeroBridge acts on.
    static let serverOnlyTypes: Set<Int32> = [PropertyNotify, SelectionClear, DestroyNotify]

    /// Whether an event of `type` flagged `sentByClient` claims to come from the server without doing so; XFixes
    /// events (from `xfixesEventBase` on, 0 when XFixes is not enabled) are the server's alone too.
    public static func isForged(type: Int32, sentByClient: Bool, xfixesEventBase: Int32) -> Bool {
        guard sentByClient else { return false }
        if serverOnlyTypes.contains(type) { return true }
        return xfixesEventBase != 0 && type == xfixesEventBase + XFixesSelectionNotify
    }

    /// Whether `event` is a forged copy of an event only the server makes.
    static func isForged(_ event: XEvent, xfixesEventBase: Int32) -> Bool {
        isForged(type: event.type, sentByClient: event.xany.send_event != 0, xfixesEventBase: xfixesEventBase)
    }

    /// The log line for a forged event that was not believed (`ignored a PropertyNotify sent by a client…`).
    public static func describe(type: Int32, xfixesEventBase: Int32) -> String {
        let name: String
        switch type {
        case PropertyNotify: name = "a PropertyNotify"
        case SelectionClear: name = "a SelectionClear"
        case DestroyNotify: name = "a DestroyNotify"
        default: name = xfixesEventBase != 0 && type == xfixesEventBase + XFixesSelectionNotify ? "an XFixes selection event" : "event \(type)"
        }
        return "ignored \(name) sent by a client: only the X server makes them"
    }
}
