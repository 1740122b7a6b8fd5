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
        options.selection = parsed.value("--selection") ?? "clipboard"
        guard options.selection == "clipboard" || options.selection == "primary" else {
            throw UsageError(message: "--selection: \"\(options.selection)\" is not clipboard or primary", usage: parsed.spec.usage)
        }
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--timeout: \"\(text)\" is not a number of seconds between 0 and 3600",
                                 usage: parsed.spec.usage)
            }
            options.timeout = seconds
        }
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
            var arguments = ["--db", context.databasePath, "copy", name, "--selection", options.selection, "--foreground",
                             "--timeout", String(options.timeout), "--report-fd", String(BackgroundLaunch.reportDescriptor)]
            if let display = options.display { arguments += ["--display", display] }
            if options.verbose { arguments.append("--verbose") }
            if let message = BackgroundLaunch.start(arguments: arguments, environment: context.environment) {
                throw RuntimeError(message)
            }
            return 0
        }
        if options.reportDescriptor != nil { BackgroundLaunch.detach() }
        return HeroCopy.run(hero, options: options, environment: context.environment)
    }
}
