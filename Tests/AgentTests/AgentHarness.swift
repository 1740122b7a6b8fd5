import Foundation
import HeroCore
import TestSupport

/// One agent test's world: a private Xvfb, a temp home and database, the built `herobridge agent` running on
/// that display, and the real X clients the test drives (xclip, the GTK owner, the hostile owner).
final class AgentHarness: @unchecked Sendable {
    let dir: TempDirectory
    let xvfb: XvfbServer
    let db: String
    private(set) var agent: Child?
    /// Every client started for the test, stopped with it.
    var clients: [Child] = []

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// `screen`: the Xvfb's size; the HiDPI tests need room for windows at twice their size.
    init(screen: (width: Int, height: Int) = (1280, 1024)) throws {
        dir = try TempDirectory("herobridge-agent")
        xvfb = try XvfbServer(width: screen.width, height: screen.height)
        db = dir.file("favorites.sqlite3")
    }

    /// The environment every client gets: our display only, our temp home.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        HeroBridgeProcess.environment(home: dir.path, extra: ["DISPLAY": xvfb.display].merging(extra) { $1 })
    }

    /// Starts `herobridge --db DB agent --display D arguments…` and waits for its `ready` line.
    @discardableResult
    func startAgent(_ arguments: [String] = [], extraEnvironment: [String: String] = [:], waitForReady: Bool = true) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "agent", "--display", xvfb.display] + arguments,
                              environment: environment(extraEnvironment), directory: dir.path, label: "agent")
        if waitForReady && !child.waitFor("ready: display", inErrors: true) {
            throw HarnessError("agent did not get ready: \(child.errors)")
        }
        if agent == nil { agent = child }
        return child
    }

    var log: String { agent?.errors ?? "" }

    /// Waits until the agent's log contains `text`.
    @discardableResult
    func waitForLog(_ text: String, timeout: Double = 10) -> Bool {
        agent?.waitFor(text, inErrors: true, timeout: timeout) ?? false
    }

    /// `xclip -selection SELECTION` owning `text` until someone else takes the selection.
    func xclip(_ text: String, selection: String = "clipboard") throws {
        let file = try dir.write("xclip-\(UUID().uuidString.prefix(8)).txt", Data(text.utf8))
        try xclip(arguments: ["-selection", selection, "-i", file])
    }

    /// `xclip -selection clipboard -t TARGET -i FILE`.
    func xclip(file: String, target: String) throws {
        try xclip(arguments: ["-selection", "clipboard", "-t", target, "-i", file])
    }

    /// Runs xclip in the foreground (`-quiet`) as a tracked child and waits until it owns the selection.
    /// Not its default fork-and-exit: the forked daemon inherits Foundation's process-exit socket, so waiting
    /// for the parent would hang forever.
    private func xclip(arguments: [String]) throws {
        let child = try Child("/usr/bin/xclip", ["-quiet"] + arguments, environment: environment(), directory: dir.path,
                              label: "xclip")
        clients.append(child)
        guard child.waitFor("Waiting for selection requests", inErrors: true) else { throw HarnessError("xclip failed: \(child.errors)") }
    }

    /// Starts a fixture script (`gtk_owner.py`, `hostile_owner.py`) with the system python and waits for `ready`.
    @discardableResult
    func fixture(_ script: String, _ arguments: [String]) throws -> Child {
        let child = try Child("/usr/bin/python3", [Self.fixtures + "/" + script] + arguments, environment: environment(),
                              directory: dir.path, label: script)
        clients.append(child)
        guard child.waitFor("ready") else { throw HarnessError("\(script) \(arguments) did not start: \(child.errors)") }
        return child
    }

    /// A round trip to the agent, in place of a sleep before a check that nothing happened: `herobridge status`,
    /// whose answer comes after the agent's X thread handled every event queued for it before the request (one
    /// thread, in order), and after its worker finished every job queued before (the count is read there). So what
    /// the agent does about an earlier event without waiting for another client is done: a drop refused, a star
    /// clicked, a scroll, an ingest already handed to the worker.
    func roundTrip() throws {
        let result = try HeroBridgeProcess.run(["--db", db, "status", "--display", xvfb.display], environment: environment(),
                                               timeout: 60)
        guard result.status == 0 else { throw HarnessError("status did not answer: \(result.stdout) \(result.stderr)") }
    }

    /// Round trips to the agent and to the owner of `selection`, in turn, `steps` times, in place of a sleep before
    /// a check that a selection was not read: a TARGETS request of ours (`xclip -o`) is answered after every request
    /// the agent sent the owner before it, and the `status` after it after the agent handled the owner's reply. So
    /// a read the agent began (wrongly) before the call is `steps` exchanges with the owner further on: a text read
    /// is TARGETS, the text, and the worker's ingest, which 3 steps see to its end.
    func settle(selection: String = "clipboard", steps: Int = 3) throws {
        for _ in 0..<steps {
            try roundTrip()
            // No owner, or one that refuses: xclip -o fails at once, which is as good a round trip.
            _ = try HeroBridgeProcess.run(["-o", "-selection", selection, "-t", "TARGETS"], environment: environment(),
                                          executable: "/usr/bin/xclip", timeout: 60)
        }
        try roundTrip()
    }

    /// The favorites as stored, read with HeroCore from the same database file.
    func favorites() throws -> [Favorite] {
        try Favorites(path: db).list()
    }

    func names() throws -> [String] { try favorites().map(\.hero.name) }

    /// Waits until `name` is a favorite; the favorite, or nil after `timeout` seconds.
    func waitForFavorite(_ name: String, timeout: Double = 10) -> Favorite? {
        var found: Favorite?
        eventually(timeout: timeout) {
            found = (try? favorites())?.first { $0.hero.name == name }
            return found != nil
        }
        return found
    }

    deinit {
        for client in clients { client.stop() }
        agent?.stop()
        xvfb.stop()
    }
}

/// SHA-256 of a file, with sha256sum (independent of HeroBridge's own hashing).
func sha256(ofFile path: String) throws -> String {
    let result = try HeroBridgeProcess.run([path], environment: [:], executable: "/usr/bin/sha256sum")
    return String(result.stdout.prefix(64))
}
