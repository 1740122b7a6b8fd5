import Foundation
import Testing
import TestSupport

/// What an X11 client (xclip, or the agent itself, which runs as root) can do with the clipboard under sway 1.7's
/// Xwayland (wlroots 0.15), found with `sway -d` and pinned here:
/// 1. Until an Xwayland window has had focus once, sway has not given Xwayland a seat, and wlroots' window manager
///    (XWM) ignores every selection event: CLIPBOARD has no owner at all for X clients, and an X11 copy is never
///    seen by Wayland clients.
/// 2. When an Xwayland window is focused (the first time, and every time after), the XWM takes CLIPBOARD for the
///    current Wayland selection: an X11 copy made while no X window had focus is gone from X11 too.
/// 3. While an Xwayland window has focus, both directions work, for X clients of the sway user and of root alike:
///    xclip's copy reaches wl-paste, wl-copy's reaches `xclip -o`.
/// 4. Without that focus, the XWM still announces Wayland copies (it owns CLIPBOARD) but refuses every read
///    ("target ... not available"), and asks an X owner for TARGETS but drops the answer, so the X11 copy stays
///    out of Wayland.
/// So an X11 agent under Xwayland on sway sees Wayland copies only while an X window has focus: the Wayland path
/// needs data-control. Negative checks are ordered, never timed: the X owner (Tests/Fixtures/x_sync_owner.py)
/// maps a window after its owner change or TARGETS answer, and the XWM handles those before it shows the window.
@Suite(.serialized) struct XwaylandClipboardTests {
    @Test func beforeAnyXwaylandWindowHadFocusXwaylandHasNoClipboard() throws {
        let sway = try HeadlessSway()
        #expect(try sway.run("wl-copy", ["Before"]).status == 0)
        let unowned = try sway.run("xclip", ["-o", "-selection", "clipboard"], asSwayUser: false)
        #expect(unowned.status != 0, "CLIPBOARD was readable: \(unowned.stdout)")

        let owner = try sway.fixture("x_sync_owner.py", ["Ignored", "--mark-now"])
        #expect(owner.waitFor("owner", timeout: 30), "\(owner.errors)")
        #expect(eventually(timeout: 30) { (try? sway.tree())?.contains("x-sync-marker") == true })
        #expect(try sway.run("wl-paste", ["--no-newline"]).stdout == "Before")

        // The marker's focus gave Xwayland its seat: the XWM took CLIPBOARD for the Wayland selection.
        #expect(owner.waitFor("lost", timeout: 30))
        #expect(eventually(timeout: 30) { (try? self.xclipOut(sway, asSwayUser: false)) == "Before" })
    }

    @Test func whileAnXwaylandWindowHasFocusXclipAsTheUserOrRootSharesTheClipboard() throws {
        let sway = try HeadlessSway()
        let window = try sway.startFocusedXWindow()

        #expect(try sway.run("xclip", ["-selection", "clipboard"], stdin: Data("Cyclops".utf8)).status == 0)
        #expect(eventually(timeout: 30) { (try? sway.run("wl-paste", ["--no-newline"]))?.stdout == "Cyclops" })
        let asRoot = try sway.run("xclip", ["-selection", "clipboard"], stdin: Data("Jean Grey".utf8), asSwayUser: false)
        #expect(asRoot.status == 0, "\(asRoot.stderr)")
        #expect(eventually(timeout: 30) { (try? sway.run("wl-paste", ["--no-newline"]))?.stdout == "Jean Grey" })

        #expect(try sway.run("wl-copy", ["Storm"]).status == 0)
        #expect(eventually(timeout: 30) { (try? self.xclipOut(sway, asSwayUser: false)) == "Storm" })
        #expect(try xclipOut(sway, asSwayUser: true) == "Storm")

        // Focus gone: reads are refused at once, and an X11 copy's TARGETS answer is dropped.
        window.stop()
        #expect(eventually(timeout: 30) { !sway.xwaylandHasFocus })
        let refused = try sway.run("xclip", ["-o", "-selection", "clipboard"], asSwayUser: false)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not available"), "\(refused.stderr)")
        let owner = try sway.fixture("x_sync_owner.py", ["Phoenix"], asSwayUser: false)
        #expect(owner.waitFor("request TARGETS", timeout: 30), "\(owner.output) \(owner.errors)")
        #expect(eventually(timeout: 30) { (try? sway.tree())?.contains("x-sync-marker") == true })
        #expect(try sway.run("wl-paste", ["--no-newline"]).stdout == "Storm")
        // ...and the marker's focus hands CLIPBOARD back to the Wayland selection.
        #expect(owner.waitFor("lost", timeout: 30))
    }

    /// A transfer is a pipe between the two clients, not through the compositor: a reader keeps what it got when
    /// sway dies, and ends when the source (which exits on losing the compositor) closes its end.
    @Test func aTransferInFlightWhenSwayDiesEndsWithWhatWasWritten() throws {
        let sway = try HeadlessSway()
        let source = try sway.startSource(["--never-close"])
        let paste = try sway.spawn("wl-paste", ["--no-newline"])
        #expect(eventually(timeout: 30) { paste.output == "partial " })
        sway.kill()
        #expect(eventually(timeout: 30) { !source.isRunning })
        #expect(source.stop() == 2, "\(source.errors)")
        #expect(eventually(timeout: 30) { !paste.isRunning })
        #expect(paste.output == "partial ")
    }

    private func xclipOut(_ sway: HeadlessSway, asSwayUser: Bool) throws -> String {
        try sway.run("xclip", ["-o", "-selection", "clipboard"], asSwayUser: asSwayUser, timeout: 30).stdout
    }
}
