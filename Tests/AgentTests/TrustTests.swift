import Foundation
import HeroCore
import Testing
import TestSupport

/// What HeroBridge trusts (issue 12): any X client can send the agent any event and write properties on its
/// windows. Forged XDND messages, XFixes events, PropertyNotifies and SelectionNotifies change nothing; a
/// request naming the root window is refused; a read abandoned for a newer copy stores nothing.
@Suite(.serialized) struct TrustTests {
    // MARK: Our own windows' event masks

    /// An XdndEnter naming the drop window as its source used to replace the window's event mask with
    /// StructureNotifyMask: star clicks and redraws stopped until a restart.
    @Test func anXdndEnterNamingTheDropWindowAsItsSourceLeavesTheWindowWorking() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        try world.cli(["add", "Thor"])
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(AgentHarness.starPoint(0).0, AgentHarness.starPoint(0).1, 255, 194, 8, tolerance: 20) == true },
                "the star of Thor's row is drawn")
        let drop = try world.dropWindow()
        let forger = try world.fixture("forger.py", ["xdnd-enter", drop, drop])
        #expect(forger.waitFor("handled"), "\(forger.output)")
        #expect(world.log.contains("drop: XdndEnter names our own window 0x\(String(UInt(drop)!, radix: 16)) as its source; ignored"), "\(world.log)")
        let wanted = try world.eventsWanted(on: drop)
        #expect(wanted.contains("ButtonPress") && wanted.contains("Exposure"), "\(wanted)")
        try world.click(AgentHarness.root(AgentHarness.starPoint(0)))
        #expect(eventually(timeout: 5) { (try? world.names())?.isEmpty == true }, "the star still removes: \(world.log)")
    }

    /// The same Enter naming the clipboard's requestor window took its PropertyChangeMask away: the next INCR read
    /// never saw a chunk and timed out.
    @Test func anXdndEnterNamingTheRequestorWindowDoesNotBreakTheNextINCRRead() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments + ["--timeout", "2"])
        try world.fixture("hostile_owner.py", ["forged-enter", try world.dropWindow()])
        #expect(world.waitForFavorite("Thor") != nil, "\(world.log)")
        #expect(!world.log.contains("did not answer"))
    }

    // MARK: Events only the server makes

    /// A forged "new owner" event made the agent read the clipboard again: a hero removed a moment before came back.
    @Test func aForgedXFixesNewOwnerEventDoesNotReadTheClipboardAgain() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        try world.cli(["remove", "Thor"])
        let forger = try world.fixture("forger.py", ["xfixes", "new-owner"])
        #expect(forger.waitFor("sent"))
        #expect(eventually(timeout: 10) {
            world.log.contains("sent by a client") || (try? world.names())?.contains("Thor") == true
        })
        #expect(try world.names().isEmpty, "\(world.log)")
    }

    /// A forged SelectionClear of the manager selection made the agent exit as if another agent had taken over.
    @Test func aForgedSelectionClearOfTheManagerSelectionDoesNotStopTheAgent() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        let forger = try world.fixture("forger.py", ["manager-clear"])
        #expect(forger.waitFor("sent"))
        #expect(eventually(timeout: 10) { world.log.contains("sent by a client") || world.agent?.isRunning != true })
        #expect(world.agent?.isRunning == true, "\(world.log)")
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
    }

    /// A forged "owner window destroyed" event cancelled the read in flight.
    @Test func aForgedOwnerGoneEventDoesNotCancelTheReadInFlight() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        try world.fixture("hostile_owner.py", ["forged-gone"])
        #expect(world.waitForFavorite("Thor") != nil, "\(world.log)")
        #expect(!world.log.contains("abandoned"))
    }

    /// A forged PropertyNotify before an INCR chunk was written made the reader find no chunk and give the target up.
    @Test func aForgedPropertyNotifyDoesNotEndAnINCRRead() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        try world.fixture("hostile_owner.py", ["forged-chunk"])
        #expect(world.waitForFavorite("Thor") != nil, "\(world.log)")
    }

    /// SelectionNotify is always sent by a client, so it is believed only when it answers the request in flight.
    @Test func aSelectionNotifyForNoRequestInFlightChangesNothing() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        let owner = try world.fixture("hostile_owner.py", ["forged-notify"])
        #expect(world.waitForFavorite("Thor") != nil, "\(world.log)")
        #expect(owner.waitFor("forged"))
        try world.xclip("Storm")
        #expect(world.waitForFavorite("Storm") != nil, "\(world.log)")
        #expect(try world.names() == ["Storm", "Thor"], "\(world.log)")
    }

    // MARK: Requestors herobridge copy serves

    /// A conversion naming the root window as requestor was answered by writing the data into a root property.
    @Test func copyRefusesARequestNamingTheRootWindow() throws {
        let world = try AgentHarness()
        let copy = try world.copyInForeground("Thor")
        let requestor = try world.fixture("selection_requestor.py", ["root"])
        #expect(requestor.waitFor("root "), "\(requestor.errors)")
        #expect(requestor.output.contains("root untouched"), "\(requestor.output)")
        #expect(copy.waitFor("refused UTF8_STRING to 0x", inErrors: true), "\(copy.errors)")
        #expect(try world.paste().stdout == "Thor", "the copy still serves others")
    }

    /// A forged SelectionRequest naming a window that does not exist gets nothing written and no reply.
    @Test func copyDropsARequestNamingAWindowThatDoesNotExist() throws {
        let world = try AgentHarness()
        let copy = try world.copyInForeground("Thor")
        let owner = try world.clipboardOwner()
        let forger = try world.fixture("forger.py", ["selection-request", owner, "0x3fffff0"])
        #expect(forger.waitFor("sent"))
        #expect(copy.waitFor("dropped UTF8_STRING for 0x3fffff0: the requestor window does not exist", inErrors: true), "\(copy.errors)")
        #expect(try world.paste().stdout == "Thor")
    }

    // MARK: A superseded read

    /// The owner answered the hero JSON (Hulk) and held UTF8_STRING; a newer copy (Thor) superseded the read, and
    /// the JSON it had already fetched was still ingested.
    @Test func aReadSupersededByANewerCopyIngestsNothingItFetched() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window", "--timeout", "30"])
        let owner = try world.fixture("hostile_owner.py", ["hold-second"])
        #expect(owner.waitFor("request UTF8_STRING"), "\(owner.output)")
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil, "\(world.log)")
        #expect(try world.names() == ["Thor"], "\(world.log)")
    }
}

extension AgentHarness {
    /// The events some client selects on `window` (`xwininfo -events`: "Someone wants these events").
    func eventsWanted(on window: String) throws -> [String] {
        let result = try HeroBridgeProcess.run(["-events", "-id", window], environment: environment(),
                                               executable: "/usr/bin/xwininfo")
        let lines = result.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Someone wants these events") }) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasSuffix(":") && !$0.isEmpty })
    }

    /// The window owning CLIPBOARD, in hex (`xclip` cannot tell; python3-xlib can).
    func clipboardOwner() throws -> String {
        let result = try HeroBridgeProcess.run(["-c", "from Xlib import display; d = display.Display(); "
                                                + "print(hex(d.get_selection_owner(d.intern_atom('CLIPBOARD')).id))"],
                                               environment: environment(), executable: "/usr/bin/python3")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
