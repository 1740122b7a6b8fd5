import HeroCommandLine

/// `remove NAME...`: exit 1 when some name is not a favorite.
enum RemoveCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "remove", summary: "remove favorites (by name, any spelling)",
                                  arguments: .oneOrMore("NAME"))

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let (removed, missing) = try context.openFavorites().remove(names: parsed.arguments)
        for name in removed { Terminal.out("removed \(name)\n") }
        for name in missing { Terminal.err("herobridge: \"\(name)\" is not a favorite\n") }
        return missing.isEmpty ? 0 : 1
    }
}
