import HeroCommandLine

/// The command table: every subcommand in the order `--help` lists them, and the program they make.
enum Commands {
    static var all: [any CLICommand.Type] {
        [ListCommand.self, AddCommand.self, RemoveCommand.self, PortraitCommand.self, CatalogCommand.self, DecodeCommand.self,
         AgentCommand.self, ShowCommand.self, PauseCommand.self, ResumeCommand.self, StatusCommand.self, InspectCommand.self, CopyCommand.self, ConfigCommand.self, ServiceCommand.self,
         HelpCommand.self, VersionCommand.self]
    }

    static let program = ProgramSpec(name: "herobridge", global: GlobalOptions.spec, commands: all.map { $0.spec })

    /// The command declared as `name`.
    static func command(named name: String) -> (any CLICommand.Type)? { all.first { $0.spec.name == name } }

    static func overview() -> String {
        var text = """
            herobridge \(CLI.version): turns what you copy or drop into hero favorites.

            usage: herobridge [--db PATH] COMMAND [OPTIONS] [ARGUMENTS]

            commands:

            """
        let width = program.commands.map(\.name.count).max() ?? 0
        for command in program.commands {
            text += "  \(command.name.padding(toLength: width))  \(command.summary)\n"
        }
        text += """

            options:
              --db PATH   the favorites database
              --help      show this help (herobridge help COMMAND for one command)
              --version   print the version

            files:
              The database is --db PATH, else $HEROBRIDGE_DB, else
              $XDG_DATA_HOME/herobridge/herobridge.sqlite3 (default ~/.local/share/herobridge/herobridge.sqlite3).
              The agent's settings are read from $XDG_CONFIG_HOME/herobridge/config (default ~/.config/herobridge/config).

            exit status: 0 success, 1 runtime error, 2 usage error; 3 when `agent` finds another agent on the
            display, `status` finds no agent on it, or `service status` finds the service not running.

            """
        return text
    }
}
