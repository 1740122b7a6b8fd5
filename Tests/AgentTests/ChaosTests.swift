import Foundation
import HeroCore
import Testing
import TestSupport

/// Issue 12: random but well-formed X traffic (Tests/Fixtures/x_chaos.py, every kind, a fixed seed) never leaves
/// the agent dead, deaf to the clipboard or with a window that no longer answers. A fixed number of actions, so
/// the traffic is the same however fast the machine is; `make chaos` is the long run, with the RSS check.
@Suite(.serialized) struct ChaosTests {
    @Test func afterOneThousandRandomXActionsTheAgentStillCopiesAndItsStarStillRemoves() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments + ["--verbose"])
        let chaos = try world.fixture("x_chaos.py", ["--seed", "12", "--actions", "1000", "--seconds", "90"])
        #expect(chaos.waitFor("summary ", timeout: 120), "the chaos client did not finish: \(chaos.output.suffix(500))")
        #expect(eventually(timeout: 10) { !chaos.isRunning })
        #expect(world.agent?.isRunning == true, "the agent died: \(world.log.suffix(2000))")

        // The chaos offers hero names too: Storm must not be a favorite already for its copy to prove anything.
        let favorites = try Favorites(path: world.db)
        _ = try favorites.remove(names: try world.names())
        try world.xclip("Storm")
        #expect(world.waitForFavorite("Storm", timeout: 20) != nil, "a real copy after the chaos is stored: \(world.log.suffix(3000))")

        // The window answers a click: with Thor its only favorite, Thor's star (row 0) removes it.
        _ = try favorites.remove(names: try world.names())
        _ = try favorites.add(names: ["Thor"])
        #expect(eventually(timeout: 10) { (try? world.screenshot())?.isColor(AgentHarness.starPoint(0).0, AgentHarness.starPoint(0).1, 255, 194, 8, tolerance: 20) == true },
                "Thor's star is drawn: \(world.log.suffix(1500))")
        try world.click(AgentHarness.root(AgentHarness.starPoint(0)))
        #expect(eventually(timeout: 5) { (try? world.names())?.contains("Thor") == false },
                "a click on Thor's star removes it")
    }
}
