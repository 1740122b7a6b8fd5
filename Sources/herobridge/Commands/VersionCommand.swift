import HeroCommandLine

/// `version` (and `--version`).
enum VersionCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "version", summary: "print the version")

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        Terminal.out("herobridge \(CLI.version)\n")
        return 0
    }
}
