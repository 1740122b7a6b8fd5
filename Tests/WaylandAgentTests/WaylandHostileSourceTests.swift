import Foundation
import HeroCore
import Testing
import TestSupport

/// Hostile Wayland sources (Tests/Fixtures/wayland_source.c) against the agent on a real headless sway: each
/// costs one log line and leaves the agent watching, proven by the next copy being stored. The stall and memory
/// figures of the same cases are `make bench`'s (bench/stress.py), not asserted here.
@Suite(.serialized) struct WaylandHostileSourceTests {
    /// The agent with a silence timeout of 1 s, so the sources that go silent cost a second each.
    func world() throws -> WaylandAgentHarness {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--timeout", "1"])
        return world
    }

    /// After a hostile offer, a normal copy is read and stored: the agent kept watching.
    func expectStillWatching(_ world: WaylandAgentHarness, _ name: String, timeout: Double = 20) throws {
        try world.wlCopy([name])
        #expect(world.waitForLog("clipboard: added \(name)", timeout: timeout), "\(world.log.suffix(2000))")
    }

    @Test func aSourceThatNeverWritesTimesOut() throws {
        let world = try world()
        _ = try world.sway.startSource(["--never-write", "--text", "Thor"])
        #expect(world.waitForLog("sent nothing for 1 s; transfer abandoned"), "\(world.log.suffix(2000))")
        try expectStillWatching(world, "Hulk")
        #expect(try world.names() == ["Hulk"])
    }

    @Test func aSourceThatNeverClosesTimesOutAndNothingHalfReadIsStored() throws {
        let world = try world()
        _ = try world.sway.startSource(["--never-close", "--text", "Thor"])
        #expect(world.waitForLog("sent nothing for 1 s; transfer abandoned"), "\(world.log.suffix(2000))")
        try expectStillWatching(world, "Hulk")
        #expect(try world.names() == ["Hulk"])
    }

    /// 100 MB of text: refused at the text cap (1 MiB) as soon as it is passed, the pipe closed.
    @Test func aSourceThatWrites100MBIsCutOffAtTheCap() throws {
        let world = try world()
        _ = try world.sway.startSource(["--huge", "100000000", "--type", "text/plain;charset=utf-8"])
        #expect(world.waitForLog("transfer abandoned"), "\(world.log.suffix(2000))")
        #expect(world.log.contains("sent more than 1 MiB"))
        try expectStillWatching(world, "Hulk")
    }

    /// 100 MB offered as an image: refused at the transfer budget (`--max-bytes`, 64 MiB by default).
    @Test func aHugeImageIsCutOffAtTheTransferBudget() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--timeout", "1", "--max-bytes", "8M"])
        _ = try world.sway.startSource(["--huge", "100000000", "--type", "image/png"])
        #expect(world.waitForLog("sent more than 8 MiB"), "\(world.log.suffix(2000))")
        try expectStillWatching(world, "Hulk")
    }

    /// 10,000 MIME types. The compositor sends the offer to every data-control client at once, one event per type;
    /// libwayland-server 1.21 drops a client whose socket stays full, whoever it is: the source itself (its own
    /// device gets the offer too), or the agent, when the compositor writes faster than it reads. The agent reads
    /// none of the offer, and keeps watching either way: it refuses the offer, or it connects again (and again,
    /// at growing intervals, while the flooding source holds the selection), and the next copy is stored.
    @Test func tenThousandMIMETypesAreNotRead() throws {
        let world = try world()
        let log = world.sway.file("sends.log")
        let source = try world.sway.spawn(try WaylandFixture.build(), ["--many-types", "10000", "--text", "Thor", "--log", log],
                                          label: "wayland_source")
        #expect(eventually(timeout: 30) { source.output.contains("ready\n") || !source.isRunning })
        if source.output.contains("ready\n") {
            #expect(eventually(timeout: 20) { world.log.contains("types; not read") || world.log.contains("dropped this agent's connection") },
                    "\(world.log.suffix(2000))")
        }
        // While such a source holds the selection, sway 1.7 floods (and may drop) every data-control client that
        // binds a device, wl-copy's included: the source goes away, as it would when its program quits.
        source.stop()
        #expect(world.agent?.isRunning == true)
        try expectStillWatching(world, "Hulk", timeout: 40)
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").isEmpty, "nothing was asked of it")
        #expect(try world.names() == ["Hulk"])
    }

    @Test func aSourceThatClosesAfterHalfItsBytesStoresNothingWrong() throws {
        let world = try world()
        // "Spider-Man" cut in half is "Spide": no hero of that name.
        _ = try world.sway.startSource(["--half-close", "Spider-Man"])
        #expect(world.waitForLog("no hero named \"Spide\""), "\(world.log.suffix(2000))")
        // Half a PNG is no image.
        let png = try world.sway.write("thor.png", ImageFixtures.png(width: 64, height: 64))
        _ = try world.sway.startSource(["--half-close", "--image", png, "--type", "image/png"])
        #expect(world.waitForLog("image/png: invalid PNG image: the PNG data ends early"), "\(world.log.suffix(3000))")
        try expectStillWatching(world, "Hulk")
        #expect(try world.names() == ["Hulk"])
    }

    /// KeePassXC's hint: nothing of the offer is read, not even the text.
    @Test func aSecretHintedOfferIsNeverRead() throws {
        let world = try world()
        let log = world.sway.file("sends.log")
        _ = try world.sway.startSource(["--secret", "Thor", "--log", log])
        #expect(world.waitForLog("skipped: a password (x-kde-passwordManagerHint) was not read"), "\(world.log.suffix(2000))")
        try expectStillWatching(world, "Hulk")
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").isEmpty, "no type of it was asked for")
        #expect(try world.names() == ["Hulk"])
    }

    /// The compositor killed while a transfer is in flight: the agent ends (exit 1) with one line.
    @Test func theCompositorKilledMidTransferEndsTheAgent() throws {
        let world = try WaylandAgentHarness()
        let agent = try world.startAgent(["--timeout", "30"])
        _ = try world.sway.startSource(["--never-write", "--text", "Thor"])
        #expect(world.waitForLog("clipboard: new Wayland offer"))
        world.sway.kill()
        #expect(eventually(timeout: 20) { !agent.isRunning })
        #expect(agent.stop(signal: SIGKILL) == 1)
        #expect(world.log.contains("lost the connection"), "\(world.log.suffix(1000))")
    }
}
