import HeroCommandLine

/// A subcommand: its declaration (options, arguments, rules: what parsing, the synopsis and help come from)
/// and what it runs. The type is also the namespace of its option keys, so `parsed[Self.json]` is checked.
protocol CLICommand {
    static var spec: CommandSpec { get }
    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32
}

extension CLICommand {
    /// Runs the command on a parse of its own command line.
    static func run(_ parsed: ParsedArguments, _ context: CLIContext) throws -> Int32 {
        try run(ParsedCommand<Self>(parsed), context)
    }
}
