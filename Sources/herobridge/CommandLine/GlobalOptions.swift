import HeroCommandLine

/// Options every command accepts, before or after the command name.
enum GlobalOptions {
    static let db = Option<GlobalOptions, String>("--db", "PATH", "the favorites database (default: see FILES)")

    static let spec = CommandSpec(GlobalOptions.self, name: "", summary: "", options: [db])
}
