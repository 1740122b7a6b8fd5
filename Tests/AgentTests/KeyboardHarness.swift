import DropWindow
import Foundation
import TestSupport

/// The keyboard tests' looks at the drop window (DropHarness's window at +600+0, 400×600): its focus ring, a
/// selected row's tint and the rows a filter leaves, each at a place of the window's own `DropLayout`.
extension AgentHarness {
    /// The focus ring's blue (DropRenderer.focusBlue), a selected row's tint, the list's background, a thumbnail's
    /// placeholder (a row with no portrait).
    static let ringBlue = (51, 115, 217), selectedTint = (227, 237, 255), listBackground = (250, 250, 250)
    static let placeholder = (199, 201, 209)

    /// Where the ring of row `index` is drawn at `scale`, in `list` (the window's layout, unscrolled, by default):
    /// on the row's left edge, halfway down (window pixels).
    static func ringPoint(_ index: Int, in list: DropLayout = layout, scale: Double = 1) -> (Int, Int) {
        let row = list.rowRect(index)
        return (Int((2 * scale).rounded()), Int(((row.y + row.height / 2) * scale).rounded()))
    }

    /// The window's layout with `rows` rows, scrolled as the window scrolls to show the selected row `selected`.
    static func layout(rows: Int, selected: Int) -> DropLayout {
        var list = DropLayout(width: Double(windowSize.width), height: Double(windowSize.height), rowCount: rows)
        list.scrollToShow(selected)
        return list
    }

    /// A point on row `index`'s thumbnail, where its placeholder is drawn (window pixels at 1×).
    static func thumbnailPoint(_ index: Int) -> (Int, Int) {
        let thumb = layout.thumbnailRect(index)
        return (Int(thumb.x + 12), Int(thumb.y + 10))
    }

    /// The window that has the keyboard focus (`xdotool getwindowfocus`), in decimal like `dropWindow()`.
    func focusedWindow() throws -> String {
        try HeroBridgeProcess.run(["getwindowfocus"], environment: environment(), executable: "/usr/bin/xdotool")
            .lines.first ?? ""
    }

    /// The drop window's screenshot once `check` holds for it (10 s at most); the last one taken either way.
    func screenshot(until check: (Screenshot) -> Bool) throws -> (Screenshot, Bool) {
        var shot = try screenshot()
        let held = eventually(timeout: 10) {
            shot = (try? screenshot()) ?? shot
            return check(shot)
        }
        return (shot, held)
    }

    /// `herobridge list`'s lines: the favorites as the command line prints them.
    func listed() throws -> String {
        try HeroBridgeProcess.run(["--db", db, "list"], environment: environment()).stdout
    }

    /// `herobridge show` on this display.
    func showWindow() throws {
        let show = try HeroBridgeProcess.run(["show", "--display", xvfb.display], environment: environment())
        guard show.status == 0 else { throw HarnessError("show failed: \(show.stderr)") }
    }
}
