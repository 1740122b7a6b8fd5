import Foundation
import TestSupport

/// The monitor tests' world: monitors made on the test's Xvfb by the real `xrandr` (RandR 1.5's `--setmonitor` and
/// `--delmonitor`, which split one screen into several monitors as a desktop with several outputs has them), and a
/// window's place read back by `xwininfo`.
extension AgentHarness {
    /// Runs `xrandr arguments…` on the test's display.
    func xrandr(_ arguments: [String]) throws {
        let result = try HeroBridgeProcess.run(arguments, environment: environment(), executable: "/usr/bin/xrandr")
        guard result.status == 0 else { throw HarnessError("xrandr \(arguments) failed: \(result.stderr)") }
    }

    /// Splits the screen (1280×1024 by default) into two monitors side by side at `x`: `left` with the screen's one
    /// output (Xvfb's `screen`), and `right`, a monitor of no output (the one `--delmonitor` then removes). `right`
    /// first: `left` takes the output's own monitor (the whole screen) away, and made first it would be, for a
    /// moment, the only monitor, and a running agent would rightly move its windows onto it.
    func splitMonitors(at x: Int, screen: (width: Int, height: Int) = (1280, 1024)) throws {
        try xrandr(["--setmonitor", "right", "\(screen.width - x)/170x\(screen.height)/271+\(x)+0", "none"])
        try xrandr(["--setmonitor", "left", "\(x)/170x\(screen.height)/271+0+0", "screen"])
    }

    /// The rectangle of window `id` (xdotool's decimal id) on the root window, by `xwininfo`.
    func rect(of id: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let lines = try HeroBridgeProcess.run(["-id", id], environment: environment(), executable: "/usr/bin/xwininfo").lines
        func field(_ name: String) -> Int {
            Int(lines.first { $0.contains(name) }?.components(separatedBy: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
        }
        return (field("Absolute upper-left X"), field("Absolute upper-left Y"), field("Width"), field("Height"))
    }
}
