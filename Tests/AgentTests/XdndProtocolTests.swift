import Foundation
import HeroCore
import Testing
import TestSupport

/// XDND protocol edge cases that a GTK drag cannot produce, from a scripted python3-xlib source
/// (Fixtures/xdnd_source.py) aimed at the agent's drop window, under a private Xvfb (docs/X11.md §8 and §12.3).
@Suite(.serialized) struct XdndProtocolTests {
    func world(_ arguments: [String] = AgentHarness.windowArguments) throws -> AgentHarness {
        let world = try AgentHarness()
        try world.startAgent(arguments)
        return world
    }

    @Test func aVersion5SourceGetsOneStatusPerPositionAndOneFinished() throws {
        let world = try world()
        let source = try world.xdndSource(["--types", "UTF8_STRING", "--data", "UTF8_STRING=Thor", "--positions", "10"])
        #expect(world.sourceEnds(source))
        #expect(source.countLines("status accept=1 action=XdndActionCopy") == 10, "\(source.output)")
        #expect(source.countLines("status ") == 10, "no other Status: \(source.output)")
        #expect(source.countLines("finished success=1 action=XdndActionCopy") == 1, "\(source.output)")
        #expect(source.countLines("finished") == 1, "\(source.output)")
        #expect(source.outputLines.last == "finished success=1 action=XdndActionCopy", "Finished comes after every Status")
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.source == .drop)
    }

    /// Versions 3 and 4 have no success flag in Finished (the source acts as if it were set); 7 is clamped to 5.
    @Test(arguments: [3, 4, 7])
    func otherVersionsFrom3UpAreServed(_ version: Int) throws {
        let world = try world()
        let source = try world.xdndSource(["--version", "\(version)", "--data", "UTF8_STRING=Storm"])
        #expect(world.sourceEnds(source))
        #expect(world.waitForFavorite("Storm") != nil, "\(source.output)\n\(world.log)")
        #expect(source.countLines("status accept=1") == 1)
        #expect(source.countLines("finished") == 1, "\(source.output)")
        if version >= 5 { #expect(source.output.contains("finished success=1 action=XdndActionCopy")) }
    }

    /// Enter below version 3 is ignored, so its Positions come from no known drag: each is refused (never left
    /// unanswered), the data is never asked for, and its Drop gets a failed Finished.
    @Test func aVersion2SourceIsIgnored() throws {
        let world = try world()
        let source = try world.xdndSource(["--version", "2", "--data", "UTF8_STRING=Hulk", "--positions", "3"])
        #expect(world.sourceEnds(source))
        #expect(source.countLines("status accept=0") == 3, "\(source.output)")
        #expect(!source.output.contains("status accept=1"))
        #expect(!source.output.contains("request "))
        #expect(source.output.contains("finished success=0"))
        try world.roundTrip()
        #expect(try world.names().isEmpty)
        #expect(world.agent?.isRunning == true)
    }

    @Test func aTypeListOf150IsReadAndTheUsefulLastTypeIsUsed() throws {
        let world = try world()
        let types = (0..<149).map { "application/x-junk-\($0)" } + ["text/plain"]
        let source = try world.xdndSource(["--types", types.joined(separator: ","), "--data", "text/plain=Storm"])
        #expect(world.sourceEnds(source))
        #expect(source.output.contains("status accept=1"), "\(source.output)")
        #expect(source.outputLines.filter { $0.hasPrefix("request ") } == ["request text/plain"], "only the useful type is read")
        #expect(source.output.contains("finished success=1"))
        #expect(world.waitForFavorite("Storm") != nil)
    }

    @Test func aTypeListThatIsNotAtomsIsRefusedCleanly() throws {
        let world = try world()
        let source = try world.xdndSource(["--bad-typelist", "--types", "UTF8_STRING,text/plain", "--data", "UTF8_STRING=Thor"])
        #expect(world.sourceEnds(source))
        #expect(source.outputLines.filter { $0.hasPrefix("status") } == ["status accept=0"], "\(source.output)")
        #expect(source.outputLines.filter { $0.hasPrefix("finished") } == ["finished success=0"], "\(source.output)")
        #expect(!source.output.contains("request "))
        try world.roundTrip()
        #expect(try world.names().isEmpty)
        #expect(world.agent?.isRunning == true)
    }

    /// An XdndTypeList is sized before it is read: one of 5,001 types (4 million took 10 s per Enter) is refused.
    @Test func aTypeListLongerThanTheCapIsRefusedUnread() throws {
        let world = try world()
        let source = try world.xdndSource(["--types", "UTF8_STRING", "--pad-typelist", "5000", "--data", "UTF8_STRING=Thor"])
        #expect(world.sourceEnds(source))
        #expect(source.outputLines.filter { $0.hasPrefix("status") } == ["status accept=0"], "\(source.output)")
        #expect(!source.output.contains("request "))
        #expect(try world.names().isEmpty)
        #expect(world.agent?.isRunning == true)
    }

    /// Chromium's XdndDrop carries CurrentTime: the conversion must still succeed.
    @Test func aDropWithTimeZeroWorks() throws {
        let world = try world()
        let source = try world.xdndSource(["--drop-time", "0", "--data", "UTF8_STRING=Loki"])
        #expect(world.sourceEnds(source))
        #expect(source.output.contains("finished success=1 action=XdndActionCopy"), "\(source.output)")
        #expect(world.waitForFavorite("Loki") != nil)
    }

    /// A monitor left of the origin: x = -20 arrives as 0xFFEC in the high half and must be read as an Int16.
    @Test func negativeRootCoordinatesAreAnswered() throws {
        let world = try world()
        let source = try world.xdndSource(["--position=-20,5", "--positions", "3", "--no-drop", "--data", "UTF8_STRING=Thor"])
        #expect(world.sourceEnds(source))
        #expect(source.countLines("status ") == 3, "one Status per Position: \(source.output)")
        #expect(world.agent?.isRunning == true)
        // And the window still takes an ordinary drop afterwards.
        let next = try world.xdndSource(["--data", "UTF8_STRING=Hulk"])
        #expect(world.sourceEnds(next))
        #expect(world.waitForFavorite("Hulk") != nil)
    }

    /// Chromium's image drag: the file's bytes in application/octet-stream, no image/*, the name in the source
    /// window's XdndDirectSave0 and in text/x-moz-url (UTF-16LE `URL\nTitle`, no BOM).
    @Test(arguments: [true, false])
    func aChromiumImageDragAddsThorWithThatPortrait(_ withURL: Bool) throws {
        let world = try world()
        let png = try world.dir.write("drag.png", ImageFixtures.png(width: 90, height: 60))
        var arguments = ["--data", "application/octet-stream=@" + png, "--direct-save", "Thor.png"]
        if withURL {
            let url = try world.dir.write("moz-url", "https://example.com/Thor.png\nThor".data(using: .utf16LittleEndian)!)
            arguments += ["--types", "application/octet-stream,XdndDirectSave0,text/x-moz-url", "--data", "text/x-moz-url=@" + url]
        } else {
            // Only XdndDirectSave0 names the hero.
            arguments += ["--types", "application/octet-stream,XdndDirectSave0"]
        }
        let source = try world.xdndSource(arguments)
        #expect(world.sourceEnds(source))
        #expect(source.output.contains("request application/octet-stream"), "\(source.output)")
        #expect(!source.output.contains("request XdndDirectSave0"), "XdndDirectSave0 is a property, not data")
        #expect(source.output.contains("finished success=1"), "\(source.output)\n\(world.log)")
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.hero.portrait?.sha256 == (try sha256(ofFile: png)))
    }

    /// A source that never answers the data: Finished(failed) once the agent's timeout (1 s) runs out, and the
    /// window takes the next drop.
    @Test func aSilentSourceGetsAFailedFinishedAndTheNextDropWorks() throws {
        let world = try world(AgentHarness.windowArguments + ["--timeout", "1"])
        let silent = try world.xdndSource(["--silent", "--data", "UTF8_STRING=Thor"])
        #expect(silent.waitFor("finished success=0", timeout: 3), "\(silent.output)")
        #expect(silent.output.contains("request UTF8_STRING"))
        #expect(world.waitForLog("did not answer UTF8_STRING within 1 s"), "\(world.log)")
        #expect(world.sourceEnds(silent))
        #expect(silent.countLines("finished") == 1)
        #expect(try world.names().isEmpty)
        let next = try world.xdndSource(["--data", "UTF8_STRING=Hulk"])
        #expect(world.sourceEnds(next))
        #expect(next.output.contains("finished success=1"), "\(next.output)")
        #expect(world.waitForFavorite("Hulk") != nil)
    }

    @Test func aSourceThatExitsWhenAskedIsSurvivedAndTheNextDropWorks() throws {
        let world = try world()
        let dying = try world.xdndSource(["--exit-on-request", "--data", "UTF8_STRING=Thor"])
        #expect(world.sourceEnds(dying))
        #expect(dying.output.contains("request UTF8_STRING"), "\(dying.output)")
        #expect(world.agent?.isRunning == true)
        let next = try world.xdndSource(["--data", "UTF8_STRING=Hulk"])
        #expect(world.sourceEnds(next))
        #expect(next.output.contains("finished success=1"), "\(next.output)\n\(world.log)")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(!(try world.names()).contains("Thor"))
    }

    @Test func aLeaveInsteadOfADropStoresNothingAndSendsNoFinished() throws {
        let world = try world()
        let source = try world.xdndSource(["--no-drop", "--data", "UTF8_STRING=Thor"])
        #expect(world.sourceEnds(source))
        #expect(source.output.contains("status accept=1"), "\(source.output)")
        #expect(!source.output.contains("finished"))
        #expect(!source.output.contains("request "))
        #expect(try world.names().isEmpty)
    }
}

extension AgentHarness {
    /// Starts Fixtures/xdnd_source.py aimed at the drop window, pointing at the circle (root 800, 120) unless
    /// `arguments` say otherwise; it drags as soon as it prints `ready`.
    func xdndSource(_ arguments: [String]) throws -> Child {
        let point = Self.circlePoint
        return try fixture("xdnd_source.py", [try dropWindow(), "--position", "\(point.0),\(point.1)"] + arguments)
    }

    /// Waits until the scripted source has exited with status 0 (it ends after the Finished, or 10 s without).
    func sourceEnds(_ source: Child, timeout: Double = 15) -> Bool {
        eventually(timeout: timeout) { !source.isRunning } && source.process.terminationStatus == 0
    }
}

extension Child {
    var outputLines: [String] { output.split(separator: "\n").map(String.init) }

    /// How many output lines start with `prefix`.
    func countLines(_ prefix: String) -> Int { outputLines.filter { $0.hasPrefix(prefix) }.count }
}
