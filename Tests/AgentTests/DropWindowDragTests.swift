import Foundation
import HeroCore
import Testing
import TestSupport

/// Real drags: a GTK3 drag source driven by xdotool onto the agent's drop window, under a private Xvfb.
@Suite(.serialized) struct DropWindowDragTests {
    func world() throws -> AgentHarness {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        return world
    }

    @Test func droppingTextOntoAnEmptyListAddsTheHero() throws {
        let world = try world()
        let source = try world.dragSource(["text", "Thor"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.source == .drop)
        #expect(world.waitForLog("drop: added Thor"))
    }

    @Test func severalNamesInOneDropAreEachAdded() throws {
        let world = try world()
        let source = try world.dragSource(["text", "Thor\nHulk\nStorm"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        #expect(world.waitForFavorite("Storm") != nil)
        #expect(eventually(timeout: 5) { (try? world.names()) == ["Hulk", "Storm", "Thor"] })
    }

    @Test(arguments: ["png", "jpg"])
    func droppingAFileNamedThorAddsThorWithThatPortrait(_ ext: String) throws {
        let world = try world()
        let data = ext == "png" ? ImageFixtures.png(width: 90, height: 60) : ImageFixtures.jpeg(width: 90, height: 60)
        let file = try world.dir.write("Thor.\(ext)", data)
        let source = try world.dragSource(["uris", file])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.hero.portrait?.sha256 == (try sha256(ofFile: file)))
        #expect(source.output.contains("get text/uri-list"))
    }

    @Test func imageBytesWithATextNameAddThatHeroWithThePortrait() throws {
        let world = try world()
        let file = try world.dir.write("portrait.png", ImageFixtures.png(width: 30, height: 40))
        let source = try world.dragSource(["image", file, "Storm"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        let storm = try #require(world.waitForFavorite("Storm"))
        #expect(storm.hero.portrait?.sha256 == (try sha256(ofFile: file)))
    }

    @Test func anImageDroppedOnAHerosRowReplacesItsPortrait() throws {
        let world = try world()
        _ = try Favorites(path: world.db).add(names: ["Hulk", "Thor"])
        // The window learns about the CLI's change through inotify; give it a moment to redraw the rows.
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(20, AgentHarness.rowTop(1) + 14, 199, 201, 209) == true })
        let file = try world.dir.write("Loki.png", ImageFixtures.png(width: 64, height: 64))
        let source = try world.dragSource(["uris", file])
        #expect(try world.drag(from: source, to: AgentHarness.rowPoint(1)))  // Thor's row
        #expect(eventually(timeout: 5) {
            (try? world.favorites())?.first { $0.hero.name == "Thor" }?.hero.portrait?.sha256 == (try? sha256(ofFile: file))
        })
        #expect(try world.names() == ["Hulk", "Thor"])
        #expect(try world.favorites().first?.hero.portrait == nil)
    }

    @Test func onlyAnUnknownTypeIsRefusedAndNothingIsStored() throws {
        let world = try world()
        let source = try world.dragSource(["unknown"])
        try world.drag(from: source, to: AgentHarness.circlePoint)
        #expect(source.waitFor("failed"))
        #expect(!source.output.contains("get "))
        #expect(try world.names().isEmpty)
    }

    @Test func aDragThatLeavesWithoutDroppingChangesNothing() throws {
        let world = try world()
        let source = try world.dragSource(["text", "Thor"])
        try world.drag(from: source, to: AgentHarness.circlePoint, release: false)
        try world.release(at: (120, 400))
        #expect(source.waitFor("end"))
        try world.roundTrip()
        #expect(try world.names().isEmpty)
        let again = try world.dragSource(["text", "Hulk"])
        #expect(try world.drag(from: again, to: AgentHarness.circlePoint))
        #expect(world.waitForFavorite("Hulk") != nil)
    }

    @Test func aSourceThatDiesMidDropIsSurvivedAndTheNextDropWorks() throws {
        let world = try world()
        let dying = try world.dragSource(["die"])
        try world.drag(from: dying, to: AgentHarness.circlePoint)
        #expect(eventually(timeout: 5) { !dying.isRunning })
        #expect(world.agent?.isRunning == true)
        let source = try world.dragSource(["text", "Storm"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        #expect(world.waitForFavorite("Storm") != nil)
    }

    @Test func theWindowShowsTheCircleRowsAndStatusAndTheStarRemovesARow() throws {
        let world = try world()
        let empty = try world.screenshot()
        #expect(empty.width == 400 && empty.height == 600)
        #expect(empty.isColor(200, 60, 31, 133, 56), "green circle: \(empty.rgb(200, 60))")
        #expect(empty.isColor(200, 230, 250, 250, 250), "outside the circle: \(empty.rgb(200, 230))")
        #expect(empty.isColor(20, 262, 250, 250, 250), "no placeholder row on an empty list")

        let source = try world.dragSource(["text", "Thor"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        #expect(world.waitForFavorite("Thor") != nil)
        var shot = try world.screenshot()
        #expect(eventually(timeout: 5) {
            shot = (try? world.screenshot()) ?? shot
            return shot.isColor(20, 262, 199, 201, 209)
        }, "thumbnail placeholder of the new row: \(shot.rgb(20, 262))")
        #expect(shot.isColor(AgentHarness.starPoint(0).0, AgentHarness.starPoint(0).1, 255, 194, 8, tolerance: 20), "star: \(shot.rgb(AgentHarness.starPoint(0).0, AgentHarness.starPoint(0).1))")
        #expect(shot.count(x: 68, y: 262, width: 100, height: 24, 30, 30, 30, tolerance: 60) > 20, "the name is drawn")
        #expect(shot.count(x: 0, y: 572, width: 300, height: 28, 80, 80, 80, tolerance: 60) > 20, "status text is drawn")

        try world.click(AgentHarness.root(AgentHarness.starPoint(0)))
        #expect(eventually(timeout: 5) { (try? world.names())?.isEmpty == true })
        // Logged like every other change, in the same words as "drop: added Thor".
        #expect(world.waitForLog("window: removed Thor"), "\(world.log)")
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(20, 262, 250, 250, 250) == true })
    }

