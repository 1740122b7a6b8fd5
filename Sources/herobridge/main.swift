#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroCommandLine

/// The composition root: parses the command line, runs the command, maps errors to exit statuses
/// (0 success, 1 runtime error, 2 usage error). No logic of its own beyond that.
enum CLI {
    static let version = "0.1.0"

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            let line = try Commands.program.parse(arguments)
            guard let parsed = line.command, let command = Commands.command(named: parsed.command.name) else {
                Terminal.err(Commands.overview())
                return 2
            }
            return try command.run(parsed, CLIContext(global: ParsedCommand(line.global), environment: environment))
        } catch let error as UsageError {
            Terminal.err("herobridge: \(error)\n")
            if let usage = error.usage { Terminal.err("usage: \(usage)\n") }
            return 2
        } catch {
            Terminal.err("herobridge: \(error)\n")
            return 1
        }
    }
}

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
