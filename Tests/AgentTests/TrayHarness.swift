import Foundation
import TestSupport

/// The system tray tests' world: a real XEmbed tray (Debian's `trayer`, a GTK panel at the top right of the
/// screen) on the test's Xvfb, and what the tests look at: our icon window, whether it is inside trayer's panel,
/// its map state and place, and the menu's map state.
extension AgentHarness {
    /// Starts trayer (200×32 at the top right, or at the top left `margin` pixels in with `leftMargin`) and waits
    /// until its panel window exists. trayer announces no `_NET_SYSTEM_TRAY_VISUAL`, so the icon is drawn over the
    /// panel's background (ParentRelative).
    @discardableResult
    func startTrayer(leftMargin: Int? = nil) throws -> Child {
        let place = leftMargin.map { ["--align", "left", "--margin", "\($0)"] } ?? ["--align", "right"]
        let child = try Child("/usr/bin/trayer", ["--edge", "top"] + place + ["--widthtype", "pixel", "--width", "200",
                                                  "--heighttype", "pixel", "--height", "32", "--transparent", "false"],
                              environment: environment(), directory: dir.path, label: "trayer")
        clients.append(child)
        guard eventually(timeout: 10, { (try? self.trayPanel()) != nil && self.ownsTraySelection() }) else {
            child.stop()
            throw HarnessError("trayer did not start: \(child.errors)")
        }
        return child
    }

    /// trayer's panel window (WM_CLASS instance `panel`), when it exists.
    func trayPanel() throws -> String? {
        try firstWindow(instance: "panel")
    }

    /// The first window whose WM_CLASS instance is `instance` (xdotool's id), when one exists: a panel's, say.
    func firstWindow(instance: String) throws -> String? {
        let result = try HeroBridgeProcess.run(["search", "--classname", "^\(instance)$"], environment: environment(),
                                               executable: "/usr/bin/xdotool")
        return result.lines.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether some client owns `_NET_SYSTEM_TRAY_S0` (python3-xlib, not HeroBridge, asks the server).
    func ownsTraySelection() -> Bool {
        let script = "from Xlib import display\nd = display.Display()\n"
            + "print(d.get_selection_owner(d.intern_atom('_NET_SYSTEM_TRAY_S0')))"
        let result = try? HeroBridgeProcess.run(["-c", script], environment: environment(), executable: "/usr/bin/python3")
        return result.map { $0.status == 0 && $0.stdout.hasPrefix("<Window") } ?? false // "0" when nobody owns it
    }

    /// Our icon window's id (WM_CLASS instance `herobridge-tray`), or nil when the agent made none.
    func iconWindow() -> String? {
        let result = try? HeroBridgeProcess.run(["search", "--classname", "^herobridge-tray$"], environment: environment(),
                                                executable: "/usr/bin/xdotool")
        return result?.lines.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether our icon is inside trayer's panel (`xwininfo -tree` of the panel lists it) and viewable there.
    func iconIsDocked() -> Bool {
        guard let panel = try? trayPanel(), let icon = iconWindow(),
              let tree = try? HeroBridgeProcess.run(["-tree", "-id", panel], environment: environment(),
                                                    executable: "/usr/bin/xwininfo") else { return false }
        return tree.stdout.contains("\"herobridge-tray\"") && (try? mapState(of: icon)) == "IsViewable"
            && tree.stdout.contains(Self.hexID(icon))
    }

    /// `xwininfo`'s id form (0x400009) of xdotool's decimal id.
    static func hexID(_ decimal: String) -> String { "0x" + String(Int(decimal) ?? 0, radix: 16) }

    /// The Map State line of `xwininfo -id`: IsViewable, IsUnMapped or IsUnviewable.
    func mapState(of id: String) throws -> String {
        let result = try HeroBridgeProcess.run(["-id", id], environment: environment(), executable: "/usr/bin/xwininfo")
        return result.lines.first { $0.contains("Map State:") }?.components(separatedBy: ": ").last ?? ""
    }

    /// The icon's rectangle in root coordinates.
    func iconRect() throws -> (x: Int, y: Int, width: Int, height: Int) {
        guard let icon = iconWindow() else { throw HarnessError("no tray icon window") }
        return try rect(of: icon)
    }

    /// The middle of the icon, in root coordinates.
    func iconPoint() throws -> (Int, Int) {
        let rect = try iconRect()
        return (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    /// Clicks `button` on the icon.
    func clickIcon(button: Int) throws {
        let point = try iconPoint()
        _ = try HeroBridgeProcess.run(["mousemove", "\(point.0)", "\(point.1)", "sleep", "0.05", "click", "\(button)"],
                                      environment: environment(), executable: "/usr/bin/xdotool")
    }

    /// Presses keys with xdotool (the menu holds the keyboard grab, so they reach it wherever the focus is).
    func keys(_ names: [String]) throws {
        _ = try HeroBridgeProcess.run(["key", "--delay", "30"] + names, environment: environment(), executable: "/usr/bin/xdotool")
    }

    /// The menu window's map state ("" before the agent made it).
    func menuState() -> String {
        (try? window(classname: "herobridge-tray-menu")).flatMap { try? mapState(of: $0) } ?? ""
    }

    /// Opens the menu with a right click on the icon and waits until it is mapped.
    func openMenu() throws {
        try clickIcon(button: 3)
        guard eventually(timeout: 5, { self.menuState() == "IsViewable" }) else { throw HarnessError("the tray menu did not open") }
    }

    /// The icon as it is on screen.
    func iconScreenshot() throws -> Screenshot {
        guard let icon = iconWindow() else { throw HarnessError("no tray icon window") }
        return try Screenshot.capture(window: icon, display: xvfb.display)
    }
}
