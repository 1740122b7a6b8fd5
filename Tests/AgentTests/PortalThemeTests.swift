import DropWindow
import Foundation
import Testing
import TestSupport

/// The appearance portal on a private session bus: Debian's real xdg-desktop-portal with its GTK backend, whose
/// `color-scheme` comes from GSettings (`org.gnome.desktop.interface color-scheme`, in a keyfile of the test's own,
/// set with the real `gsettings`). The portal's word wins over XSETTINGS and is followed live through its
/// SettingChanged signal; "no preference" hands the word back to XSETTINGS.
@Suite(.serialized) struct PortalThemeTests {
    /// The portal processes' environment: the bus, the display, GNOME (whose portal backend is the GTK one) and
    /// GSettings in a keyfile under the test's folder, never the developer's settings.
    static func environment(_ world: AgentHarness, _ bus: SessionBus) -> [String: String] {
        bus.environment(display: world.xvfb.display).merging([
            "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": world.dir.file("portal-config"),
            "XDG_DATA_HOME": world.dir.file("portal-data"), "XDG_RUNTIME_DIR": world.dir.file("runtime"),
        ]) { $1 }
    }

    static func setColorScheme(_ value: String, _ world: AgentHarness, _ bus: SessionBus) throws {
        let result = try HeroBridgeProcess.run(["set", "org.gnome.desktop.interface", "color-scheme", value],
                                               environment: environment(world, bus), executable: "/usr/bin/gsettings")
        guard result.status == 0 else { throw HarnessError("gsettings failed: \(result.stderr)") }
    }

    /// The GTK backend, then the portal itself, each once it owns its bus name.
    static func startPortal(_ world: AgentHarness, _ bus: SessionBus) throws {
        try FileManager.default.createDirectory(atPath: world.dir.file("runtime"), withIntermediateDirectories: true)
        for (program, name) in [("xdg-desktop-portal-gtk", "org.freedesktop.impl.portal.desktop.gtk"),
                                ("xdg-desktop-portal", "org.freedesktop.portal.Desktop")] {
            let child = try Child("/usr/libexec/" + program, [], environment: environment(world, bus), directory: world.dir.path,
                                  label: program)
            world.clients.append(child)
            guard eventually(timeout: 20, { bus.hasOwner(name) }) else { throw HarnessError("\(program) did not start: \(child.errors)") }
        }
    }

    func dropWindow(of world: AgentHarness, in palette: Palette) -> Bool {
        eventually(timeout: 10) { (try? world.screenshot()).map { AgentHarness.isDrawn($0, in: palette) } ?? false }
    }

    @Test func thePortalsColorSchemeWinsOverXSettingsAndIsFollowedLive() throws {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        defer { bus.stop() }
        let manager = try world.startXSettings(theme: "Adwaita")
        try Self.setColorScheme("prefer-dark", world, bus)
        try Self.startPortal(world, bus)
        try world.startAgent(AgentHarness.windowArguments,
                             extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(world.waitForLog("theme: dark from the desktop portal's color-scheme, was light"), "\(world.log)")
        #expect(dropWindow(of: world, in: .dark), "prefer-dark wins over the light Adwaita")

        try Self.setColorScheme("prefer-light", world, bus)
        #expect(world.waitForLog("theme: light from the desktop portal's color-scheme, was dark"), "\(world.log)")
        #expect(dropWindow(of: world, in: .light))

        // "default" is no preference: XSETTINGS decides again, and follows its manager.
        try Self.setColorScheme("default", world, bus)
        try world.switchXSettings(manager, theme: "Adwaita-dark")
        #expect(world.waitForLog("theme: dark from the XSETTINGS theme Adwaita-dark, was light"), "\(world.log)")
        #expect(dropWindow(of: world, in: .dark))
    }
}
