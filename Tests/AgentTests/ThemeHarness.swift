import DropWindow
import Foundation
import TestSupport

/// The theme tests' world: a real XSETTINGS manager (Debian's `xsettingsd`) on the test's own Xvfb, given its
/// settings in a config file and told to read it again with SIGHUP, as a desktop session's settings daemon does
/// when the user picks another theme.
extension AgentHarness {
    /// Writes xsettingsd's config with `Net/ThemeName` set to `theme`.
    func writeXSettings(theme: String) throws -> String {
        try dir.write("xsettingsd.conf", Data("Net/ThemeName \"\(theme)\"\nXft/Antialias 1\n".utf8))
    }

    /// Starts xsettingsd with `Net/ThemeName` `theme` and waits until it owns `_XSETTINGS_S0`.
    @discardableResult
    func startXSettings(theme: String) throws -> Child {
        let config = try writeXSettings(theme: theme)
        let (program, arguments) = Child.unblockingSignals("/usr/bin/xsettingsd", ["--config", config])
        let child = try Child(program, arguments, environment: environment(), directory: dir.path, label: "xsettingsd")
        clients.append(child)
        guard eventually(timeout: 10, { self.owns(selection: "_XSETTINGS_S0") }) else {
            child.stop()
            throw HarnessError("xsettingsd did not start: \(child.errors)")
        }
        return child
    }

    /// A new theme for the running xsettingsd: its config rewritten, then SIGHUP, which makes it read the file
    /// again and publish the settings that changed.
    func switchXSettings(_ child: Child, theme: String) throws {
        _ = try writeXSettings(theme: theme)
        kill(child.process.processIdentifier, SIGHUP)
    }

    /// Whether some client owns `selection` (python3-xlib, not HeroBridge, asks the server).
    func owns(selection: String) -> Bool {
        let script = "from Xlib import display\nd = display.Display()\n"
            + "print(d.get_selection_owner(d.intern_atom('\(selection)')))"
        let result = try? HeroBridgeProcess.run(["-c", script], environment: environment(), executable: "/usr/bin/python3")
        return result.map { $0.status == 0 && $0.stdout.hasPrefix("<Window") } ?? false
    }

    /// A config file of the agent's with `text`, for `--config`.
    func agentConfig(_ text: String) throws -> String {
        try dir.write("config-\(UUID().uuidString.prefix(8))", Data(text.utf8))
    }

    /// The 8-bit pixel cairo draws for `color` on a 24-bit visual.
    static func pixel(_ color: Palette.Color) -> (r: Int, g: Int, b: Int) {
        func channel(_ value: Double) -> Int { Int((value * 65535).rounded()) >> 8 }
        return (channel(color.red), channel(color.green), channel(color.blue))
    }

    /// How many pixels of `shot` (all of it) are `color`, give or take 3 per channel.
    static func count(_ shot: Screenshot, _ color: Palette.Color) -> Int {
        let p = pixel(color)
        return shot.count(x: 0, y: 0, width: shot.width, height: shot.height, p.r, p.g, p.b, tolerance: 3)
    }

    /// Whether `shot` is mostly in `palette`: at least `share` of its pixels are its `background` (or `menu`,
    /// for the tray menu), and almost none the other palette's (a glyph's antialiased edge may pass through it).
    static func isDrawn(_ shot: Screenshot, in palette: Palette, background: KeyPath<Palette, Palette.Color> = \.background,
                        share: Double = 0.5) -> Bool {
        let other = palette == .dark ? Palette.light : Palette.dark
        let total = shot.width * shot.height
        return Double(count(shot, palette[keyPath: background])) >= share * Double(total)
            && Double(count(shot, other[keyPath: background])) < 0.02 * Double(total)
    }
}
