import DropWindow
import Foundation
import Testing
import TestSupport

/// The `theme` of the config file edited while the agent and the catalog window run: each edit changes their look
/// at once, the way a user expects of a settings file beside a running desktop tool (saved in place, saved by an
/// editor's rename, removed, made in a folder that did not exist at start); a line with a mistake is one log line
/// and the look in force stays; a setting that cannot change while running says it waits for a restart. Every look
/// is checked on a screenshot's pixels. Serialized like the other X suites.
@Suite(.serialized) struct ThemeConfigTests {
    func dropWindow(of world: AgentHarness, in palette: Palette) -> Bool {
        eventually(timeout: 10) { (try? world.screenshot()).map { AgentHarness.isDrawn($0, in: palette) } ?? false }
    }

    func catalogWindow(of world: AgentHarness, in palette: Palette) -> Bool {
        eventually(timeout: 10) { (try? world.catalogScreenshot()).map { AgentHarness.isDrawn($0, in: palette) } ?? false }
    }

    /// Saves `text` as the config file the way an editor that replaces files does: a new file, renamed over it.
    func saveByRename(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
        guard rename(path + ".new", path) == 0 else { throw HarnessError("rename: \(String(cString: strerror(errno)))") }
    }

    @Test func eachEditOfTheConfigFileSwitchesTheLookWhileTheWindowsRun() throws {
        let world = try AgentHarness()
        // No config file, nor its folders under the test's HOME: the agent and the window start in the default look.
        let folder = world.dir.file(".config/herobridge")
        let config = folder + "/config"
        #expect(!FileManager.default.fileExists(atPath: world.dir.file(".config")))
        try world.startAgent(AgentHarness.windowArguments)
        let catalog = try world.startScaledCatalog()
        #expect(dropWindow(of: world, in: .light))

        // The folders made after the start, and the file written in place.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("theme = dark\n".utf8).write(to: URL(fileURLWithPath: config))
        #expect(world.waitForLog("config: theme = dark applied"), "\(world.log)")
        #expect(world.waitForLog("theme: dark from the theme setting, was light"), "\(world.log)")
        #expect(dropWindow(of: world, in: .dark), "the drop window turns dark")
        #expect(catalog.waitFor("config: theme = dark applied", inErrors: true), "\(catalog.errors)")
        #expect(catalogWindow(of: world, in: .dark), "the catalog window turns dark")

        // An editor's save: a new file renamed over the old one.
        try saveByRename("# my look\ntheme = light\n", to: config)
        #expect(world.waitForLog("theme: light from the theme setting, was dark"), "\(world.log)")
        #expect(dropWindow(of: world, in: .light))
        #expect(catalogWindow(of: world, in: .light))

        // A mistake: one line that names it, and the look in force stays.
        try saveByRename("theme = purple\n", to: config)
        #expect(world.waitForLog("config: \(config):1: theme: \"purple\" is not auto, light or dark; the settings in force stay"),
                "\(world.log)")
        try world.roundTrip()
        #expect(AgentHarness.isDrawn(try world.screenshot(), in: .light), "still light")

        // A setting the agent cannot change while it runs says so; the look beside it still applies.
        try saveByRename("theme = dark\nselections = clipboard,primary\n", to: config)
        #expect(world.waitForLog("config: selections changed; it applies when the agent restarts"), "\(world.log)")
        #expect(dropWindow(of: world, in: .dark))
        #expect(catalog.waitFor("theme: dark from the theme setting, was light", inErrors: true), "\(catalog.errors)")
        #expect(!catalog.errors.contains("selections changed"), "the catalog window has no selections to speak of")

        // The file removed: the defaults, and with no desktop setting that is the light look.
        try FileManager.default.removeItem(atPath: config)
        #expect(world.waitForLog("config: theme = auto applied"), "\(world.log)")
        #expect(dropWindow(of: world, in: .light))
        #expect(catalogWindow(of: world, in: .light))
    }

    /// `scale` is the other setting of the look: an edit resizes the window by the ratio, as Xft.dpi's change does.
    @Test func anEditOfTheScaleResizesTheWindowWhileItRuns() throws {
        let world = try AgentHarness(screen: AgentHarness.hidpiScreen)
        let config = try world.agentConfig("scale = 1\n")
        // No --geometry: a size given in pixels is kept whatever the scale.
        try world.startAgent(["--config", config])
        #expect(eventually(timeout: 10) { (try? world.screenshot())?.width == 400 }, "1× at start")
        try saveByRename("scale = 2\n", to: config)
        #expect(world.waitForLog("config: scale = 2 applied"), "\(world.log)")
        #expect(world.waitForLog("scale: 2× from the scale setting, was 1×"), "\(world.log)")
        #expect(eventually(timeout: 10) { (try? world.screenshot())?.width == 800 }, "twice the size")
    }

    @Test func fromAFixedLookToAutoTheDesktopIsFollowedFromThenOn() throws {
        let world = try AgentHarness()
        let manager = try world.startXSettings(theme: "Adwaita-dark")
        let config = try world.agentConfig("theme = light\n")
        try world.startAgent(["--config", config] + AgentHarness.windowArguments)
        #expect(dropWindow(of: world, in: .light), "theme = light under Adwaita-dark")

        try saveByRename("theme = auto\n", to: config)
        #expect(world.waitForLog("config: theme = auto applied"), "\(world.log)")
        #expect(world.waitForLog("theme: dark from the XSETTINGS theme Adwaita-dark, was light"), "\(world.log)")
        #expect(dropWindow(of: world, in: .dark))
        // Followed from then on: the desktop switching back is seen.
        try world.switchXSettings(manager, theme: "Adwaita")
        #expect(world.waitForLog("theme: light from the XSETTINGS theme Adwaita, was dark"), "\(world.log)")
        #expect(dropWindow(of: world, in: .light))

        // A file named with --config must stay: removing it is a mistake, not the defaults.
        try FileManager.default.removeItem(atPath: config)
        #expect(world.waitForLog("; the settings in force stay"), "\(world.log)")
    }
}
