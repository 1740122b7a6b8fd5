import Testing
import X11Bridge

/// The `_HEROBRIDGE_CONTROL` message's five items, both ways, and what the agent refuses to take from them.
@Suite struct ControlRequestTests {
    @Test func aRequestSurvivesTheWire() {
        let request = ControlRequest(verb: .pause, replyWindow: 0x1a0_0003, seconds: 300, token: 0xdead_beef)
        let wire = request.data.map { UInt32(truncatingIfNeeded: $0) }
        #expect(wire.count == 5)
        #expect(ControlRequest(data: wire) == request)
    }

    @Test(arguments: [[UInt32]([0, 0x10, 0, 1, 0]), [4, 0x10, 0, 1, 0], [1, 0, 0, 1, 0], [1, 0x10, 0]])
    func anUnknownVerbNoReplyWindowOrAShortMessageIsNoRequest(_ data: [UInt32]) {
        #expect(ControlRequest(data: data) == nil)
    }

    @Test func theVerbsAreNumberedForGood() {
        // Commands and agents of different versions meet on one display: the numbers are the protocol.
        #expect(ControlRequest.Verb.status.rawValue == 1)
        #expect(ControlRequest.Verb.pause.rawValue == 2)
        #expect(ControlRequest.Verb.resume.rawValue == 3)
    }
}
