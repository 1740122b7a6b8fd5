import HeroCommandLine
import HeroCore

/// What every command gets: the environment and the global options. Opening the database is lazy so that
/// `help` and `decode` never touch it.
struct CLIContext {
    let global: ParsedCommand<GlobalOptions>
    let environment: [String: String]

    var databasePath: String { StoreLocation.resolve(flag: global[GlobalOptions.db], environment: environment) }

    func openFavorites() throws -> Favorites { try Favorites(path: databasePath) }
}
