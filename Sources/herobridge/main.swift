#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroCore
import HeroTransfer

/// What every command gets: the environment and the global options. Opening the database is lazy so that
/// `help` and `decode` never touch it.
struct CLIContext {
    let global: GlobalOptions
    let environment: [String: String]

    var databasePath: String { StoreLocation.resolve(flag: global.database, environment: environment) }

    func openFavorites() throws -> Favorites { try Favorites(path: databasePath) }
}

/// The composition root: parses the command line, runs the command, maps errors to exit statuses
/// (0 success, 1 runtime error, 2 usage error). No logic of its own beyond that.
enum CLI {
    static let version = "0.1.0"

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            let (global, parsed) = try ArgumentParser.parse(arguments, commands: Commands.all)
            guard let parsed else {
                Terminal.err(Commands.overview())
                return 2
            }
            return try parsed.spec.run(parsed, CLIContext(global: global, environment: environment))
        } catch let error as UsageError {
            Terminal.err("herobridge: \(error.message)\n")
            if let usage = error.usage { Terminal.err("usage: \(usage)\n") }
            return 2
        } catch {
            Terminal.err("herobridge: \(error)\n")
            return 1
        }
    }
}

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
