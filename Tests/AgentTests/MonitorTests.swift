import DropWindow
import Foundation
import Testing
import TestSupport

/// Several monitors on one Xvfb screen, made by the real `xrandr --setmonitor` (RandR 1.5), and removed by
/// `--delmonitor` while the agent runs: the drop window opens on the pointer's monitor, goes back onto a monitor that
/// still exists when its own is removed, is shown on the pointer's or the tray icon's monitor, and the tray menu opens
/// inside the icon's monitor. No window manager runs: the windows are where the agent puts them.
@Suite(.serialized) struct MonitorTests {
    /// The drop window's size when the user gives none (1×).
    static let size = (width: WindowGeometry.default.width, height: WindowGeometry.default.height)

    /// Whether window `id` is at (x, y) now.
    func isWindow(_ id: String, of world: AgentHarness, at place: (x: Int, y: Int)) -> Bool {
        (try? world.rect(of: id)).map { $0.x == place.x && $0.y == place.y } ?? false
    }

    @Test func theWindowOpensOnThePointersMonitorAndComesBackWhenThatMonitorIsRemoved() throws {
        let world = try AgentHarness()
        try world.splitMonitors(at: 640)
        try world.xdotool(["mousemove", "900", "500"])
        try world.startAgent()
        // In the order the server lists them: the ones `--setmonitor` made, in the order they were made.
        #expect(world.log.contains("monitors: right 640x1024+640+0, left 640x1024+0+0"), "\(world.log)")
        let window = try world.dropWindow()
        let opened = try world.rect(of: window)
        #expect(opened == (640, 0, Self.size.width, Self.size.height), "at the right monitor's top left: \(opened)")

        try world.xrandr(["--delmonitor", "right"])
        // Taken from `xrandr --delmonitor`'s ConfigureNotify of the root window: RandR itself sends nothing for it.
        #expect(world.waitForLog("monitors: left 640x1024+0+0 (were right 640x1024+640+0, left 640x1024+0+0)", timeout: 60),
                "\(world.log)")
        #expect(eventually(timeout: 60) { isWindow(window, of: world, at: (0, 0)) }, "\(String(describing: try? world.rect(of: window)))")
        let back = try world.rect(of: window)
        #expect(back.x >= 0 && back.x + back.width <= 640 && back.y >= 0 && back.y + back.height <= 1024,
                "inside the remaining monitor: \(back)")
        #expect(world.waitForLog("window: moved to +0+0, back on a monitor"), "\(world.log)")
    }

    /// The catalog window's own program follows the monitors as the agent does.
    @Test func theCatalogWindowOpensOnThePointersMonitorAndComesBackToo() throws {
        let world = try AgentHarness()
        try world.splitMonitors(at: 640)
        try world.xdotool(["mousemove", "900", "500"])
        let catalog = try world.startScaledCatalog()
        world.clients.append(catalog)
        let window = try world.window(classname: "herobridge-catalog")
        #expect(isWindow(window, of: world, at: (640, 0)), "\(String(describing: try? world.rect(of: window)))")
        try world.xrandr(["--delmonitor", "right"])
        #expect(eventually(timeout: 60) { isWindow(window, of: world, at: (0, 0)) },
                "\(String(describing: try? world.rect(of: window))) \(catalog.errors)")
    }

    @Test func showBringsTheWindowToThePointersMonitorAtTheSamePlaceOnIt() throws {
        let world = try AgentHarness()
        try world.splitMonitors(at: 640)
        try world.xdotool(["mousemove", "100", "500"])
        try world.startAgent()
        let window = try world.dropWindow()
        #expect(isWindow(window, of: world, at: (0, 0)), "on the left monitor, where the pointer is")
        try world.xdotool(["mousemove", "1000", "300"])
        let show = try HeroBridgeProcess.run(["show", "--display", world.xvfb.display], environment: world.environment())
        #expect(show.status == 0, "\(show.stderr)")
        #expect(eventually(timeout: 60) { isWindow(window, of: world, at: (640, 0)) },
                "\(String(describing: try? world.rect(of: window)))")
    }

    @Test func aPlaceTheUserGaveWinsOverThePointersMonitor() throws {
        let world = try AgentHarness()
        try world.splitMonitors(at: 640)
        try world.xdotool(["mousemove", "900", "500"])
        try world.startAgent(["--geometry", "+10+20"])
        let window = try world.dropWindow()
        #expect(isWindow(window, of: world, at: (10, 20)), "\(String(describing: try? world.rect(of: window)))")
        // Shown again with the pointer on the other monitor: it stays where the user put it.
        let show = try HeroBridgeProcess.run(["show", "--display", world.xvfb.display], environment: world.environment())
        #expect(show.status == 0, "\(show.stderr)")
        try world.roundTrip()
        #expect(isWindow(window, of: world, at: (10, 20)), "\(String(describing: try? world.rect(of: window)))")
    }

    /// trayer's panel is at the top of the screen, 300 pixels from its left edge. With the right monitor starting 20
    /// pixels right of the icon, a menu starting at the icon's left edge would reach onto it: it ends at the icon's
    /// right edge instead.
    @Test func theTrayMenuOpensInsideTheIconsMonitor() throws {
        let world = try AgentHarness()
        try world.startTrayer(leftMargin: 300)
        try world.startAgent(AgentHarness.windowArguments)
        #expect(eventually(timeout: 60) { world.iconIsDocked() }, "\(world.log)")
        let icon = try world.iconRect()
        let width = Int(TrayMenu.width), height = Int(TrayMenu(paused: false).height.rounded(.up))
        try #require(icon.x + width <= 1280, "the icon leaves room for the menu on the screen: \(icon)")
        // One monitor: the menu starts at the icon's left edge, under it.
        try world.openMenu()
        let menu = try world.window(classname: "herobridge-tray-menu")
        #expect(try world.rect(of: menu) == (icon.x, icon.y + icon.height, width, height))
        try world.keys(["Escape"])
        #expect(eventually(timeout: 60) { world.menuState() == "IsUnMapped" })

        let boundary = icon.x + icon.width + 20
        try world.splitMonitors(at: boundary)
        try world.roundTrip()
        #expect(try world.iconRect() == icon, "trayer stays where it was")
        #expect(isWindow(try world.dropWindow(), of: world, at: AgentHarness.windowOrigin), "the drop window stayed, off the icon")
        try world.openMenu()
        let placed = try world.rect(of: menu)
        #expect(placed == (icon.x + icon.width - width, icon.y + icon.height, width, height), "\(placed), icon \(icon)")
        #expect(placed.x + placed.width <= boundary, "inside the icon's monitor")
    }

    /// Show window chosen from the tray menu by the keyboard while the pointer is on the other monitor: the window
    /// goes to the icon's monitor, not the pointer's.
    @Test func showWindowFromTheTrayGoesToTheIconsMonitor() throws {
        let world = try AgentHarness()
        try world.startTrayer()
        try world.splitMonitors(at: 640)
        try world.xdotool(["mousemove", "100", "500"])
        try world.startAgent()
        #expect(eventually(timeout: 60) { world.iconIsDocked() }, "\(world.log)")
        let window = try world.dropWindow()
        #expect(isWindow(window, of: world, at: (0, 0)), "on the left monitor, where the pointer was")
        let icon = try world.iconRect()
        try #require(icon.x >= 640, "trayer's icon is on the right monitor: \(icon)")
        try world.openMenu()
        // The menu holds the pointer grab; the pointer still moves, onto the left monitor.
        try world.xdotool(["mousemove", "100", "900"])
        try world.keys(["Down", "Return"]) // the first item: Show window
        #expect(eventually(timeout: 60) { isWindow(window, of: world, at: (640, 0)) },
                "\(String(describing: try? world.rect(of: window)))")
    }

    /// Catalog chosen the same way: its window (a process of its own) opens at the top left of the icon's monitor.
    @Test func theCatalogFromTheTrayOpensOnTheIconsMonitor() throws {
        let world = try AgentHarness()
        try world.startTrayer()
        try world.splitMonitors(at: 640)
        try world.startAgent()
        #expect(eventually(timeout: 60) { world.iconIsDocked() }, "\(world.log)")
        try #require(try world.iconRect().x >= 640, "trayer's icon is on the right monitor")
        try world.openMenu()
        try world.xdotool(["mousemove", "100", "900"])
        try world.keys(["Down", "Down", "Return"]) // the second item: Catalog
        #expect(world.waitForLog("tray: opened the catalog window", timeout: 60), "\(world.log)")
        let catalog = try world.window(classname: "herobridge-catalog")
        #expect(eventually(timeout: 60) { isWindow(catalog, of: world, at: (640, 0)) },
                "\(String(describing: try? world.rect(of: catalog)))")
    }
}