    @Test func closingTheWindowHidesItAndShowMapsItAgain() throws {
        let world = try world()
        let id = try world.dropWindow()
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsViewable" })
        let close = try HeroBridgeProcess.run([AgentHarness.fixtures + "/wm_delete.py", id], environment: world.environment(),
                                              executable: "/usr/bin/python3")
        #expect(close.status == 0, "\(close.stderr)")
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsUnMapped" })
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil, "the agent keeps watching the clipboard with its window hidden")
        let show = try HeroBridgeProcess.run(["show", "--display", world.xvfb.display], environment: world.environment())
        #expect(show.status == 0, "\(show.stderr)")
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsViewable" })
    }

    @Test func theWindowIsNamedForWindowManagers() throws {
        let world = try world()
        let id = try world.dropWindow()
        let props = try HeroBridgeProcess.run(["-id", id, "WM_CLASS", "_NET_WM_NAME", "WM_NAME", "XdndAware", "WM_PROTOCOLS"],
                                              environment: world.environment(), executable: "/usr/bin/xprop")
        #expect(props.stdout.contains("WM_CLASS(STRING) = \"herobridge\", \"HeroBridge\""))
        #expect(props.stdout.contains("_NET_WM_NAME(UTF8_STRING) = \"HeroBridge\""))
        #expect(props.stdout.contains("WM_NAME(STRING) = \"HeroBridge\""))
        #expect(props.stdout.contains("WM_DELETE_WINDOW"))
        // XdndAware is of type ATOM but holds the protocol version: read it as a number, it must be 5.
        let aware = try HeroBridgeProcess.run(["-id", id, "-f", "XdndAware", "32c", "XdndAware"],
                                              environment: world.environment(), executable: "/usr/bin/xprop")
        #expect(aware.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "XdndAware(ATOM) = 5", "\(aware.stdout)")
    }

    @Test func showWithNoAgentIsAClearError() throws {
        let world = try AgentHarness()
        let show = try HeroBridgeProcess.run(["show", "--display", world.xvfb.display], environment: world.environment())
        #expect(show.status == 1)
        #expect(show.stderr.contains("no HeroBridge agent is running on this display"))
    }

    @Test func theWindowRedrawsAtItsNewSizeWhenResized() throws {
        let world = try world()
        let id = try world.dropWindow()
        _ = try HeroBridgeProcess.run(["windowsize", id, "600", "700"], environment: world.environment(),
                                      executable: "/usr/bin/xdotool")
        var shot = try world.screenshot()
        #expect(eventually(timeout: 5) {
            shot = (try? world.screenshot()) ?? shot
            return shot.width == 600 && shot.isColor(300, 60, 31, 133, 56)
        }, "circle centred in the wider window: \(shot.width)×\(shot.height), \(shot.rgb(300, 60))")
        #expect(shot.isColor(120, 120, 250, 250, 250), "left of the moved circle is background: \(shot.rgb(120, 120))")
        #expect(shot.count(x: 0, y: 672, width: 300, height: 28, 80, 80, 80, tolerance: 60) > 20, "status line at the new bottom")
    }

    @Test func theWheelScrollsALongListAndTheStarActsOnTheRowShown() throws {
        let world = try world()
        let names = ["Beast", "Cyclops", "Daredevil", "Falcon", "Gambit", "Groot", "Hulk", "Loki", "Rogue", "Storm", "Thor", "Vision"]
        _ = try Favorites(path: world.db).add(names: names)
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(20, AgentHarness.rowTop(5) + 14, 199, 201, 209) == true })
        let firstRow = AgentHarness.rowPoint(0)
        _ = try HeroBridgeProcess.run(["mousemove", "\(firstRow.0)", "\(firstRow.1)", "sleep", "0.05", "click", "5"],
                                      environment: world.environment(), executable: "/usr/bin/xdotool")
        try world.roundTrip()  // the wheel's scroll is done before the click
        try world.click(AgentHarness.root(AgentHarness.starPoint(0)))  // the star of the first row now shown: Cyclops
        #expect(eventually(timeout: 5) { (try? world.names())?.contains("Cyclops") == false })
        #expect(try world.names() == names.filter { $0 != "Cyclops" })
    }
}
