import Foundation
import Testing
import TestSupport
@testable import X11Bridge

/// `XsettingsWatcher` against a real XSETTINGS manager (Debian's xsettingsd) on a private Xvfb: the settings of a
/// manager running at start, a change it publishes after SIGHUP (PropertyNotify on its window), a manager that
/// starts later (MANAGER on the root window), and one that exits (DestroyNotify).
@Suite(.serialized) struct XsettingsWatcherTests {
    /// Feeds `watcher` the connection's events until `condition` holds (10 s at most).
    static func pump(_ connection: XConnection, _ watcher: XsettingsWatcher, until condition: () -> Bool) -> Bool {
        eventually(timeout: 10) {
            while let event = connection.nextEvent() { _ = watcher.handle(event) }
            _ = connection.sync()
            while let event = connection.nextEvent() { _ = watcher.handle(event) }
            return condition()
        }
    }

    static func manager(theme: String, in dir: TempDirectory, display: String) throws -> Child {
        let config = try dir.write("xsettingsd.conf", Data("Net/ThemeName \"\(theme)\"\nGtk/CursorThemeSize 24\n".utf8))
        let (program, arguments) = Child.unblockingSignals("/usr/bin/xsettingsd", ["--config", config])
        return try Child(program, arguments, environment: ["DISPLAY": display], directory: dir.path, label: "xsettingsd")
    }

    @Test func aManagersSettingsAreReadAndFollowedUntilItGoes() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let dir = try TempDirectory("herobridge-xsettings")
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let watcher = XsettingsWatcher(connection: connection)
        #expect(watcher.owner == 0 && watcher.settings == nil, "no manager yet")
        var changes = 0
        watcher.onChange = { _ in changes += 1 }

        let manager = try Self.manager(theme: "Adwaita", in: dir, display: xvfb.display)
        defer { manager.stop() }
        #expect(Self.pump(connection, watcher) { watcher.settings?.themeName == "Adwaita" }, "MANAGER: \(manager.errors)")
        #expect(watcher.owner != 0 && watcher.settings?.values["Gtk/CursorThemeSize"] == .integer(24))
        #expect(watcher.settings?.prefersDark == false && changes >= 1)

        _ = try dir.write("xsettingsd.conf", Data("Net/ThemeName \"Adwaita-dark\"\n".utf8))
        kill(manager.process.processIdentifier, SIGHUP)
        #expect(Self.pump(connection, watcher) { watcher.settings?.prefersDark == true }, "PropertyNotify after SIGHUP")

        manager.stop(signal: SIGTERM)
        #expect(Self.pump(connection, watcher) { watcher.owner == 0 && watcher.settings == nil }, "DestroyNotify")
    }

    @Test func aManagerRunningAtStartIsReadAtOnce() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let dir = try TempDirectory("herobridge-xsettings")
        let manager = try Self.manager(theme: "Arc-Dark", in: dir, display: xvfb.display)
        defer { manager.stop() }
        let probe = try XConnection.open(displayName: xvfb.display, environment: [:])
        #expect(eventually(timeout: 10) { probe.owner(of: probe.atom("_XSETTINGS_S0")) != 0 }, "\(manager.errors)")
        let watcher = XsettingsWatcher(connection: try XConnection.open(displayName: xvfb.display, environment: [:]))
        #expect(watcher.settings?.themeName == "Arc-Dark" && watcher.settings?.prefersDark == true)
    }
}
