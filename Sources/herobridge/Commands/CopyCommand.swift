import FoundationEssentials
import HeroAgent
import HeroCore
import HeroTransfer

/// `herobridge copy NAME`: option parsing, and the choice between serving here (`--foreground`) and in a
/// background copy of this program; the serving itself is `HeroCopy` in HeroAgent.
enum CopyCommand {
    static let options: [OptionSpec] = [
        .value("--selection", "NAME", "clipboard (default) or primary"),
        .value("--display", "NAME", "the X display (default: $DISPLAY)"),
        .flag("--foreground", "serve from this process until the selection is taken (default: return at once)"),
        .value("--timeout", "SECONDS", "how long a reader may stay silent in a large (INCR) transfer (default 10)"),
        .flag("--verbose", "log each request served on stderr"),
        .hidden("--report-fd", "FD"),
    ]

    static func run(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        var options = HeroCopy.Options()
        options.display = parsed.value("--display")
        options.selection = try parsed.selection()
        if let seconds = try parsed.seconds("--timeout") { options.timeout = seconds }
        options.verbose = parsed.has("--verbose")
        if let text = parsed.value("--report-fd") {
            guard let descriptor = Int32(text), descriptor > 2 else {
                throw UsageError(message: "--report-fd: \"\(text)\" is not a descriptor above 2", usage: parsed.spec.usage)
            }
            options.reportDescriptor = descriptor
        }

        let name = parsed.positionals[0]
        // Resolved here, before going to the background, so that a typo is an error in the terminal at once.
        // The database is closed again before serving: the owner may run for days.
        let hero: HeroPayload
        do {
            hero = try HeroCopy.resolve(name, in: try context.openFavorites())
        } catch let error as CopyFailure {
            throw RuntimeError(error.description)
        }

        if options.reportDescriptor == nil && !parsed.has("--foreground") {
            let arguments = backgroundArguments(name: name, database: context.databasePath, options: options)
            if let message = BackgroundLaunch.start(arguments: arguments, environment: context.environment) {
                throw RuntimeError(message)
            }
            return 0
        }
        if options.reportDescriptor != nil { BackgroundLaunch.detach() }
        return HeroCopy.run(hero, options: options, environment: context.environment)
    }

    /// The background copy's command line. What the person typed goes as `--option=value` or after `--`, so a hero
    /// named `--foreground` or a database path starting with `-` reaches the child as itself, never as an option.
    static func backgroundArguments(name: String, database: String, options: HeroCopy.Options) -> [String] {
        var arguments = ["--db=\(database)", "copy", "--selection=\(options.selection)", "--foreground",
                         "--timeout=\(options.timeout)", "--report-fd=\(BackgroundLaunch.reportDescriptor)"]
        if let display = options.display { arguments.append("--display=\(display)") }
        if options.verbose { arguments.append("--verbose") }
        return arguments + ["--", name]
    }
}
