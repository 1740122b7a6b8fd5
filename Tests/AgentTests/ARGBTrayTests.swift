import Foundation
import Testing
import TestSupport

/// The icon in a tray that announces a 32-bit visual (Tests/Fixtures/argb_tray.py), where trayer announces none.
@Suite(.serialized) struct ARGBTrayTests {
    @Test func aTrayAnnouncingA32BitVisualGetsAnIconOfThatVisualDrawnWithAlpha() throws {
        let world = try AgentHarness()
        let tray = try world.fixture("argb_tray.py", [])
        let visual = try #require(tray.output.components(separatedBy: "visual=").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        try world.startAgent(AgentHarness.windowArguments)
        #expect(tray.waitFor("docked"), "\(world.log)")
        let icon = try #require(world.iconWindow())
        let info = try HeroBridgeProcess.run(["-id", icon], environment: world.environment(), executable: "/usr/bin/xwininfo")
        #expect(info.lines.contains { $0.contains("Depth: 32") }, "\(info.stdout)")
        #expect(info.lines.contains { $0.contains("Visual: \(visual)") }, "\(info.stdout)")
        #expect(eventually(timeout: 5) { (try? world.mapState(of: icon)) == "IsViewable" })
        // Drawn at the 24x24 the tray gave: the green circle in the middle, the corners fully transparent (all zero).
        #expect(eventually(timeout: 5) {
            guard let shot = try? world.iconScreenshot(), shot.width == 24 else { return false }
            return shot.count(x: 0, y: 0, width: 24, height: 24, 41, 173, 74, tolerance: 30) > 40 && shot.isColor(0, 0, 0, 0, 0, tolerance: 0)
        })
    }
}
