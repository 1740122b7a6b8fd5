import Foundation
import Testing
import TestSupport

/// X11 applications on a Wayland session: their copies reach the Wayland selection through the compositor, so the
/// agent watching through data control reads each of them once, and no X11 watcher reads them a second time.
/// wlroots passes an X11 copy on while an Xwayland window has the focus, which in real use the application you
/// copy from has; here an xlogo window holds it (`HeadlessSway.startFocusedXWindow`).
@Suite(.serialized) struct XwaylandCopyTests {
    @Test func fiftyXclipCopiesUnderXwaylandAreEachStoredOnce() throws {
        let world = try WaylandAgentHarness()
        try world.startAgent(["--accept-unknown"])
        let window = try world.sway.startFocusedXWindow()
        defer { window.stop() }
        let names = (1...50).map { String(format: "Xwayland Hero %02d", $0) }
        for (index, name) in names.enumerated() {
            let file = try world.sway.write("copy-\(index).txt", Data(name.utf8))
            let xclip = try world.sway.spawn("xclip", ["-quiet", "-selection", "clipboard", "-i", file], label: "xclip")
            #expect(xclip.waitFor("Waiting for selection requests", inErrors: true, timeout: 30), "\(xclip.errors)")
            #expect(world.waitForLog("clipboard: added \(name)"), "copy \(index + 1) was not stored:\n\(world.log.suffix(2000))")
        }
        #expect(Set(try world.names()) == Set(names))
        #expect(world.occurrences(of: "clipboard: added ") == 50)
        #expect(world.occurrences(of: "new Wayland offer") == 50, "each copy is read once")
        #expect(!world.log.contains("already a favorite"))
    }
}
