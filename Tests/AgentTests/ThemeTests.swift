import DropWindow
import Foundation
import Testing
import TestSupport

/// The windows' look follows the desktop: a real XSETTINGS manager (xsettingsd) on the test's Xvfb switching to a
/// dark theme turns the drop window, the catalog window and the tray menu dark while they run, and back; a manager
/// that starts or goes away later is followed too; `theme = dark` or `light` in the config wins over the desktop.
/// Every check is on pixels of a screenshot, in the palette's colours. Serialized like the other X suites.
@Suite(.serialized) struct ThemeTests {
    /// The drop window's screenshot once `check` holds for it (10 s at most).
    func dropWindow(of world: AgentHarness, _ check: (Screenshot) -> Bool) -> Screenshot? {
        var shot: Screenshot?
        let held = eventually(timeout: 10) {
            shot = try? world.screenshot()
            return shot.map(check) ?? false
        }
        return held ? shot : nil
    }

    func catalogWindow(of world: AgentHarness, _ check: (Screenshot) -> Bool) -> Bool {
        eventually(timeout: 10) { (try? world.catalogScreenshot()).map(check) ?? false }
    }

    @Test func anXSettingsDarkThemeTurnsEveryWindowDarkWhileItRunsAndBack() throws {
        let world = try AgentHarness()
        let manager = try world.startXSettings(theme: "Adwaita")
        _ = try world.startTrayer()
        try world.startAgent(AgentHarness.windowArguments)
        let catalog = try world.startScaledCatalog()
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .light) } != nil, "light under Adwaita")
        #expect(catalogWindow(of: world) { AgentHarness.isDrawn($0, in: .light) })

        try world.switchXSettings(manager, theme: "Adwaita-dark")
        #expect(world.waitForLog("theme: dark from the XSETTINGS theme Adwaita-dark, was light"), "\(world.log)")
        #expect(catalog.waitFor("theme: dark from the XSETTINGS theme Adwaita-dark, was light", inErrors: true), "\(catalog.errors)")
        let dark = try #require(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .dark) }, "the drop window turns dark")
        let panel = AgentHarness.pixel(Palette.dark.panel)
        #expect(dark.isColor(395, 598, panel.r, panel.g, panel.b, tolerance: 3), "the status line: \(dark.rgb(395, 598))")
        let accent = AgentHarness.pixel(Palette.dark.accent)
        #expect(dark.isColor(200, 60, accent.r, accent.g, accent.b, tolerance: 3), "the circle: \(dark.rgb(200, 60))")
        #expect(catalogWindow(of: world) { AgentHarness.isDrawn($0, in: .dark) }, "the catalog window turns dark")
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.openMenu()
        let menu = try Screenshot.capture(window: try world.window(classname: "herobridge-tray-menu"), display: world.xvfb.display)
        #expect(AgentHarness.isDrawn(menu, in: .dark, background: \.menu), "the tray menu is dark")
        try world.keys(["Escape"])

        try world.switchXSettings(manager, theme: "Adwaita")
        #expect(world.waitForLog("theme: light from the XSETTINGS theme Adwaita, was dark"), "\(world.log)")
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .light) } != nil, "light again")
        #expect(catalogWindow(of: world) { AgentHarness.isDrawn($0, in: .light) })
    }

    @Test func aManagerThatStartsLaterIsFollowedAndOneThatGoesAwayLeavesTheLightLook() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .light) } != nil, "light with no manager")
        // Its MANAGER message on the root window announces it.
        let manager = try world.startXSettings(theme: "Arc-Dark")
        #expect(world.waitForLog("theme: dark from the XSETTINGS theme Arc-Dark, was light"), "\(world.log)")
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .dark) } != nil)
        // Its window's DestroyNotify: no manager, no word, light.
        manager.stop(signal: SIGTERM)
        #expect(world.waitForLog("theme: light from no theme setting, portal preference or XSETTINGS manager, was dark"),
                "\(world.log)")
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .light) } != nil)
    }

    @Test func theThemeSettingWinsOverTheDesktop() throws {
        let world = try AgentHarness()
        let manager = try world.startXSettings(theme: "Adwaita-dark")
        try world.startAgent(["--config", try world.agentConfig("theme = light\n")] + AgentHarness.windowArguments)
        #expect(dropWindow(of: world) { AgentHarness.isDrawn($0, in: .light) } != nil, "theme = light under Adwaita-dark")
        try world.switchXSettings(manager, theme: "Adwaita")
        try world.switchXSettings(manager, theme: "Adwaita-dark")
        try world.roundTrip()
        #expect(!world.log.contains("theme:"), "the desktop is not even watched: \(world.log)")
        #expect(try world.screenshot().isColor(380, 230, 250, 250, 250, tolerance: 3))

        let second = try AgentHarness()
        try second.startAgent(["--config", try second.agentConfig("theme = dark\n")])
        #expect(second.waitForLog("theme: dark from the theme setting"), "\(second.log)")
        #expect(dropWindow(of: second) { AgentHarness.isDrawn($0, in: .dark) } != nil, "theme = dark with no manager")
    }

    /// Both looks at 1× and 2× (Xft.dpi 192), for each window: the sizes of the HiDPI tests, every one drawn in
    /// its palette.
    @Test(arguments: [(96, "light"), (96, "dark"), (192, "light"), (192, "dark")])
    func eachLookAtEachScale(dpi: Int, look: String) throws {
        let palette: Palette = look == "dark" ? .dark : .light
        let factor = dpi / 96
        let world = try AgentHarness(screen: AgentHarness.hidpiScreen)
        try world.mergeResources("Xft.dpi:\t\(dpi)\n")
        try FileManager.default.createDirectory(atPath: world.dir.file("config/herobridge"), withIntermediateDirectories: true)
        _ = try world.dir.write("config/herobridge/config", Data("theme = \(look)\n".utf8))
        let environment = ["XDG_CONFIG_HOME": world.dir.path + "/config"]
        _ = try world.startTrayer()
        try world.cli(["add", "Thor"])
        try world.startAgent(extraEnvironment: environment)
        let drop = dropWindow(of: world) { $0.width == 400 * factor && AgentHarness.isDrawn($0, in: palette) }
        #expect(drop != nil, "the drop window at \(factor)× in \(look)")
        let catalog = try world.startScaledCatalog(extraEnvironment: environment)
        #expect(catalogWindow(of: world) { $0.width == 360 * factor && AgentHarness.isDrawn($0, in: palette) },
                "the catalog window at \(factor)× in \(look): \(catalog.errors)")
        #expect(eventually(timeout: 10) { world.iconIsDocked() })
        try world.openMenu()
        let menu = try Screenshot.capture(window: try world.window(classname: "herobridge-tray-menu"), display: world.xvfb.display)
        #expect(menu.width == Int(TrayMenu.width) * factor)
        #expect(AgentHarness.isDrawn(menu, in: palette, background: \.menu), "the tray menu at \(factor)× in \(look)")
    }
}
