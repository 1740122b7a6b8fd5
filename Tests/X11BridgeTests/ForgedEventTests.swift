import CX11
import Testing
import X11Bridge

/// Which events are believed only when the server made them (issue 12), with no server.
@Suite struct ForgedEventTests {
    let xfixes: Int32 = 87

    @Test(arguments: [PropertyNotify, SelectionClear, DestroyNotify])
    func aServerOnlyCoreEventSentByAClientIsForged(_ type: Int32) {
        #expect(ForgedEvent.isForged(type: type, sentByClient: true, xfixesEventBase: xfixes))
        #expect(!ForgedEvent.isForged(type: type, sentByClient: false, xfixesEventBase: xfixes))
    }

    @Test func anXFixesSelectionEventSentByAClientIsForged() {
        #expect(ForgedEvent.isForged(type: xfixes + XFixesSelectionNotify, sentByClient: true, xfixesEventBase: xfixes))
        #expect(!ForgedEvent.isForged(type: xfixes + XFixesSelectionNotify, sentByClient: false, xfixesEventBase: xfixes))
        // Before XFixes is enabled its base is 0, which names no event type.
        #expect(!ForgedEvent.isForged(type: 0, sentByClient: true, xfixesEventBase: 0))
    }

    /// These are sent by clients by design (ICCCM, XDND) or by window managers (a synthetic ConfigureNotify).
    @Test(arguments: [SelectionNotify, ClientMessage, ConfigureNotify, Expose])
    func eventsClientsSendByDesignAreNeverForged(_ type: Int32) {
        #expect(!ForgedEvent.isForged(type: type, sentByClient: true, xfixesEventBase: xfixes))
    }

    @Test func theLogLineNamesTheEvent() {
        #expect(ForgedEvent.describe(type: PropertyNotify, xfixesEventBase: xfixes)
            == "ignored a PropertyNotify sent by a client: only the X server makes them")
        #expect(ForgedEvent.describe(type: xfixes, xfixesEventBase: xfixes)
            == "ignored an XFixes selection event sent by a client: only the X server makes them")
    }
}
