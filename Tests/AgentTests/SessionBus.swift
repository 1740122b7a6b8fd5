import Foundation
import TestSupport

/// A private session D-Bus for one test: `dbus-daemon --nofork --print-address` with a config of its own in the
/// test's temp folder, listening on a socket there. The config names no service directory, so nothing is ever
/// activated on it (dunst's packaged service file would otherwise start a daemon on the developer's display);
/// a notification daemon runs only when the test starts one (`startDunst`). Never the developer's bus.
final class SessionBus: @unchecked Sendable {
    let address: String
    private let daemon: Child
    private let dir: TempDirectory
    private var clients: [Child] = []
    /// at-spi-bus-launcher, stopped with SIGTERM: it then stops the accessibility bus it started (killed, it would
    /// leave that dbus-daemon and the registry running).
    private var accessibilityLauncher: Child?

    /// Starts the bus listening on `socket` (a path in the test's folder); throws when it does not come up.
    init(dir: TempDirectory, socket: String) throws {
        self.dir = dir
        let config = try dir.write("bus-\(UUID().uuidString.prefix(8)).conf", Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.utf8))
        daemon = try Child("/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address"],
                           environment: HeroBridgeProcess.environment(home: dir.path), directory: dir.path, label: "dbus-daemon")
        guard daemon.waitFor("unix:") else { throw HarnessError("dbus-daemon did not start: \(daemon.errors)") }
        address = daemon.output.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces)
    }

    /// The environment a client of this bus on `display` gets.
    func environment(display: String) -> [String: String] {
        HeroBridgeProcess.environment(home: dir.path, extra: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address,
                                                              "XDG_CONFIG_HOME": dir.file("dunst-config")])
    }

    /// Whether some client owns `name` on the bus, asked with dbus-send.
    func hasOwner(_ name: String) -> Bool {
        let result = try? HeroBridgeProcess.run(["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus",
                                                 "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:\(name)"],
                                                environment: environment(display: ""), executable: "/usr/bin/dbus-send")
        return result?.stdout.contains("boolean true") == true
    }

    /// dunst on `display`, with the packaged settings (/etc/xdg/dunst/dunstrc: the config folder it is given is
    /// empty, never the developer's), once it owns org.freedesktop.Notifications.
    func startDunst(display: String) throws {
        let dunst = try Child("/usr/bin/dunst", [], environment: environment(display: display), directory: dir.path, label: "dunst")
        clients.append(dunst)
        guard eventually(timeout: 10, { hasOwner("org.freedesktop.Notifications") }) else {
            throw HarnessError("dunst did not take org.freedesktop.Notifications: \(dunst.errors)")
        }
    }

    /// dbus-monitor watching every Notify call on the bus; its output is the calls as dbus-monitor prints them.
    func monitorNotify() throws -> Child {
        let monitor = try Child("/usr/bin/dbus-monitor", ["--address", address,
                                                          "interface='org.freedesktop.Notifications',member='Notify'"],
                                environment: environment(display: ""), directory: dir.path, label: "dbus-monitor")
        clients.append(monitor)
        // It prints the NameLost of its own name once it has become a monitor: from then on it sees every call.
        guard monitor.waitFor("NameLost") else { throw HarnessError("dbus-monitor did not start: \(monitor.errors)") }
        return monitor
    }

    /// The Notify calls the monitor printed, one string each (its method call line and arguments).
    static func notifyCalls(_ monitor: Child) -> [String] {
        monitor.output.components(separatedBy: "\nmethod call ").dropFirst()
            .filter { $0.contains("member=Notify") }
    }

    /// The accessibility bus as a desktop session has it: at-spi-bus-launcher owns org.a11y.Bus on this bus and
    /// starts the accessibility bus (a dbus-daemon with at-spi2-core's config) at once; that bus activates the
    /// registry (at-spi2-registryd) when an application embeds itself. Returns once org.a11y.Bus is owned.
    func startAccessibilityBus(display: String) throws {
        // Through perl, which unblocks the signal mask that a child of Foundation's Process inherits (nearly every
        // signal blocked; HeadlessSway.Launch tells more): else SIGTERM never reaches the launcher, and the
        // accessibility bus it started outlives the test (holding Process's exit socket, so the stop waits).
        let unblocked = "use POSIX (); POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new()); exec { $ARGV[0] } @ARGV or die;"
        let launcher = try Child("/usr/bin/perl", ["-e", unblocked, "--", "/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                 environment: environment(display: display), directory: dir.path, label: "at-spi-bus-launcher")
        accessibilityLauncher = launcher
        guard eventually(timeout: 60, { hasOwner("org.a11y.Bus") }) else {
            throw HarnessError("at-spi-bus-launcher did not take org.a11y.Bus: \(launcher.errors)")
        }
    }

    func stop() {
        _ = accessibilityLauncher?.stop(signal: SIGTERM)
        accessibilityLauncher = nil
        for client in clients { client.stop() }
        clients = []
        daemon.stop()
    }

    deinit { stop() }
}
