import Foundation
import HeroCore
import HeroTransfer
import Testing
import TestSupport

/// The agent on a real Wayland compositor (headless sway 1.7, wlroots 0.15, zwlr_data_control_manager_v1 version
/// 2) with `--no-window`: every copy is read through data control, whichever client has the focus (the headless
/// seat has none at all). Each wait is bounded polling for a condition: a guard against hangs, never a speed check.
@Suite(.serialized) struct WaylandClipboardTests {
    @Test func theAgentWatchesThroughWaylandAndSaysSo() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--selections", "clipboard,primary"])
        #expect(world.log.contains("watching clipboard and primary over Wayland (wlr-data-control-unstable-v1 version 2)"))
        let status = try world.cli(["status", "--display", world.sway.x11Display])
        #expect(status.lines.contains("watching: clipboard and primary over Wayland (wlr-data-control-unstable-v1 version 2)"),
                "\(status.stdout)")
    }

    /// Copies one after another, each waited for: 200 of 200 stored, none read twice, none lost.
    @Test func twoHundredWlCopiesAreEachStoredOnce() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--accept-unknown"])
        let names = (1...200).map { String(format: "Wayland Hero %03d", $0) }
        for (index, name) in names.enumerated() {
            try world.wlCopy([name])
            #expect(world.waitForLog("clipboard: added \(name)"), "copy \(index + 1) was not stored:\n\(world.log.suffix(2000))")
        }
        #expect(Set(try world.names()) == Set(names))
        #expect(world.occurrences(of: "clipboard: added ") == 200)
        #expect(world.occurrences(of: "new Wayland offer") == 200, "each copy is read once")
        #expect(!world.log.contains("already a favorite"))
    }

    @Test func whatWasCopiedBeforeTheAgentStartedIsNotRead() throws {
        let world = try WaylandAgentHarness()
        try world.wlCopy(["Thor"])
        try world.startAgent()
        try world.wlCopy(["Hulk"])
        #expect(world.waitForLog("clipboard: added Hulk"))
        #expect(try world.names() == ["Hulk"])
    }

    @Test func primaryIsReadOnceItSettles() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--selections", "clipboard,primary"])
        try world.wlCopy(["--primary", "Storm"])
        #expect(world.waitForLog("primary: added Storm"))
        // Without --selections primary, PRIMARY is not watched at all.
        let other = try WaylandAgentHarness()
        try other.startAgent()
        try other.wlCopy(["--primary", "Loki"])
        try other.wlCopy(["Groot"])
        #expect(other.waitForLog("clipboard: added Groot"))
        #expect(try other.names() == ["Groot"])
    }

    /// A hero JSON with its portrait, offered by a Wayland client: the hero lands with that portrait, byte for byte.
    @Test func aHeroJSONWithAPortraitLandsWithItsPortrait() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent()
        let portrait = ImageFixtures.png(width: 48, height: 64)
        let hero = HeroPayload(name: "Captain Marvel", image: TransferImage(mime: "image/png", data: portrait, width: 48, height: 64))
        let json = try world.sway.write("hero.json", HeroJSONImporter.encode([hero]))
        _ = try world.sway.startSource(["--image", json, "--type", HeroJSONImporter.target])
        #expect(world.waitForLog("clipboard: added Captain Marvel"), "\(world.log.suffix(2000))")
        #expect(try Favorites(path: world.db).portrait(of: "Captain Marvel").data == portrait)
    }

    @Test func pauseStopsWaylandReadsAndResumeRestoresThem() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent()
        #expect(try world.cli(["pause", "--display", world.sway.x11Display]).status == 0)
        try world.wlCopy(["Thor"])
        // The agent saw the copy and did not read it: its log says so, and nothing was stored.
        #expect(world.waitForLog("new Wayland offer while paused; not read"))
        #expect(try world.names() == [])
        #expect(try world.cli(["resume", "--display", world.sway.x11Display]).status == 0)
        try world.wlCopy(["Hulk"])
        #expect(world.waitForLog("clipboard: added Hulk"))
        #expect(try world.names() == ["Hulk"])
    }

    @Test func backendX11OnSwayWatchesXwaylandAndBackendWaylandNeedsADisplay() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--backend", "x11"])
        #expect(world.log.contains("watching clipboard over X11"))
        world.agent?.stop()
        let refused = try HeroBridgeProcess.run(["--db", world.db, "agent", "--no-window", "--backend", "wayland"],
                                                environment: world.environment(["WAYLAND_DISPLAY": ""]), timeout: 60)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--backend wayland: WAYLAND_DISPLAY is not set"), "\(refused.stderr)")
    }

    /// The compositor killed (a crash, the session ending): one line and exit 1, so that systemd restarts the
    /// agent with the next session.
    @Test func losingTheCompositorEndsTheAgentWithStatus1() throws {
        let world = try WaylandAgentHarness()
        let agent = try world.startAgent()
        world.sway.kill()
        #expect(eventually(timeout: 20) { !agent.isRunning })
        #expect(agent.stop(signal: SIGKILL) == 1, "\(world.log.suffix(3000))")
        #expect(world.log.contains("lost the connection to the Wayland compositor") || world.log.contains("lost the connection to the X server"),
                "\(world.log.suffix(1000))")
    }
}
