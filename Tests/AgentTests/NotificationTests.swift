import Foundation
import Testing
import TestSupport

/// `notify = yes` against a real session bus (`SessionBus`: dbus-daemon with a config of its own), a real
/// notification daemon (dunst) on the test's Xvfb, and dbus-monitor watching every Notify call. "Exactly one" and
/// "none" are checked against a later copy that does notify: the agent's worker and its notifier each run one
/// job at a time in order, so any Notify an earlier copy caused is on the bus before the later copy's.
@Suite(.serialized) struct NotificationTests {
    /// The Xvfb, a bus with dunst on it, the monitor, and an agent with `--notify` on that bus.
    func world(_ arguments: [String] = []) throws -> (AgentHarness, SessionBus, Child) {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        try bus.startDunst(display: world.xvfb.display)
        let monitor = try bus.monitorNotify()
        try world.startAgent(["--notify"] + arguments, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        return (world, bus, monitor)
    }

    /// Closes the drop window the way a window manager's close button does, and waits until it is unmapped.
    func hide(_ world: AgentHarness) throws {
        let close = try HeroBridgeProcess.run([AgentHarness.fixtures + "/wm_delete.py", try world.dropWindow()],
                                              environment: world.environment(), executable: "/usr/bin/python3")
        #expect(close.status == 0, "\(close.stderr)")
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsUnMapped" })
    }

    @Test func aCopyWithTheWindowHiddenNotifiesOnceNamingTheHero() throws {
        let (world, bus, monitor) = try world(["--verbose"])
        try hide(world)
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        #expect(monitor.waitFor("string \"Added Thor\""), "\(world.log)")
        // Thor again changes nothing, and says nothing; Hulk is the later copy that notifies.
        try world.xclip("thor\n")
        #expect(world.waitForLog("clipboard: Thor: already a favorite"))
        try world.xclip("Hulk")
        #expect(monitor.waitFor("string \"Added Hulk\""), "\(world.log)")
        let calls = SessionBus.notifyCalls(monitor)
        #expect(calls.count == 2, "\(monitor.output)")
        let thor = try #require(calls.first)
        #expect(calls.filter { $0.contains("Thor") }.count == 1)
        // The arguments in the spec's order: app_name, replaces_id, app_icon, summary, body (Thor's catalog
        // description), actions, hints (no image: Thor has no portrait), expire_timeout.
        let arguments = thor.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(arguments.prefix(4)) == ["string \"HeroBridge\"", "uint32 0", "string \"herobridge\"", "string \"Added Thor\""],
                "\(thor)")
        #expect(arguments.count > 4 && arguments[4].hasPrefix("string \"") && arguments[4].count > 20, "a description: \(thor)")
        #expect(!thor.contains("image-data"))
        #expect(arguments.last == "int32 -1", "\(thor)")
        #expect(world.waitForLog("notifications: showed \"Added Thor\""), "dunst took it: \(world.log)")
        bus.stop() // the bus and its daemon live to the end of the test
    }

    @Test func aPortraitTravelsAsImageDataOfAThumbnail() throws {
        let (world, bus, monitor) = try world(["--verbose"])
        try hide(world)
        let png = try world.dir.write("storm.png", ImageFixtures.png(width: 300, height: 150))
        try world.fixture("gtk_owner.py", ["image", png, "Storm"])
        #expect(world.waitForFavorite("Storm") != nil)
        #expect(monitor.waitFor("string \"Added Storm\""), "\(world.log)")
        let storm = try #require(SessionBus.notifyCalls(monitor).first { $0.contains("Added Storm") })
        // (iiibiiay): 128 px on the long side, aspect kept, RGBA rows.
        let fields = storm.components(separatedBy: "string \"image-data\"").last?
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("int32") || $0.hasPrefix("boolean") }
        #expect(Array((fields ?? []).prefix(6)) == ["int32 128", "int32 64", "int32 512", "boolean true", "int32 8", "int32 4"],
                "\(storm)")
        #expect(world.waitForLog("notifications: showed \"Added Storm\""), "dunst took it: \(world.log)")
        bus.stop() // the bus and its daemon live to the end of the test
    }

    @Test func aCopyWithTheWindowShownDoesNotNotify() throws {
        let (world, bus, monitor) = try world(["--verbose"])
        #expect(eventually(timeout: 5) { (try? world.mapState()) == "IsViewable" })
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        // Decided on the X thread when the report came back: only then may the window go.
        #expect(world.waitForLog("notifications: none for Added Thor: the drop window is shown"), "\(world.log)")
        try hide(world)
        try world.xclip("Hulk")
        #expect(monitor.waitFor("string \"Added Hulk\""), "\(world.log)")
        #expect(SessionBus.notifyCalls(monitor).count == 1, "\(monitor.output)")
        #expect(!monitor.output.contains("Thor"))
        bus.stop() // the bus and its daemon live to the end of the test
    }

    @Test func withNoBusTheCopyIsStoredAndOneLineSaysSoUntilTheBusComesBack() throws {
        let world = try AgentHarness()
        // A socket file nobody listens on: what a crashed session bus leaves behind.
        let socket = world.dir.file("bus")
        let dead = try HeroBridgeProcess.run(["-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socket],
                                             environment: world.environment(), executable: "/usr/bin/python3")
        #expect(dead.status == 0, "\(dead.stderr)")
        try world.startAgent(["--notify", "--no-window", "--verbose"],
                             extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)"])
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        #expect(world.waitForLog("notifications: cannot reach the session D-Bus at unix:path=\(socket)"), "\(world.log)")
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(world.waitForLog("notifications: not showing \"Added Hulk\""), "\(world.log)")
        let warnings = world.log.split(separator: "\n").filter { $0.contains("notifications: cannot reach") }
        #expect(warnings.count == 1, "one line, not one per copy: \(world.log)")

        // The bus comes back on the same address, with a daemon: the next copy notifies.
        try FileManager.default.removeItem(atPath: socket)
        let bus = try SessionBus(dir: world.dir, socket: socket)
        try bus.startDunst(display: world.xvfb.display)
        let monitor = try bus.monitorNotify()
        try world.xclip("Storm")
        #expect(monitor.waitFor("string \"Added Storm\""), "\(world.log)")
        #expect(world.waitForLog("notifications: the notification daemon answers again"), "\(world.log)")
        #expect(world.agent?.isRunning == true)
        bus.stop() // the bus and its daemon live to the end of the test
    }

    @Test func aBusWithNoDaemonIsOneLineAndTheCopyIsStored() throws {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        try world.startAgent(["--notify", "--no-window"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        #expect(world.waitForLog("notifications: no notification daemon on the session D-Bus"), "\(world.log)")
        #expect(world.agent?.isRunning == true)
        bus.stop() // the bus and its daemon live to the end of the test
    }
}
