import FoundationEssentials
import HeroAgent
import HeroCommandLine
import HeroCore
import HeroTransfer

/// `herobridge copy NAME`: the choice between serving here (`--foreground`) and in a background copy of this
/// program; the serving itself is `HeroCopy` in HeroAgent.
enum CopyCommand: CLICommand {
    static let selection = Option<Self, String>.selection
    static let display = Option<Self, String>.display
    static let foreground = Flag<Self>("--foreground", "serve from this process until the selection is taken (default: return at once)")
    static let timeout = Option<Self, Double>.timeout("how long a reader may stay silent in a large (INCR) transfer (default 10)")
    static let verbose = Flag<Self>("--verbose", "log each request served on stderr")
    /// The pipe to the `copy` that started this one in the background: one herobridge passes it to another.
    static let reportFD = Option<Self, Int32>("--report-fd", "FD", "", hidden: true) { text in
        guard let descriptor = Int32(text), descriptor > 2 else { throw ValueError("\"\(text)\" is not a descriptor above 2") }
        return descriptor
    }

    static let spec = CommandSpec(Self.self, name: "copy",
                                  summary: "put a hero on the clipboard (name, portrait, hero JSON) and serve it until something else is copied",
                                  arguments: .one("NAME", .beforeOptions),
                                  options: [selection, display, foreground, timeout, verbose, reportFD])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        var options = HeroCopy.Options()
        options.display = parsed[display]
        options.selection = parsed[selection] ?? "clipboard"
        if let seconds = parsed[timeout] { options.timeout = seconds }
        options.verbose = parsed[verbose]
        options.reportDescriptor = parsed[reportFD]

        let name = parsed.arguments[0]
        // Resolved here, before going to the background, so that a typo is an error in the terminal at once.
        // The database is closed again before serving: the owner may run for days.
        let hero: HeroPayload
        do {
            hero = try HeroCopy.resolve(name, in: try context.openFavorites())
        } catch let error as CopyFailure {
            throw RuntimeError(error.description)
        }

        if options.reportDescriptor == nil && !parsed[foreground] {
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
        var arguments = [GlobalOptions.db.spec.assignment(database), spec.name, selection.spec.assignment(options.selection),
                         foreground.name, timeout.spec.assignment("\(options.timeout)"),
                         reportFD.spec.assignment("\(BackgroundLaunch.reportDescriptor)")]
        if let display = options.display { arguments.append(Self.display.spec.assignment(display)) }
        if options.verbose { arguments.append(verbose.name) }
        return arguments + ["--", name]
    }
}
