/// The command table: every subcommand, its options and its help, in the order `--help` lists them.
enum Commands {
    static let all: [CommandSpec] = [
        CommandSpec(name: "list", synopsis: "[--json]", summary: "print the favorites, sorted by name",
                    options: [.flag("--json", "an array of objects with name, description, origin, source, addedAt, image")],
                    positionals: 0...0, run: FavoritesCommands.list),
        CommandSpec(name: "add", synopsis: "[--new] NAME...", summary: "add catalog heroes to the favorites",
                    options: [.flag("--new", "create custom heroes for names not in the catalog")],
                    positionals: 1...Int.max, run: FavoritesCommands.add),
        CommandSpec(name: "remove", synopsis: "NAME...", summary: "remove favorites (by name, any spelling)",
                    options: [], positionals: 1...Int.max, run: FavoritesCommands.remove),
        CommandSpec(name: "portrait", synopsis: "NAME [--output FILE | --set FILE]",
                    summary: "write a favorite's portrait (to stdout by default), or set it from an image file",
                    options: [.value("--output", "FILE", "write the portrait bytes to FILE"),
                              .value("--set", "FILE", "set the portrait from a PNG or JPEG file")],
                    positionals: 1...1, run: FavoritesCommands.portrait),
        CommandSpec(name: "catalog",
                    synopsis: "[--json] [QUERY] | --custom [--json] | import FILE | remove NAME... | --window [--display NAME] [--geometry WxH+X+Y]",
                    summary: "search the hero catalog, list, import or remove added heroes, or open the catalog window",
                    options: [.flag("--json", "print the matches as JSON"),
                              .flag("--custom", "list only the heroes imported or created in this database"),
                              .flag("--window", "open a window listing the catalog; drag its rows onto the drop window"),
                              .value("--display", "NAME", "the X display for --window (default: $DISPLAY)"),
                              .value("--geometry", "WxH+X+Y", "size and place of the catalog window (default 360x520)"),
                              .flag("--verbose", "with --window, log every step of each drag")],
                    positionals: 0...Int.max, run: CatalogCommand.run),
        CommandSpec(name: "decode", synopsis: "--target MIME [--max-bytes SIZE] [FILE]",
                    summary: "run one importer on FILE (or stdin) and print the transferables as JSON",
                    options: [.value("--target", "MIME", "the target name the data arrived under, e.g. text/uri-list"),
                              .value("--max-bytes", "SIZE", "largest input accepted (default 64M)")],
                    positionals: 0...1, run: DecodeCommand.run),
        CommandSpec(name: "agent", synopsis: "[--display NAME] [--config FILE] [--selections clipboard,primary] [--accept-unknown] "
                        + "[--max-bytes SIZE] [--timeout SECONDS] [--replace] [--no-window] [--geometry WxH+X+Y] [--quiet | --verbose]",
                    summary: "watch the X11 selections and show the drop window; copies and drops become favorites",
                    options: AgentCommands.agentOptions, positionals: 0...0, run: AgentCommands.agent),
        CommandSpec(name: "show", synopsis: "[--display NAME]", summary: "show the running agent's drop window again",
                    options: [.value("--display", "NAME", "the X display (default: $DISPLAY)")],
                    positionals: 0...0, run: AgentCommands.show),
        CommandSpec(name: "inspect", synopsis: "[--selection clipboard|primary] [--display NAME] [--json]",
                    summary: "show who owns a selection, what it offers, and what HeroBridge would read (stores nothing)",
                    options: [.value("--selection", "NAME", "clipboard (default) or primary"),
                              .value("--display", "NAME", "the X display (default: $DISPLAY)"),
                              .value("--max-bytes", "SIZE", "largest transfer read (default 64M)"),
                              .value("--timeout", "SECONDS", "how long the owner may stay silent (default 5)"),
                              .flag("--json", "print the result as JSON")],
                    positionals: 0...0, run: AgentCommands.inspect),
        CommandSpec(name: "copy", synopsis: "NAME [--selection clipboard|primary] [--display NAME] [--foreground] [--timeout SECONDS] [--verbose]",
                    summary: "put a hero on the clipboard (name, portrait, hero JSON) and serve it until something else is copied",
                    options: CopyCommand.options, positionals: 1...1, run: CopyCommand.run),
        CommandSpec(name: "config", synopsis: "[check | show | path] [--config FILE]",
                    summary: "check the agent's config file, show the settings it gives, or print where it is",
                    options: [.value("--config", "FILE", "the config file (default: $XDG_CONFIG_HOME/herobridge/config)")],
                    positionals: 0...1, run: AgentCommands.config),
        CommandSpec(name: "service", synopsis: "install | uninstall | start | stop | status [--dry-run]",
                    summary: "run the agent as a systemd user service: install and enable it, remove it, or show its state",
                    options: [.flag("--dry-run", "print the unit and the commands instead of changing anything"),
                              .flag("--no-start", "install: enable the service for the next login without starting it now")],
                    positionals: 1...1, run: ServiceCommand.run),
        CommandSpec(name: "help", synopsis: "[COMMAND]", summary: "show help for herobridge or one command",
                    options: [], positionals: 0...1, run: help),
        CommandSpec(name: "version", synopsis: "", summary: "print the version", options: [],
                    positionals: 0...0, run: { _, _ in Terminal.out("herobridge \(CLI.version)\n"); return 0 }),
    ]

    static func overview() -> String {
        var text = """
            herobridge \(CLI.version): turns what you copy or drop into hero favorites.

            usage: herobridge [--db PATH] COMMAND [OPTIONS] [ARGUMENTS]

            commands:

            """
        let width = all.map(\.name.count).max() ?? 0
        for command in all {
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
            display, or `service status` finds the service not running.

            """
        return text
    }

    static func help(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        guard let name = parsed.positionals.first else {
            Terminal.out(overview())
            return 0
        }
        guard let command = all.first(where: { $0.name == name }) else {
            throw UsageError(message: "no command named \"\(name)\" (see herobridge --help)", usage: nil)
        }
        var text = "usage: \(command.usage)\n\n\(command.summary)\n"
        let options = command.options.filter { !$0.hidden }
        if !options.isEmpty {
            text += "\noptions:\n"
            let labels = options.map { option in option.value.map { "\(option.name) \($0)" } ?? option.name }
            let width = labels.map { $0.count }.max() ?? 0
            for (label, option) in zip(labels, options) {
                text += "  \(label.padding(toLength: width))  \(option.help)\n"
            }
        }
        Terminal.out(text)
        return 0
    }
}

extension String {
    /// The string padded with spaces on the right to `length` characters (never truncated).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
