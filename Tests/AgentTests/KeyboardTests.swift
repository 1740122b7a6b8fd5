import DropWindow
import Foundation
import Testing
import TestSupport

/// The drop window driven from the keyboard only, with xdotool's keys (XTEST: real key events in the server's
/// layout) under a private Xvfb: it takes the focus on a click and on `herobridge show`; Down selects a row with
/// a focus ring; Enter puts that hero on CLIPBOARD (xclip reads it); Delete removes it (`herobridge list` no
/// longer has it); typing filters the rows drawn; Escape clears the filter, then hides the window.
@Suite(.serialized) struct KeyboardTests {
    /// Sorted as the window lists them; none has "th" in its description, so "th" matches Thing and Thor alone.
    static let heroes = ["Falcon", "Groot", "Iron Man", "Thing", "Thor", "Wasp"]

    func world() throws -> AgentHarness {
        let world = try AgentHarness()
        try world.cli(["add"] + Self.heroes)
        try world.startAgent(AgentHarness.windowArguments + ["--verbose"])
        // The rows are read on the worker after the ready line: wait until the last one is drawn.
        let (_, drawn) = try world.screenshot { shot in
            let point = AgentHarness.thumbnailPoint(Self.heroes.count - 1)
            return shot.isColor(point.0, point.1, AgentHarness.placeholder.0, AgentHarness.placeholder.1, AgentHarness.placeholder.2)
        }
        guard drawn else { throw HarnessError("the rows were not drawn: \(world.log)") }
        return world
    }

    /// Whether row `index` has the focus ring, and no other row of the six has it.
    static func ringIsOnRow(_ index: Int, _ shot: Screenshot) -> Bool {
        let blue = AgentHarness.ringBlue
        return (0..<heroes.count).allSatisfy { row in
            let point = AgentHarness.ringPoint(row)
            return shot.isColor(point.0, point.1, blue.0, blue.1, blue.2, tolerance: 30) == (row == index)
        }
    }

    @Test func focusSelectCopyRemoveAndFilterWithKeysOnly() throws {
        let world = try world()
        let window = try world.dropWindow()

        // Focus: a click on the drop circle gives the window the keyboard focus.
        try world.click(AgentHarness.circlePoint)
        #expect(eventually(timeout: 10) { (try? world.focusedWindow()) == window }, "focus: \((try? world.focusedWindow()) ?? "")")

        // Down three times: the third row, Iron Man, has the ring (and its tint), no other row has.
        try world.keys(["Down", "Down", "Down"])
        let (selected, ringed) = try world.screenshot { Self.ringIsOnRow(2, $0) }
        #expect(ringed, "ring: \((0..<6).map { selected.rgb(AgentHarness.ringPoint($0).0, AgentHarness.ringPoint($0).1) })")
        let tint = AgentHarness.selectedTint, middle = AgentHarness.rowPoint(2)
        #expect(selected.isColor(middle.0 - AgentHarness.windowOrigin.x, middle.1, tint.0, tint.1, tint.2, tolerance: 6),
                "tint: \(selected.rgb(middle.0 - AgentHarness.windowOrigin.x, middle.1))")

        // Enter: Iron Man on CLIPBOARD, served by the agent.
        try world.keys(["Return"])
        #expect(world.waitForLog("window: copied Iron Man to the clipboard"), "\(world.log)")
        #expect(try world.paste().stdout == "Iron Man")
        #expect(try world.paste("TARGETS").lines.contains("application/x-herobridge-hero+json"))

