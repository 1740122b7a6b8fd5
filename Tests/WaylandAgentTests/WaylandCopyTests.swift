import Foundation
import TestSupport
import Testing

/// `herobridge copy` on a data-control session sets the Wayland selection: wl-paste reads the name and the
/// portrait byte for byte, the agent skips HeroBridge's own copy, and the copy ends when something else is copied.
@Suite(.serialized) struct WaylandCopyTests {
    @Test func copyThorThenWlPastePrintsThorAndItsPortraitByteForByte() throws {
        let world = try WaylandAgentHarness()
        let portrait = ImageFixtures.png(width: 40, height: 30)
        let file = try world.sway.write("thor.png", portrait)
        #expect(try world.cli(["add", "Thor"]).status == 0)
        #expect(try world.cli(["portrait", "Thor", "--set", file]).status == 0)
        try world.startAgent()

        let copy = try world.cli(["copy", "Thor"])
        #expect(copy.status == 0, "\(copy.stderr)")
        let text = try world.sway.run("wl-paste", ["--no-newline"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "Thor")
        let image = try world.sway.run("wl-paste", ["--type", "image/png"])
        #expect(image.stdoutData == portrait, "\(image.stdoutData.count) bytes, not the portrait's \(portrait.count)")
        let types = try world.sway.run("wl-paste", ["--list-types"]).lines
        #expect(types.contains("application/x-herobridge-hero+json"))
        // The agent saw its own copy and did not ingest it again.
        #expect(world.waitForLog("skipped: HeroBridge's own copy"), "\(world.log.suffix(2000))")

        // Another copy ends the background copy (nothing of it is left running).
        let serving = { (try? HeroBridgeProcess.run(["-f", "herobridge --db=\(world.db) copy"], environment: [:],
                                                    executable: "/usr/bin/pgrep"))?.status == 0 }
        #expect(serving(), "the background copy is not found serving")
        try world.wlCopy(["Hulk"])
        #expect(world.waitForLog("clipboard: added Hulk"))
        #expect(eventually(timeout: 20) { !serving() }, "the background copy is still running")
    }
}
