import Foundation
import Testing
import TestSupport

/// KDE Plasma's KWin offers wlr data control: on a KDE session the agent (`--backend auto`) watches through
/// Wayland and stores every copy with nothing focused, where over Xwayland alone KWin would pass it none.
/// Tests/Fixtures/kde_clipboard_check.sh runs a headless KWin 5.27 with Xwayland on a private session bus and
/// runtime folder, the built agent in it, and 10 `wl-copy` copies.
@Suite(.serialized) struct KDESessionTests {
    @Test func onKDETheAgentWatchesThroughWaylandAndStoresEveryWlCopy() throws {
        let result = try HeroBridgeProcess.run(
            [Repository.path("Tests/Fixtures/kde_clipboard_check.sh"), HeroBridgeProcess.binary, "10"],
            environment: HeroBridgeProcess.environment(home: NSTemporaryDirectory()), executable: "/bin/sh", timeout: 180)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("ok   the agent watches through Wayland's data control"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("13 passed, 0 failed\n"), "\(result.stdout)")
    }
}