        // Delete: Iron Man is no favorite any more, with the star's log line.
        try world.keys(["Delete"])
        #expect(world.waitForLog("window: removed Iron Man"), "\(world.log)")
        #expect(eventually(timeout: 10) { (try? world.listed()).map { !$0.contains("Iron Man") && $0.contains("Thing") } == true },
                "\((try? world.listed()) ?? "")")
        // The ring went to the row that took Iron Man's place: Thing, now third.
        #expect(try world.screenshot { Self.ringIsOnRow(2, $0) }.1)

        // "th": the window reports Thing and Thor, and draws two rows, the third place left empty.
        try world.keys(["t", "h"])
        #expect(world.waitForLog("window: filter \"th\" shows 2: Thing, Thor"), "\(world.log)")
        let background = AgentHarness.listBackground, placeholder = AgentHarness.placeholder
        let (filtered, twoRows) = try world.screenshot { shot in
            let rows = (0..<2).allSatisfy { row in
                let point = AgentHarness.thumbnailPoint(row)
                return shot.isColor(point.0, point.1, placeholder.0, placeholder.1, placeholder.2)
            }
            let third = AgentHarness.thumbnailPoint(2)
            return rows && shot.isColor(third.0, third.1, background.0, background.1, background.2, tolerance: 4)
        }
        #expect(twoRows, "rows drawn: \((0..<3).map { filtered.rgb(AgentHarness.thumbnailPoint($0).0, AgentHarness.thumbnailPoint($0).1) })")

        // Escape clears the filter (all five rows again), a second Escape hides the window.
        try world.keys(["Escape"])
        #expect(world.waitForLog("window: filter \"\" shows 5: Falcon, Groot, Thing, Thor, Wasp"), "\(world.log)")
        try world.keys(["Escape"])
        #expect(eventually(timeout: 10) { (try? world.mapState()) == "IsUnMapped" })
        #expect(try world.names().sorted() == ["Falcon", "Groot", "Thing", "Thor", "Wasp"])
    }

    @Test func showMapsTheHiddenWindowAndGivesItTheFocus() throws {
        let world = try world()
        let window = try world.dropWindow()
        #expect(try world.focusedWindow() != window, "nothing focused the window yet")
        // Shown already: `show` focuses it at once.
        try world.showWindow()
        #expect(eventually(timeout: 10) { (try? world.focusedWindow()) == window })
        // Hidden with Escape, shown again: focused once the server mapped it.
        try world.keys(["Escape"])
        #expect(eventually(timeout: 10) { (try? world.mapState()) == "IsUnMapped" })
        try world.showWindow()
        #expect(eventually(timeout: 10) { (try? world.mapState()) == "IsViewable" && (try? world.focusedWindow()) == window },
                "focus: \((try? world.focusedWindow()) ?? "")")
        // The keys reach it: the first row gets the ring.
        try world.keys(["Home"])
        #expect(try world.screenshot { Self.ringIsOnRow(0, $0) }.1)
    }

    @Test func atTwiceTheScaleTheRingIsDrawnAtTwiceItsPlaceAndTwiceItsWidth() throws {
        let world = try AgentHarness(screen: AgentHarness.hidpiScreen)
        try world.mergeResources("Xft.dpi:\t192\n")
        try world.cli(["add", "Thor", "Wasp"])
        try world.startAgent(["--geometry", "+600+0"]) // the size is the default one at 2×
        #expect(world.waitForLog("scale: 2× from Xft.dpi 192"), "\(world.log)")
        let center = AgentHarness.layout.circleCenter
        try world.click((AgentHarness.windowOrigin.x + Int(center.x * 2), Int(center.y * 2)))
        try world.keys(["Down", "Down"])
        let blue = AgentHarness.ringBlue
        let (shot, ringed) = try world.screenshot { shot in
            let point = AgentHarness.ringPoint(1, scale: 2), first = AgentHarness.ringPoint(0, scale: 2)
            return shot.width == 800 && shot.isColor(point.0, point.1, blue.0, blue.1, blue.2, tolerance: 30)
                && !shot.isColor(first.0, first.1, blue.0, blue.1, blue.2, tolerance: 30)
        }
        let point = AgentHarness.ringPoint(1, scale: 2)
        #expect(ringed, "ring at 2×: \(shot.rgb(point.0, point.1)), window \(shot.width)×\(shot.height)")
        // 2 units wide: 4 pixels of blue across the left edge, from x 2 to 5, the list's background beyond.
        let across = (0..<10).filter { shot.isColor($0, point.1, blue.0, blue.1, blue.2, tolerance: 30) }
        #expect(across.count >= 3 && across.count <= 5 && across.allSatisfy { $0 <= 6 }, "blue columns: \(across)")
    }

    @Test func inTheCatalogWindowEnterAddsTheSelectedHeroAndCtrlCCopiesIt() throws {
        let world = try AgentHarness()
        let catalog = try world.startCatalog()
        let search = AgentHarness.catalogSearchPoint
        try world.xdotool(["mousemove", "\(search.0)", "\(search.1)", "sleep", "0.05", "click", "1"])
        let window = try world.window(classname: "herobridge-catalog")
        #expect(eventually(timeout: 10) { (try? world.focusedWindow()) == window })
        // "falc" leaves Falcon alone; Down selects it, Enter adds it, Ctrl+C copies it.
        try world.keys(["f", "a", "l", "c", "Down", "Return"])
        #expect(catalog.waitFor("catalog: Added Falcon", inErrors: true), "\(catalog.errors)")
        #expect(world.waitForFavorite("Falcon") != nil)
        try world.keys(["ctrl+c"])
        #expect(catalog.waitFor("catalog: copied Falcon to the clipboard", inErrors: true), "\(catalog.errors)")
        #expect(try world.paste().stdout == "Falcon")
        // Escape clears the search; a second one leaves the window open (it is a program of its own).
        try world.keys(["Escape", "Escape"])
        #expect(try world.paste().stdout == "Falcon", "a round trip to the catalog's own process: it still serves")
        #expect(catalog.isRunning)
    }

    @Test func theRingStaysOnItsHeroWhenAFavoriteIsAddedAboveIt() throws {
        let world = try world()
        try world.click(AgentHarness.circlePoint)
        try world.keys(["End"])
        #expect(try world.screenshot { Self.ringIsOnRow(5, $0) }.1, "Wasp, the last row")
        // Another process adds Black Widow, sorted second: Wasp moves down a row, the ring with it.
        try world.cli(["add", "Black Widow"])
        // The window scrolls to keep Wasp wholly shown, at the bottom of the list.
        let seven = AgentHarness.layout(rows: 7, selected: 6)
        #expect(seven.scroll > 0)
        #expect(try world.screenshot { shot in
            let blue = AgentHarness.ringBlue
            let point = AgentHarness.ringPoint(6, in: seven), above = AgentHarness.ringPoint(5, in: seven)
            return shot.isColor(point.0, point.1, blue.0, blue.1, blue.2, tolerance: 30)
                && !shot.isColor(above.0, above.1, blue.0, blue.1, blue.2, tolerance: 30)
        }.1)
        try world.keys(["Delete"])
        #expect(world.waitForLog("window: removed Wasp"), "\(world.log)")
    }
}
