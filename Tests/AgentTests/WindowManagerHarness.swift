import Foundation
import TestSupport

/// The window-manager tests' world: a real window manager (Debian's openbox) and a real taskbar (tint2, its taskbar
/// alone along the bottom of the screen) on the test's Xvfb, and the readers the tests check our windows with:
/// xprop, and `wm_probe.py` (python3-xlib) for the icon's pixels, pings and startup-notification messages.
extension AgentHarness {
    /// The tint2 panel's height, along the bottom of the screen: its task buttons show each window's icon and title.
    static let taskbarHeight = 40

    /// Starts openbox and waits until it manages the screen (it set `_NET_SUPPORTING_WM_CHECK` on the root).
    @discardableResult
    func startOpenbox() throws -> Child {
        let child = try Child("/usr/bin/openbox", ["--sm-disable"], environment: environment(), directory: dir.path,
                              label: "openbox")
        clients.append(child)
        guard eventually(timeout: 10, {
            let root = try? HeroBridgeProcess.run(["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment(),
                                                  executable: "/usr/bin/xprop")
            return root?.stdout.contains("window id #") == true
        }) else {
            child.stop()
            throw HarnessError("openbox did not start: \(child.errors)")
        }
        return child
    }

    /// Starts tint2 with a taskbar and nothing else (no clock, no system tray: the only icons in it are the
    /// windows'), and waits until its panel window exists.
    @discardableResult
    func startTint2() throws -> Child {
        let config = """
            panel_items = T
            panel_size = 100% \(Self.taskbarHeight)
            panel_position = bottom center horizontal
            panel_padding = 2 2 2
            taskbar_mode = single_desktop
            task_icon = 1
            task_text = 1
            task_centered = 0
            task_maximum_size = 220 \(Self.taskbarHeight - 4)
            task_padding = 4 2 4
            task_font = DejaVu Sans 9
            task_icon_asb = 100 0 0
            task_active_icon_asb = 100 0 0
            mouse_left = toggle_iconify
            """
        let path = try dir.write("tint2rc", Data(config.utf8))
        let child = try Child("/usr/bin/tint2", ["-c", path], environment: environment(), directory: dir.path, label: "tint2")
        clients.append(child)
        guard eventually(timeout: 10, { (try? self.tint2Panel()) != nil }) else {
            child.stop()
            throw HarnessError("tint2 did not start: \(child.errors)")
        }
        return child
    }

    /// tint2's panel window (WM_CLASS instance `tint2`), when it exists.
    func tint2Panel() throws -> String? {
        try firstWindow(instance: "tint2")
    }

    /// `xprop -id WINDOW PROPERTY…`: one line per property, as xprop prints them (a property not set says "not found").
    func xprop(_ window: String, _ properties: [String]) throws -> String {
        try HeroBridgeProcess.run(["-id", window] + properties, environment: environment(), executable: "/usr/bin/xprop").stdout
    }

    /// Runs `wm_probe.py` with `arguments` to its end; its output lines.
    func probe(_ arguments: [String]) throws -> [String] {
        let result = try HeroBridgeProcess.run([Self.fixtures + "/wm_probe.py"] + arguments, environment: environment(),
                                               executable: "/usr/bin/python3", timeout: 120)
        guard result.status == 0 else { throw HarnessError("wm_probe.py \(arguments) failed: \(result.stderr)") }
        return result.lines
    }

    /// Clicks button 1 at (20, 60) in `window` (the drop window's empty list, the catalog's first row).
    func clickWindow(_ window: String) throws {
        _ = try HeroBridgeProcess.run(["mousemove", "--window", window, "20", "60", "sleep", "0.05", "click", "1"],
                                      environment: environment(), executable: "/usr/bin/xdotool")
    }

    /// `herobridge catalog --window` with `extraEnvironment`, once its window is up.
    func startCatalogWindow(extraEnvironment: [String: String] = [:]) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "catalog", "--window", "--display", xvfb.display,
                                                         "--geometry", "360x520+0+0"],
                              environment: environment(extraEnvironment), directory: dir.path, label: "catalog")
        clients.append(child)
        guard child.waitFor("ready: catalog window", inErrors: true) else {
            throw HarnessError("catalog window did not start: \(child.errors)")
        }
        return child
    }
}
