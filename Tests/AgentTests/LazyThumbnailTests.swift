import DropWindow
import Foundation
import Testing
import TestSupport

/// Thumbnails are made for the rows on screen only, when they are first drawn, and a row scrolled to later gets its
/// own then: the agent started on twelve favorites with portraits makes the six the 400×600 window shows, and the
/// rest once the list is scrolled to them. The agent's --verbose log names each thumbnail made (on the worker).
@Suite(.serialized) struct LazyThumbnailTests {
    static let names = (0..<12).map { String(format: "Lazy Hero %02d", $0) }
    /// The test window's layout with the twelve rows.
    static let layout = DropLayout(width: AgentHarness.layout.width, height: AgentHarness.layout.height, rowCount: names.count)

    @Test func onlyTheRowsOnScreenGetThumbnailsAndARowScrolledToGetsItsOwn() throws {
        let world = try AgentHarness()
        try world.cli(["add", "--new"] + Self.names)
        for (index, name) in Self.names.enumerated() {
            // Each its own size, so each portrait has its own SHA-256 (and its own thumbnail).
            let file = try world.dir.write("p\(index).png", ImageFixtures.png(width: 40 + index, height: 40))
            try world.cli(["portrait", name, "--set", file])
        }
        try world.startAgent(AgentHarness.windowArguments + ["--verbose"])
        let shown = Self.layout.visibleRows
        #expect(shown == 0..<6)
        for index in shown {
            #expect(world.waitForLog("window: thumbnail of \(Self.names[index]) made at 48 px"), "\(world.log)")
        }
        // A status answer comes from the worker after every job queued before it: the first draw's thumbnails were.
        _ = try world.status()
        for name in Self.names[shown.upperBound...] {
            #expect(!world.log.contains("thumbnail of \(name) "), "a row off screen was decoded: \(world.log)")
        }

        // Scrolled to the bottom (the wheel over the list), the last rows are drawn and ask for theirs.
        let list = AgentHarness.rowPoint(2)
        try world.xdotool(["mousemove", "\(list.0)", "\(list.1)"] + (0..<8).flatMap { _ in ["click", "5"] })
        #expect(world.waitForLog("window: thumbnail of \(Self.names[11]) made at 48 px"), "\(world.log)")
        var scrolled = Self.layout
        scrolled.scrollBy(.infinity)
        let thumb = scrolled.thumbnailRect(11)
        // The placeholder is (199, 201, 209) but for its initial's strokes; the portrait (a gradient) has none of it.
        var placeholder = 0
        #expect(eventually(timeout: 5) {
            guard let shot = try? world.screenshot() else { return false }
            placeholder = shot.count(x: Int(thumb.x) + 10, y: Int(thumb.y) + 10, width: 28, height: 28, 199, 201, 209,
                                     tolerance: 4)
            return placeholder < 50
        }, "the last row shows its portrait, not its initial: \(placeholder) placeholder pixels of 784")
        #expect(world.log.components(separatedBy: "window: thumbnail of ").count - 1 == Self.names.count,
                "each portrait made once: \(world.log)")
    }
}
