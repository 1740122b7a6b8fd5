import CX11
import FoundationEssentials
import Testing
import TestSupport
@testable import X11Bridge

/// Which SelectionClear ends an ownership, on a private Xvfb. A drag that abandons the previous one releases
/// XdndSelection on the same window and takes it again at once: the release's SelectionClear reaches the new
/// owner, and when both fall in one server millisecond its time equals the new acquisition's.
@Suite struct SelectionOwnerClearTests {
    @Test func theClearOfAnEarlierReleaseInTheSameMillisecondDoesNotEndANewOwnership() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let loop = EventLoop(connection: connection)
        let window = connection.createHelperWindow()
        let selection = connection.atom("XdndSelection")
        let offer = SelectionOffer([.init(target: "UTF8_STRING", data: Data("Thor".utf8))])
        let now = try connection.serverTime(window: window)

        let first = SelectionOwner(connection: connection, loop: loop, selection: selection, window: window, offer: offer)
        try first.acquire(time: now)
        // The release and the new acquisition carry the same time, as a CurrentTime release and a present-time
        // acquisition do when the server processes both in one millisecond.
        connection.release(selection: selection, window: window, time: now)
        let second = SelectionOwner(connection: connection, loop: loop, selection: selection, window: window, offer: offer)
        try second.acquire(time: now)
        _ = connection.sync()

        var clears = 0
        while let event = connection.nextEvent() {
            if event.raw.type == SelectionClear { clears += 1 }
            _ = second.handle(event)
        }
        #expect(clears == 1, "the release made one SelectionClear")
        #expect(second.isOwner)
        #expect(connection.owner(of: selection) == window)
    }

    @Test func anotherClientTakingTheSelectionStillEndsTheOwnership() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let other = try XConnection.open(displayName: xvfb.display, environment: [:])
        let loop = EventLoop(connection: connection)
        let selection = connection.atom("XdndSelection")
        let owner = SelectionOwner(connection: connection, loop: loop, selection: selection,
                                   offer: SelectionOffer([.init(target: "UTF8_STRING", data: Data("Thor".utf8))]))
        try owner.acquire()
        let thief = other.createHelperWindow()
        // The same time as ours is allowed by the server, and is then a real loss.
        #expect(other.acquire(selection: other.atom("XdndSelection"), window: thief, time: owner.acquiredAt))
        _ = other.sync()
        _ = connection.sync()

        while let event = connection.nextEvent() {
            _ = owner.handle(event)
        }
        #expect(!owner.isOwner)
    }
}
