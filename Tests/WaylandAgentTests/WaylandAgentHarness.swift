import Foundation
import HeroCore
import TestSupport

/// One Wayland agent test's world: a private headless sway with Xwayland (`HeadlessSway`), a temp home and
/// database, and the built `herobridge agent` connected to both, with the real clients the test drives (wl-copy,
/// wl-paste, xclip under Xwayland, our data-control source fixture).
final class WaylandAgentHarness: @unchecked Sendable {
    let dir: TempDirectory
    let sway: HeadlessSway
    let db: String
    private(set) var agent: Child?

    init() throws {
        dir = try TempDirectory("herobridge-wayland")
        sway = try HeadlessSway()
        db = dir.file("favorites.sqlite3")
    }

    /// The agent's and the CLI's environment: this compositor's displays only, our temp home.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        HeroBridgeProcess.environment(home: dir.path, extra: sway.connectionEnvironment.merging(extra) { $1 })
    }

    /// Starts `herobridge --db DB agent --no-window --verbose arguments…` and waits for its `ready` line.
    @discardableResult
    func startAgent(_ arguments: [String] = [], extraEnvironment: [String: String] = [:]) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "agent", "--no-window", "--verbose"] + arguments,
                              environment: environment(extraEnvironment), directory: dir.path, label: "agent")
        guard child.waitFor("ready: display", inErrors: true, timeout: 30) else {
            child.stop()
            throw HarnessError("agent did not get ready: \(child.errors)")
        }
        agent = child
        return child
    }

    var log: String { agent?.errors ?? "" }

    /// Waits until the agent's log contains `text` `count` times or more.
    @discardableResult
    func waitForLog(_ text: String, count: Int = 1, timeout: Double = 20) -> Bool {
        eventually(timeout: timeout) { self.occurrences(of: text) >= count }
    }

    func occurrences(of text: String) -> Int { log.components(separatedBy: text).count - 1 }

    /// `wl-copy ARGUMENTS` as the compositor's user; returns once the compositor has the selection (wl-copy forks
    /// its server only after setting it).
    func wlCopy(_ arguments: [String]) throws {
        let result = try sway.run("wl-copy", arguments)
        guard result.status == 0 else { throw HarnessError("wl-copy \(arguments): \(result.stderr)") }
    }

    /// `herobridge ARGUMENTS` against this world's database and displays.
    func cli(_ arguments: [String], timeout: Double = 60) throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(["--db", db] + arguments, environment: environment(), timeout: timeout)
    }

    func favorites() throws -> [Favorite] { try Favorites(path: db).list() }

    func names() throws -> [String] { try favorites().map(\.hero.name) }

    deinit {
        agent?.stop()
        sway.stop()
    }
}
