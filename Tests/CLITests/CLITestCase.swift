import Foundation
import TestSupport

/// A temp home with its own database for one CLI test, and a way to run the built binary against it.
final class CLITestCase: @unchecked Sendable {
    let dir: TempDirectory
    let db: String

    init() throws {
        dir = try TempDirectory("herobridge-cli")
        db = dir.file("favorites.sqlite3")
    }

    /// How long one CLI run may take before it is killed: a hang guard (a hung binary fails its test with
    /// `timedOut` instead of blocking the suite), far above any real run.
    static let hangGuardSeconds = 120.0

    /// `herobridge --db <temp db> arguments…`
    @discardableResult
    func run(_ arguments: String..., stdin: Data? = nil) throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(["--db", db] + arguments, environment: HeroBridgeProcess.environment(home: dir.path),
                                  stdin: stdin, timeout: Self.hangGuardSeconds)
    }

    /// Like `run`, without `--db`: the database comes from the environment.
    func runWithoutDB(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(arguments, environment: HeroBridgeProcess.environment(home: dir.path, extra: extraEnvironment),
                                  timeout: Self.hangGuardSeconds)
    }

    /// `list --json`, parsed.
    func favorites() throws -> [[String: Any]] {
        let result = try run("list", "--json")
        guard result.status == 0,
              let array = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        else { throw CLIFailure(result: result) }
        return array
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    let result: HeroBridgeProcess.Result
    var description: String { "exit \(result.status): \(result.stderr)" }
}

/// What a Swift runtime crash prints; bad input must never produce it.
func looksLikeACrash(_ stderr: String) -> Bool {
    ["Fatal error", "Crash", "Stack dump", "💣", "backtrace"].contains { stderr.contains($0) }
}
