import DropWindow
import Foundation
import TestSupport

/// Drags for the drop-window tests: the GTK source sits at (50, 50); the agent's window at +600+0, 400×600. Points
/// in the window come from the window's own `DropLayout`, never retyped.
extension AgentHarness {
    static let windowOrigin = (x: 600, y: 0)
    static let windowSize = (width: 400, height: 600)
    static let windowArguments = ["--geometry", "\(windowSize.width)x\(windowSize.height)+\(windowOrigin.x)+\(windowOrigin.y)"]
    static let layout = DropLayout(width: Double(windowSize.width), height: Double(windowSize.height), rowCount: 0)

    /// A point in the drop window, in root coordinates.
    static func root(_ x: Int, _ y: Int) -> (Int, Int) { (windowOrigin.x + x, windowOrigin.y + y) }
    static func root(_ point: (Int, Int)) -> (Int, Int) { root(point.0, point.1) }
    /// The middle of a layout rectangle, in window coordinates.
    static func middle(_ rect: DropLayout.Rect) -> (Int, Int) { (Int(rect.x + rect.width / 2), Int(rect.y + rect.height / 2)) }
    /// The middle of favorite row `index` (unscrolled), in root coordinates.
    static func rowPoint(_ index: Int) -> (Int, Int) { root(middle(layout.rowRect(index))) }
    /// The top of favorite row `index` (unscrolled), in window coordinates.
    static func rowTop(_ index: Int) -> Int { Int(layout.rowRect(index).y) }
    /// The middle of row `index`'s star button, in window coordinates (`root(_:)` for a click).
    static func starPoint(_ index: Int) -> (Int, Int) { middle(layout.starRect(index)) }
    static let circlePoint = root(Int(layout.circleCenter.x), Int(layout.circleCenter.y))

    /// Starts the GTK drag source in `mode` (see gtk_drag_source.py) and waits until its window is mapped.
    func dragSource(_ arguments: [String]) throws -> Child {
        let source = try fixture("gtk_drag_source.py", arguments)
        usleep(200_000) // paces xdotool: GTK finishes its first paint before xdotool's pointer arrives
        return source
    }

    /// Drags from the source's button to `point` and releases there, the way docs/SWIFT-XLIB.md §14.2 found
    /// reliable: a move past the drag threshold over the source, then, once the source says its drag began, two
    /// moves over the target, a pause so that the XdndStatus reaches GTK, then the release. Waits until the source
    /// reports the drag's end.
    ///
    /// The wait for "begin" is what makes it hold on a loaded machine: xdotool's input reaches the server at once,
    /// while GTK may take longer than the pauses to see the press and the move and to grab the pointer. A release
    /// the server delivered before that grab is not the drag's, and the drag then hangs with no end.
    @discardableResult
    func drag(from source: Child, to point: (Int, Int), release: Bool = true) throws -> Bool {
        let ends = source.output.components(separatedBy: "end").count
        let begins = source.output.components(separatedBy: "begin").count
        try xdotool(Self.startDrag(at: (150, 110), past: (20, 5)) + ["mousemove", "172", "117", "sleep", "0.05"])
        guard eventually(timeout: 10, { source.output.components(separatedBy: "begin").count > begins }) else {
            throw HarnessError("the GTK source did not begin its drag: \(source.output)")
        }
        try xdotool(Self.moveOnto(point, settle: "0.15") + (release ? ["mouseup", "1"] : []))
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

    /// The drop window's id, found by its WM_CLASS instance.
    func dropWindow() throws -> String { try window(classname: "herobridge") }

    /// The id of the window whose WM_CLASS instance is `classname`, once it exists (5 s at most).
    func window(classname: String) throws -> String {
        var id = ""
        eventually(timeout: 5) {
            id = ((try? firstWindow(instance: classname)) ?? nil) ?? ""
            return !id.isEmpty
        }
        guard !id.isEmpty else { throw HarnessError("no window with WM_CLASS instance \(classname)") }
        return id
    }

    /// xdotool steps that start a button-1 drag: press on `start`, then move by `past`, beyond GTK's and our 8 px
    /// drag threshold.
    static func startDrag(at start: (Int, Int), past: (Int, Int) = (12, 4)) -> [String] {
        ["mousemove", "\(start.0)", "\(start.1)", "sleep", "0.05", "mousedown", "1", "sleep", "0.05",
         "mousemove", "\(start.0 + past.0)", "\(start.1 + past.1)", "sleep", "0.05"]
    }

    /// xdotool steps that bring a drag onto `point` by two moves (a target answers the second's Position) and then
    /// rest `settle` seconds, so that the XdndStatus arrives before whatever comes next.
    static func moveOnto(_ point: (Int, Int), settle: String) -> [String] {
        ["mousemove", "\(point.0)", "\(point.1)", "sleep", "0.05", "mousemove", "\(point.0 + 2)", "\(point.1 + 2)", "sleep", settle]
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
