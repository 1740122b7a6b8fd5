import HeroCommandLine

/// `add [--new] NAME...`. Exit 1 when some name was neither added nor already a favorite, so scripts notice typos.
enum AddCommand: CLICommand {
    static let new = Flag<Self>("--new", "create custom heroes for names not in the catalog")

    static let spec = CommandSpec(Self.self, name: "add", summary: "add catalog heroes to the favorites",
                                  arguments: .oneOrMore("NAME"), options: [new])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let report = try context.openFavorites().add(names: parsed.arguments, createUnknown: parsed[new])
        var failed = false
        for outcome in report.outcomes {
            switch outcome {
            case let .added(name, _): Terminal.out("added \(name)\n")
            case let .updated(name, change): Terminal.out("updated \(name): \(change)\n")
            case let .unchanged(name, reason): Terminal.out("\(name): \(reason), unchanged\n")
            case let .ignored(_, reason):
                failed = true
                Terminal.err("herobridge: \(reason)" + (parsed[new] ? "\n" : " (use --new to create it)\n"))
            }
        }
        return failed ? 1 : 0
    }
}
