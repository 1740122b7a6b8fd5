import DropWindow
import Foundation
import HeroCore
import Testing
import TestSupport

/// Heroes dragged out of our windows (XDND v5 source) onto a real GTK3 drop target and onto the agent's own
/// drop window, driven by xdotool under a private Xvfb.
@Suite(.serialized) struct DragOutTests {
    /// The agent with Thor as a favorite whose portrait is a 90×60 JPEG, and Thor's row drawn.
    func worldWithThor() throws -> AgentHarness {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments + ["--verbose"])
        let jpeg = try world.dir.write("thor.jpg", ImageFixtures.jpeg(width: 90, height: 60))
        try world.cli(["add", "Thor"])
        try world.cli(["portrait", "Thor", "--set", jpeg])
        // The window learns of the CLI's change through inotify: wait until the row's thumbnail is drawn.
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(20, 262, 250, 250, 250, tolerance: 4) == false })
        return world
    }

    @Test func draggingAFavoriteOutDeliversTextImageAndHeroJSONToAGTKApp() throws {
        let world = try worldWithThor()
        let target = try world.dropTarget()
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.gtkTargetPoint)
        #expect(target.waitFor("finished"), "GTK target output: \(target.output)")
        let output = target.output
        let offered = output.split(separator: "\n").first { $0.hasPrefix("drop ") }.map { $0.dropFirst(5).split(separator: ",").map(String.init) } ?? []
        #expect(offered == ["application/x-herobridge-hero+json", "image/png", "image/jpeg", "UTF8_STRING",
                            "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT", "application/x-herobridge-owner"],
                "the same targets as copy, in XdndTypeList")
        #expect(output.contains("text Thor\n"))
        #expect(output.contains("image image/png 90x60\n"), "the JPEG portrait arrives converted to PNG")
        let json = output.split(separator: "\n").first { $0.hasPrefix("json ") }.map { String($0.dropFirst(5)) } ?? ""
        let hero = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(hero?["name"] as? String == "Thor")
        let image = hero?["image"] as? [String: Any]
        #expect(image?["mime"] as? String == "image/jpeg")
        let portrait = Data(base64Encoded: image?["base64"] as? String ?? "")
        #expect(portrait == (try Favorites(path: world.db).portrait(of: "Thor").data), "the stored JPEG, byte for byte")
        #expect(world.waitForLog("drag: Thor dropped"))
        #expect(try world.names() == ["Thor"], "dragging out changes no favorite")
    }

    /// The drag image's window (WM_CLASS instance `herobridge-drag`): map state and root position, by xwininfo.
    func dragImage(_ world: AgentHarness) throws -> (id: String, mapped: Bool, x: Int, y: Int)? {
        let list = try HeroBridgeProcess.run(["search", "--classname", "^herobridge-drag$"], environment: world.environment(),
                                             executable: "/usr/bin/xdotool")
        guard let id = list.lines.first, !id.isEmpty else { return nil }
        let info = try HeroBridgeProcess.run(["-id", id], environment: world.environment(), executable: "/usr/bin/xwininfo")
        func field(_ name: String) -> String {
            info.lines.first { $0.contains(name) }?.components(separatedBy: ": ").last?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        return (id, field("Map State:") == "IsViewable", Int(field("Absolute upper-left X:")) ?? -1,
                Int(field("Absolute upper-left Y:")) ?? -1)
    }

    @Test func aDragImageWithThePortraitFollowsThePointerAndGoesAtTheDrop() throws {
        let world = try worldWithThor()
        let target = try world.dropTarget()
        #expect(try dragImage(world) == nil, "no drag image before a drag")
        // The button stays held over the GTK target: the image sits 16 px below and right of the pointer.
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.gtkTargetPoint, end: nil)
        let (px, py) = (AgentHarness.gtkTargetPoint.0 + 2, AgentHarness.gtkTargetPoint.1 + 2)
        var image = try dragImage(world)
        #expect(eventually(timeout: 5) { image = try? dragImage(world); return image?.mapped == true })
        #expect(image?.x == px + DragImageLayout.offset && image?.y == py + DragImageLayout.offset, "\(String(describing: image))")
        let shot = try Screenshot.capture(window: try #require(image?.id), display: world.xvfb.display)
        #expect(shot.height == Int(DragImageLayout.height))
        // The card is white; the thumbnail is the portrait's (the JPEG fixture has no white), not the placeholder.
        let layout = DragImageLayout(nameWidth: 0)
        #expect(shot.isColor(shot.width - 6, 6, 255, 255, 255, tolerance: 3))
        let thumb = (Int(layout.thumbnailOrigin.x + DragImageLayout.thumbnailSize / 2), Int(DragImageLayout.height / 2))
        #expect(!shot.isColor(thumb.0, thumb.1, 255, 255, 255, tolerance: 30), "the thumbnail is drawn")
        #expect(!shot.isColor(thumb.0, thumb.1, 31, 133, 56, tolerance: 12), "not the initial's green placeholder")
        // It follows the pointer.
        try world.xdotool(["mousemove", "\(px + 40)", "\(py - 30)", "sleep", "0.3"])
        #expect(eventually(timeout: 5) { image = try? dragImage(world); return image?.x == px + 40 + DragImageLayout.offset })
        // The drop: the target still gets Thor, and the image is gone.
        try world.xdotool(["mousemove", "\(px)", "\(py)", "sleep", "0.3", "mouseup", "1"])
        #expect(target.waitFor("finished"), "GTK target output: \(target.output)")
        #expect(target.output.contains("text Thor\n"), "the image was never the drop target")
        #expect(eventually(timeout: 5) { (try? dragImage(world)) == nil })
    }

    @Test func theDragImageGoesOnEscape() throws {
        let world = try worldWithThor()
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.emptyRootPoint, end: nil)
        #expect(eventually(timeout: 5) { (try? dragImage(world))?.mapped == true })
        try world.xdotool(["key", "Escape", "sleep", "0.1", "mouseup", "1"])
        #expect(world.waitForLog("drag: Thor cancelled (Escape)"))
        #expect(eventually(timeout: 5) { (try? dragImage(world)) == nil })
    }

    @Test func escapeMidDragCancelsWithNothingDroppedAndTheNextDragWorks() throws {
        let world = try worldWithThor()
        let target = try world.dropTarget()
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.gtkTargetPoint, end: .escape)
        #expect(world.waitForLog("drag: Thor cancelled (Escape)"))
        #expect(target.waitFor("leave"), "the target was told the drag left: \(target.output)")
        #expect(target.output.contains("enter"))
        // The grab is gone: the next drag starts and drops normally.
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.gtkTargetPoint)
        #expect(target.waitFor("finished"))
        #expect(target.output.contains("text Thor\n"))
        // The target handles the agent's messages in the order they were sent, so a Drop of the cancelled drag
        // would be printed before this one's: one Drop in all means nothing was dropped then (no sleep needed).
        #expect(target.countLines("drop ") == 1, "nothing was dropped on Escape: \(target.output)")
    }

    @Test func aRowDroppedBackOntoItsOwnWindowDoesNothing() throws {
        let world = try worldWithThor()
        let before = try world.favorites()
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.circlePoint)
        #expect(world.waitForLog("drag: Thor not dropped"))
        try world.roundTrip()
        #expect(!world.log.contains("drop: "), "the window did not read its own drag: \(world.log)")
        #expect(try world.favorites() == before)
    }

    @Test func theCursorShowsWhetherTheTargetAccepts() throws {
        let world = try worldWithThor()
        _ = try world.dropTarget()
        let idle = try world.cursor()
        try world.dragOut(from: AgentHarness.rowPoint(0), to: AgentHarness.gtkTargetPoint, end: nil)
        let accepting = try world.cursor()
        try world.xdotool(["mousemove", "\(AgentHarness.emptyRootPoint.0)", "\(AgentHarness.emptyRootPoint.1)", "sleep", "0.3"])
        let nowhere = try world.cursor()
        try world.xdotool(["mousemove", "\(AgentHarness.circlePoint.0)", "\(AgentHarness.circlePoint.1)", "sleep", "0.3"])
        let ownWindow = try world.cursor()
        try world.xdotool(["key", "Escape", "sleep", "0.1", "mouseup", "1", "sleep", "0.2"])
        #expect(accepting != nowhere, "over an accepting target the cursor differs from over nothing")
        #expect(accepting != idle && nowhere != idle, "a drag shows its own cursors")
        #expect(ownWindow == nowhere, "over our own window the drag shows the refusing cursor")
        #expect(try world.cursor() == idle, "the cursor is restored after the drag")
    }

    @Test func aCatalogRowDraggedOntoTheFavoritesCircleAddsThatHero() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        let catalog = try world.startCatalog()
        let search = AgentHarness.catalogSearchPoint
        try world.xdotool(["mousemove", "\(search.0)", "\(search.1)", "sleep", "0.05", "click", "1", "sleep", "0.1",
                           "type", "--delay", "20", "spider-man"])
        // Typed text shows in the field (dark pixels where the placeholder was grey).
        #expect(eventually(timeout: 5) {
            (try? world.catalogScreenshot())?.count(x: 14, y: 14, width: 120, height: 24, 20, 20, 20, tolerance: 40) ?? 0 > 30
        })
        try world.dragOut(from: AgentHarness.catalogRow(0), to: AgentHarness.circlePoint)
        let spiderMan = try #require(world.waitForFavorite("Spider-Man"))
        #expect(spiderMan.source == .drop)
        #expect(world.waitForLog("drop: added Spider-Man"))
        #expect(catalog.waitFor("drag: Spider-Man dropped", inErrors: true))
        #expect(try world.names() == ["Spider-Man"])
        // The catalog marks the new favorite with a star at the end of its row.
        let row = AgentHarness.catalogRow(0)
        #expect(eventually(timeout: 5) {
            (try? world.catalogScreenshot())?.count(x: 320, y: row.1 - 10, width: 30, height: 20, 255, 194, 8, tolerance: 30) ?? 0 > 20
        })
    }

    @Test func theCatalogWindowFiltersAsYouTypeAndIsNamedForWindowManagers() throws {
        let world = try AgentHarness()
        let catalog = try world.startCatalog()
        let id = try world.catalogWindow()
        let props = try HeroBridgeProcess.run(["-id", id, "WM_CLASS", "_NET_WM_NAME"], environment: world.environment(),
                                              executable: "/usr/bin/xprop")
        #expect(props.stdout.contains("WM_CLASS(STRING) = \"herobridge-catalog\", \"HeroBridge\""))
        #expect(props.stdout.contains("_NET_WM_NAME(UTF8_STRING) = \"HeroBridge catalog\""))
        let full = try world.catalogScreenshot()
        #expect(full.width == 360 && full.height == 520)
        /// Dark (name) pixels in catalog row `index`.
        func names(_ shot: Screenshot, row index: Int) -> Int {
            shot.count(x: 12, y: AgentHarness.catalogRowTop(index) + 6, width: 200, height: 16, 26, 26, 26, tolerance: 50)
        }
        #expect((0..<5).allSatisfy { names(full, row: $0) > 20 }, "the whole catalog is listed")

        let search = AgentHarness.catalogSearchPoint
        try world.xdotool(["mousemove", "\(search.0)", "\(search.1)", "sleep", "0.05", "click", "1", "sleep", "0.1",
                           "type", "--delay", "20", "Spider-Man 2099"])
        var filtered = full
        #expect(eventually(timeout: 5) {
            filtered = (try? world.catalogScreenshot()) ?? filtered
            return names(filtered, row: 0) > 20 && names(filtered, row: 1) == 0
        }, "one hero left: \(names(filtered, row: 0)), \(names(filtered, row: 1))")

        try world.xdotool(["key", "Escape"])
        #expect(eventually(timeout: 5) { (try? world.catalogScreenshot()).map { names($0, row: 3) > 20 } ?? false },
                "Escape clears the filter")
        #expect(catalog.isRunning)
    }
}
