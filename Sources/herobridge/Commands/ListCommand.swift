import HeroCommandLine

/// `list [--json]`: the favorites, sorted by name.
enum ListCommand: CLICommand {
    static let json = Flag<Self>("--json", "an array of objects with name, description, origin, source, addedAt, image")

    static let spec = CommandSpec(Self.self, name: "list", summary: "print the favorites, sorted by name", options: [json])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let favorites = try context.openFavorites().list()
        if parsed[json] {
            Terminal.out(try JSONOutput.encode(favorites.map(JSONOutput.FavoriteRow.init)))
        } else if favorites.isEmpty {
            if Terminal.isTerminal(1) { Terminal.err("no favorites yet: copy a hero's name, or run herobridge add Thor\n") }
        } else {
            Terminal.out(favorites.map { $0.hero.name + "\n" }.joined())
        }
        return 0
    }
}
