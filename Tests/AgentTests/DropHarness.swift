import Foundation
import TestSupport

/// Drags for the drop-window tests: the GTK source sits at (50, 50); the agent's window at +600+0, 400×600.
extension AgentHarness {
    static let windowOrigin = (x: 600, y: 0)
    static let windowArguments = ["--geometry", "400x600+600+0"]

    /// A point in the drop window, in root coordinates.
    static func root(_ x: Int, _ y: Int) -> (Int, Int) { (windowOrigin.x + x, windowOrigin.y + y) }
    /// The middle of favorite row `index` (window layout: rows start at y = 248, 56 px each).
    static func rowPoint(_ index: Int) -> (Int, Int) { root(200, 248 + 56 * index + 28) }
    static let circlePoint = root(200, 120)

    /// Starts the GTK drag source in `mode` (see gtk_drag_source.py) and waits until its window is mapped.
    func dragSource(_ arguments: [String]) throws -> Child {
        let source = try fixture("gtk_drag_source.py", arguments)
        usleep(200_000) // let GTK finish its first paint before the pointer arrives
        return source
    }

    /// Drags from the source's button to `point` and releases there, the way docs/SWIFT-XLIB.md §14.2 found
    /// reliable: a move past the drag threshold over the source, then two moves over the target, a pause so
    /// that the XdndStatus reaches GTK, then the release. Waits until the source reports the drag's end.
    @discardableResult
    func drag(from source: Child, to point: (Int, Int), release: Bool = true) throws -> Bool {
        let ends = source.output.components(separatedBy: "end").count
        var steps = ["mousemove", "150", "110", "sleep", "0.05", "mousedown", "1", "sleep", "0.05",
                     "mousemove", "170", "115", "sleep", "0.05",
                     "mousemove", "\(point.0)", "\(point.1)", "sleep", "0.05",
                     "mousemove", "\(point.0 + 2)", "\(point.1 + 2)", "sleep", "0.15"]
        steps += release ? ["mouseup", "1"] : []
        let result = try HeroBridgeProcess.run(steps, environment: environment(), executable: "/usr/bin/xdotool")
        guard result.status == 0 else { throw HarnessError("xdotool failed: \(result.stderr)") }
        guard release else { return true }
        return eventually(timeout: 10) { source.output.components(separatedBy: "end").count > ends }
    }

    /// Moves the pointer somewhere and releases button 1 (ends a drag that was left hanging).
    func release(at point: (Int, Int)) throws {
        _ = try HeroBridgeProcess.run(["mousemove", "\(point.0)", "\(point.1)", "sleep", "0.1", "mouseup", "1"],
                                      environment: environment(), executable: "/usr/bin/xdotool")
    }

    func click(_ point: (Int, Int)) throws {
        _ = try HeroBridgeProcess.run(["mousemove", "\(point.0)", "\(point.1)", "sleep", "0.05", "click", "1"],
                                      environment: environment(), executable: "/usr/bin/xdotool")
    }

    /// The drop window's id, found by its WM_CLASS.
    func dropWindow() throws -> String {
        var id = ""
        eventually(timeout: 5) {
            let result = try? HeroBridgeProcess.run(["search", "--classname", "^herobridge$"], environment: environment(),
                                                    executable: "/usr/bin/xdotool")
            id = result?.lines.first ?? ""
            return !id.isEmpty
        }
        guard !id.isEmpty else { throw HarnessError("no window with WM_CLASS instance herobridge") }
        return id
    }

    func screenshot() throws -> Screenshot {
        try Screenshot.capture(window: try dropWindow(), display: xvfb.display)
    }

    /// `xwininfo`'s "Map State" of the drop window: IsViewable or IsUnMapped.
    func mapState() throws -> String {
        let result = try HeroBridgeProcess.run(["-id", try dropWindow()], environment: environment(),
                                               executable: "/usr/bin/xwininfo")
        return result.lines.first { $0.contains("Map State:") }?.components(separatedBy: ": ").last ?? ""
    }
}
