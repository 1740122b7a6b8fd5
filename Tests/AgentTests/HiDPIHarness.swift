import DropWindow
import Foundation
import TestSupport

/// The HiDPI tests' world: a screen with room for the windows at 2×, and the resource database set with the real
/// `xrdb` (x11-xserver-utils), as a desktop session loads it.
extension AgentHarness {
    static let hidpiScreen = (width: 1800, height: 1400)

    /// `xrdb -merge` of `text` (`Xft.dpi:\t192\n`) into the root window's RESOURCE_MANAGER. `-nocpp`: the
    /// resources are given literally, with no C preprocessor (cpp is not installed everywhere).
    func mergeResources(_ text: String) throws {
        let file = try dir.write("resources-\(UUID().uuidString.prefix(8))", Data(text.utf8))
        let result = try HeroBridgeProcess.run(["-nocpp", "-merge", file], environment: environment(), executable: "/usr/bin/xrdb")
        guard result.status == 0 else { throw HarnessError("xrdb failed: \(result.stderr)") }
    }

    /// Starts `herobridge catalog --window` with no geometry, so that its size is the default one at the scale.
    func startScaledCatalog(extraEnvironment: [String: String] = [:]) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "catalog", "--window", "--display", xvfb.display],
                              environment: environment(extraEnvironment), directory: dir.path, label: "catalog")
        guard child.waitFor("ready: catalog window", inErrors: true) else {
            throw HarnessError("catalog window did not start: \(child.errors)")
        }
        return child
    }
}
