import HeroCommandLine

/// `help [COMMAND]`: the overview, or one command's usage, summary and options.
enum HelpCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "help", summary: "show help for herobridge or one command",
                                  arguments: .optional("COMMAND"))

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        guard let name = parsed.arguments.first else {
            Terminal.out(Commands.overview())
            return 0
        }
        guard let command = Commands.program.command(named: name) else {
            throw UsageError(.noSuchCommand(name, seeAlso: "herobridge --help"), usage: nil)
        }
        Terminal.out(Commands.program.help(of: command))
        return 0
    }
}
