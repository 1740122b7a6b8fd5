import DropWindow
import Foundation
import HeroCore
import Testing
import TestSupport

/// The tray icon against a real XEmbed system tray (Debian's trayer) under a private Xvfb: docking, docking
/// again after the tray restarts or starts late, the clicks, the menu from the keyboard, a GTK drop onto the
/// icon, and `tray = no`.
@Suite(.serialized) struct TrayTests {
    /// The icon's colours (TrayRenderer): the green circle, the gold star, the paused grey.
    static let green = (41, 173, 74), gold = (255, 194, 8), grey = (140, 140, 148)

    func world(trayer: Bool = true, _ arguments: [String] = []) throws -> (AgentHarness, Child?) {
        let world = try AgentHarness()
        let tray = trayer ? try world.startTrayer() : nil
        try world.startAgent(AgentHarness.windowArguments + arguments)
        return (world, tray)
    }

    func count(_ shot: Screenshot, _ color: (Int, Int, Int), tolerance: Int = 30) -> Int {
        shot.count(x: 0, y: 0, width: shot.width, height: shot.height, color.0, color.1, color.2, tolerance: tolerance)
    }

    @Test func theIconDocksIntoTrayerAndIsDrawnOverItsBackground() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() }, "\(world.log)")
        #expect(world.log.contains("tray icon docked, database"))
        // trayer gives its icons its height; the icon draws at the size given, not at the 22 px it asked for.
        let rect = try world.iconRect()
        #expect(rect.height == 30 && rect.width == 22, "icon is \(rect)")
        let shot = try world.iconScreenshot()
        #expect(count(shot, Self.green) > 40 && count(shot, Self.gold) > 10)
        // ParentRelative: the corner outside the circle shows trayer's light panel, not black.
        let corner = shot.rgb(0, 0)
        #expect(corner.r > 150 && corner.g > 150 && corner.b > 150, "corner \(corner)")
    }

    @Test func afterTrayerIsKilledAndRestartedTheIconDocksAgain() throws {
        let (world, trayer) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        trayer?.stop()
        #expect(world.waitForLog("tray: the system tray went away"))
        // The save-set put the icon back on the root window; the agent hid it there.
        #expect(eventually(timeout: 5) { world.iconWindow().map { (try? world.mapState(of: $0)) == "IsUnMapped" } == true })
        let again = try world.startTrayer()
        #expect(eventually(timeout: 10) { world.iconIsDocked() }, "\(world.log)")
        #expect(world.log.components(separatedBy: "tray: docked into").count == 2)
        // And once more, so the second tray's destruction is watched too.
        again.stop()
        #expect(eventually(timeout: 5) { world.log.components(separatedBy: "the system tray went away").count == 3 })
        try world.startTrayer()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
    }

    @Test func withNoTrayTheAgentWorksAndDocksWhenTrayerStartsLater() throws {
        let (world, _) = try world(trayer: false)
        #expect(world.log.contains("no system tray yet, database"))
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        #expect(try world.mapState() == "IsViewable")
        try world.startTrayer()
        #expect(eventually(timeout: 10) { world.iconIsDocked() }, "\(world.log)")
        #expect(world.agent?.isRunning == true)
    }

    @Test(arguments: ["config", "flag"])
    func trayNoDocksNothing(_ how: String) throws {
        let world = try AgentHarness()
        try world.startTrayer()
        if how == "config" {
            try FileManager.default.createDirectory(atPath: world.dir.path + "/.config/herobridge", withIntermediateDirectories: true)
            _ = try world.dir.write(".config/herobridge/config", Data("tray = no\n".utf8))
            try world.startAgent(AgentHarness.windowArguments)
        } else {
            try world.startAgent(AgentHarness.windowArguments + ["--no-tray"])
        }
        // The icon docks before the agent says it is ready, so none made by now means none at all.
        #expect(world.iconWindow() == nil)
        let panel = try #require(try world.trayPanel())
        let tree = try HeroBridgeProcess.run(["-tree", "-id", panel], environment: world.environment(), executable: "/usr/bin/xwininfo")
        #expect(!tree.stdout.contains("herobridge"))
        #expect(!world.log.contains("tray:") && world.log.contains("no tray icon, database"))
    }

    @Test func aLeftClickOnTheIconHidesAndShowsTheDropWindow() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        #expect(try world.mapState() == "IsViewable")
        try world.clickIcon(button: 1)
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsUnMapped" })
        try world.clickIcon(button: 1)
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsViewable" })
    }

    @Test func aRightClickOpensTheMenuWhichEscapeOrAClickOutsideCloses() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.openMenu()
        try world.keys(["Down", "Escape"])
        #expect(eventually(timeout: 5) { world.menuState() == "IsUnMapped" })
        try world.openMenu()
        try world.click((100, 900)) // nowhere near the menu (it opens at the pointer, top right)
        #expect(eventually(timeout: 5) { world.menuState() == "IsUnMapped" })
        // Neither chose anything: the drop window is still shown and the agent still runs.
        #expect(try world.mapState() == "IsViewable")
        #expect(world.agent?.isRunning == true)
    }

    /// HiDPI: at Xft.dpi 192 the icon asks the tray for twice its width (trayer gives its panel's height), the
    /// menu is drawn at twice its size, and its items are still where a click lands.
    @Test func at192DpiTheIconAndTheMenuAreTwiceTheirSizeAndTheItemsStillAnswerClicks() throws {
        let world = try AgentHarness(screen: AgentHarness.hidpiScreen)
        try world.mergeResources("Xft.dpi:\t192\n")
        _ = try world.startTrayer()
        try world.startAgent(AgentHarness.windowArguments)
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        #expect(try world.iconRect().width == 2 * TrayIconView.initialSize)
        try world.openMenu()
        let menu = try world.window(classname: "herobridge-tray-menu")
        let shot = try Screenshot.capture(window: menu, display: world.xvfb.display)
        let logical = TrayMenu(paused: false)
        #expect(shot.width == Int(2 * TrayMenu.width) && shot.height == Int(2 * logical.height.rounded(.up)),
                "\(shot.width)x\(shot.height)")
        // A click on the last item (Quit), at twice its logical place: the agent ends, exit 0.
        let info = try HeroBridgeProcess.run(["-id", menu], environment: world.environment(), executable: "/usr/bin/xwininfo")
        func field(_ name: String) -> Int {
            Int(info.lines.first { $0.contains(name) }?.components(separatedBy: ": ").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
        }
        let quit = logical.items.count - 1
        try world.click((field("Absolute upper-left X:") + Int(TrayMenu.width),
                         field("Absolute upper-left Y:") + Int(2 * (logical.rowTop(quit) + TrayMenu.rowHeight / 2))))
        #expect(world.waitForLog("tray: Quit chosen"), "\(world.log)")
        let agent = try #require(world.agent)
        #expect(eventually(timeout: 5) { !agent.isRunning })
    }

    @Test func showWindowAndQuitFromTheKeyboard() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.clickIcon(button: 1)
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsUnMapped" })
        try world.openMenu()
        try world.keys(["Down", "Return"]) // the first item: Show window
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsViewable" })
        #expect(world.menuState() == "IsUnMapped")
        try world.openMenu()
        try world.keys(["End", "Return"]) // the last item: Quit
        let agent = try #require(world.agent)
        #expect(eventually(timeout: 5) { !agent.isRunning }, "\(world.log)")
        #expect(agent.process.terminationStatus == 0)
        #expect(world.log.contains("tray: Quit chosen"))
    }

    /// The menu's Pause is the agent's pause: a copy is then not even asked for TARGETS (bulk_owner.py prints every
    /// SelectionRequest it gets, and a `status` answer comes after the agent handled every earlier event), and
    /// Resume reads the next copy. The icon's look follows.
    @Test func pauseFromTheMenuStopsReadsWithThePausedLookAndResumeRestoresThem() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.openMenu()
        try world.keys(["End", "Up", "Return"]) // Pause, above Quit
        #expect(world.waitForLog("tray: paused"))
        #expect(eventually(timeout: 5) { (try? world.status())?["paused"] as? Bool == true })
        #expect(eventually(timeout: 5) {
            guard let shot = try? world.iconScreenshot() else { return false }
            return count(shot, Self.grey, tolerance: 12) > 40 && count(shot, Self.gold) == 0
        })
        let owner = try world.fixture("bulk_owner.py", ["UTF8_STRING=Thor"])
        #expect(try world.status()["paused"] as? Bool == true)
        try world.xclip("Storm")
        #expect(owner.waitFor("cleared"))
        #expect(!owner.output.contains("request"), "the paused agent asked: \(owner.output)")

        try world.openMenu()
        try world.keys(["End", "Up", "Return"]) // now Resume
        #expect(world.waitForLog("tray: resumed"))
        #expect(eventually(timeout: 5) { (try? world.status())?["paused"] as? Bool == false })
        #expect(eventually(timeout: 5) { (try? world.iconScreenshot()).map { count($0, Self.gold) > 10 } == true })
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(try world.names() == ["Hulk"])
    }

    @Test func aPauseFromTheCommandLineGivesTheIconItsPausedLook() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        #expect(try world.control("pause", ["1h"]).status == 0)
        #expect(eventually(timeout: 5) {
            guard let shot = try? world.iconScreenshot() else { return false }
            return count(shot, Self.grey, tolerance: 12) > 40 && count(shot, Self.gold) == 0
        })
        #expect(try world.control("resume").status == 0)
        #expect(eventually(timeout: 5) { (try? world.iconScreenshot()).map { count($0, Self.gold) > 10 } == true })
    }

    @Test func catalogFromTheMenuOpensTheCatalogWindowOnce() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.openMenu()
        try world.keys(["Home", "Down", "Return"]) // Catalog, second
        let catalog = try world.window(classname: "herobridge-catalog")
        #expect(eventually(timeout: 10) { (try? world.mapState(of: catalog)) == "IsViewable" })
        try world.openMenu()
        try world.keys(["Home", "Down", "Return"])
        #expect(world.waitForLog("the catalog window is already open"))
    }

    @Test func aPNGDraggedFromGTKOntoTheIconSetsThePortrait() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        let file = try world.dir.write("portrait.png", ImageFixtures.png(width: 30, height: 40))
        let source = try world.dragSource(["image", file, "Storm"])
        #expect(try world.drag(from: source, to: try world.iconPoint()))
        let storm = try #require(world.waitForFavorite("Storm"), "\(world.log)")
        #expect(storm.hero.portrait?.sha256 == (try sha256(ofFile: file)))
        #expect(world.log.contains("drop: added Storm with portrait"))
    }

    @Test func aRightClickAnotherClientSendsOpensNoMenu() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        let icon = try #require(world.iconWindow())
        // A ButtonPress of button 3 sent with XSendEvent, as any client can: the menu would grab pointer and keyboard.
        let script = """
            from Xlib import X, display
            from Xlib.protocol import event
            d = display.Display()
            w = d.create_resource_object("window", \(icon))
            r = d.screen().root
            w.send_event(event.ButtonPress(time=X.CurrentTime, root=r, window=w, same_screen=1, child=X.NONE, root_x=0,
                                           root_y=0, event_x=5, event_y=5, state=0, detail=3), event_mask=X.ButtonPressMask)
            d.sync()
            """
        let sent = try HeroBridgeProcess.run(["-c", script], environment: world.environment(), executable: "/usr/bin/python3")
        #expect(sent.status == 0, "\(sent.stderr)")
        // A real click after it: once the window hides, the agent has handled the forged press too.
        try world.clickIcon(button: 1)
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsUnMapped" })
        #expect(world.menuState() == "IsUnMapped")
    }

    @Test func aDropOntoTheIconWhileOneOnTheWindowIsStillReadAbandonsTheOlderAndIsStored() throws {
        let (world, _) = try world()
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        let circle = AgentHarness.circlePoint
        // A source that never sends its data keeps the window's drop reading for the 5 s timeout.
        let silent = try world.fixture("xdnd_source.py", [try world.dropWindow(), "--position", "\(circle.0),\(circle.1)",
                                                          "--silent", "--data", "UTF8_STRING=Thor"])
        #expect(silent.waitFor("request UTF8_STRING"), "\(silent.output)")
        let point = try world.iconPoint()
        let icon = try #require(world.iconWindow())
        let next = try world.fixture("xdnd_source.py", [icon, "--position", "\(point.0),\(point.1)", "--data", "UTF8_STRING=Hulk"])
        #expect(world.waitForFavorite("Hulk") != nil, "\(world.log)")
        #expect(next.waitFor("finished success=1"), "\(next.output)")
        #expect(silent.waitFor("finished success=0"), "\(silent.output)")
        #expect(world.agent?.isRunning == true)
        #expect(try !world.names().contains("Thor"))
    }
}
