import DropWindow
import Foundation
import TestSupport

/// Drags out of our windows, for the drag-source tests: the GTK drop target sits at (100, 650), 300×250; the
/// agent's window at +600+0 (DropHarness); the catalog window at +0+0, 360×520.
extension AgentHarness {
    static let gtkTargetPoint = (250, 760)
    /// Somewhere on the bare root window: no XdndAware window there.
    static let emptyRootPoint = (250, 580)
    static let catalogArguments = ["--geometry", "360x520+0+0"]
    static let catalogLayout = CatalogLayout(width: 360, height: 520, rowCount: 0)
    /// A point on catalog row `index` (unscrolled), over its name: the catalog window sits at the root's origin.
    static func catalogRow(_ index: Int) -> (Int, Int) { (120, catalogRowTop(index) + Int(CatalogLayout.rowHeight / 2)) }
    /// The top of catalog row `index` (unscrolled).
    static func catalogRowTop(_ index: Int) -> Int { Int(catalogLayout.rowRect(index).y) }
    static let catalogSearchPoint = middle(catalogLayout.searchField)

    /// How a drag out of our window ends.
    enum DragEnd { case release, escape }

    /// Starts the GTK3 drop target fixture and waits until it is mapped.
    func dropTarget() throws -> Child {
        let target = try fixture("gtk_drop_target.py", [])
        usleep(200_000) // paces xdotool: the target's first paint, before xdotool's pointer arrives
        return target
    }

    /// `herobridge catalog --window` on this display and database, once its window is up; `arguments` (its place
    /// and size) and `extraEnvironment` (a session bus) are the test's.
    func startCatalog(_ arguments: [String] = catalogArguments, extraEnvironment: [String: String] = [:]) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "catalog", "--window", "--display", xvfb.display]
                                  + arguments,
                              environment: environment(extraEnvironment), directory: dir.path, label: "catalog")
        guard child.waitFor("ready: catalog window", inErrors: true) else {
            throw HarnessError("catalog window did not start: \(child.errors)")
        }
        return child
    }

    /// Presses on `start` (one of our rows), moves past the 8 px drag threshold, moves onto `point` twice, waits
    /// for the target's Status, then ends the drag (or leaves the button held when `end` is nil).
    func dragOut(from start: (Int, Int), to point: (Int, Int), end: DragEnd? = .release) throws {
        var steps = Self.startDrag(at: start) + Self.moveOnto(point, settle: "0.3")
        switch end {
        case .release: steps += ["mouseup", "1"]
        case .escape: steps += ["key", "Escape", "sleep", "0.1", "mouseup", "1"]
        case nil: break
        }
        try xdotool(steps)
    }

    func xdotool(_ steps: [String]) throws {
        let result = try HeroBridgeProcess.run(steps, environment: environment(), executable: "/usr/bin/xdotool")
        guard result.status == 0 else { throw HarnessError("xdotool failed: \(result.stderr)") }
    }

    /// What the pointer looks like now (`cursor_probe.py`: size, hotspot, pixel hash).
    func cursor() throws -> String {
        let result = try HeroBridgeProcess.run([Self.fixtures + "/cursor_probe.py"], environment: environment(),
                                               executable: "/usr/bin/python3")
        guard result.status == 0 else { throw HarnessError("cursor_probe failed: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The catalog window's id, found by its WM_CLASS instance.
    func catalogWindow() throws -> String { try window(classname: "herobridge-catalog") }

    func catalogScreenshot() throws -> Screenshot {
        try Screenshot.capture(window: try catalogWindow(), display: xvfb.display)
    }
}
