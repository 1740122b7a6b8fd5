import DropWindow
import FoundationEssentials
import HeroAgent
import HeroBase
import HeroCommandLine
import HeroCore
import HeroTransfer

/// `catalog [--json] [QUERY]` searches; `catalog import FILE` adds characters from a JSON file; `catalog --custom`
/// lists what was imported or created in this database, and `catalog remove NAME...` takes such heroes out again.
enum CatalogCommand: CLICommand {
    /// Catalog files are small; this bounds what a mistaken path (a disk image, say) can make us read.
    static let maxFileBytes = 64 << 20

    static let json = Flag<Self>("--json", "print the matches as JSON")
    static let custom = Flag<Self>("--custom", "list only the heroes imported or created in this database")
    static let window = Flag<Self>("--window", "open a window listing the catalog; drag its rows onto the drop window")
    static let display = Option<Self, String>("--display", "NAME", "the X display for --window (default: $DISPLAY)")
    static let geometry = Option<Self, WindowGeometry>.geometry("size and place of the catalog window (default 360x520)")
    static let verbose = Flag<Self>("--verbose", "with --window, log every step of each drag")

    static let spec = CommandSpec(
        Self.self, name: "catalog",
        summary: "search the hero catalog, list, import or remove added heroes, or open the catalog window",
        arguments: .any("QUERY"), options: [json, custom, window, display, geometry, verbose],
        rules: [.goes(display, with: window), .goes(geometry, with: window), .goes(verbose, with: window),
                .takesNoArguments(window, nor: [json]), .takesNoArguments(custom),
                .words([.init("import", takes: .one("FILE")), .init("remove", takes: .oneOrMore("NAME"), nor: [json])],
                       otherwise: .optional("QUERY"), hint: "quote names with spaces")],
        forms: [SynopsisForm(with: [json], then: "[QUERY]"), SynopsisForm(custom, with: [json]), SynopsisForm(then: "import FILE"),
                SynopsisForm(then: "remove NAME..."), SynopsisForm(window, with: [display, geometry, verbose])])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        if parsed[window] {
            // The agent's config file gives the window its `scale` and `theme`, so it matches the drop window beside it.
            let config = try AgentConfig.load(named: nil, environment: context.environment)
            let options = AgentFlags().options(database: context.databasePath, config: config)
            return CatalogApp.run(display: parsed[display], database: context.databasePath, geometry: parsed[geometry],
                                  options: options, verbose: parsed[verbose], environment: context.environment)
        }
        if parsed[custom] { return try listAdditions(json: parsed[json], context) }
        let arguments = parsed.arguments
        switch arguments.first {
        case "remove": return try remove(Array(arguments.dropFirst()), context)
        case "import": return try importFile(arguments[1], context)
        default: break
        }
        let heroes = try context.openFavorites().catalog.search(arguments.first ?? "")
        if parsed[json] {
            Terminal.out(try JSONOutput.encode(heroes.map {
                JSONOutput.CatalogRow(name: $0.name, description: $0.description, origin: $0.origin.rawValue)
            }))
            return 0
        }
        guard !heroes.isEmpty else {
            Terminal.err("herobridge: no hero matches \"\(arguments.first ?? "")\"\n")
            return 1
        }
        let width = min(heroes.map(\.name.count).max() ?? 0, 28)
        Terminal.out(heroes.map { "\($0.name.padding(toLength: width))  \($0.description)".trimmed() + "\n" }.joined())
        return 0
    }

    /// The imported and custom heroes, oldest first: `Name  (import)  description`, or JSON rows with the origin.
    private static func listAdditions(json: Bool, _ context: CLIContext) throws -> Int32 {
        let additions = try context.openFavorites().catalogAdditions()
        if json {
            Terminal.out(try JSONOutput.encode(additions.map {
                JSONOutput.CatalogRow(name: $0.displayName, description: $0.description, origin: $0.origin.rawValue)
            }))
            return 0
        }
        if additions.isEmpty, Terminal.isTerminal(1) {
            Terminal.err("no imported or custom heroes: herobridge catalog import FILE, or herobridge add --new NAME\n")
        }
        let names = additions.map(\.displayName)
        let width = min(names.map(\.count).max() ?? 0, 28)
        Terminal.out(zip(names, additions).map { name, addition in
            "\(name.padding(toLength: width))  (\(addition.origin.rawValue))  \(addition.description)".trimmed() + "\n"
        }.joined())
        return 0
    }

    /// Exit 1 when some name was not removed (built-in, still a favorite, or unknown), one line on stderr each.
    private static func remove(_ names: [String], _ context: CLIContext) throws -> Int32 {
        let results = try context.openFavorites().removeFromCatalog(names: names)
        for result in results {
            if result.isRemoved { Terminal.out(result.message + "\n") } else { Terminal.err("herobridge: \(result.message)\n") }
        }
        return results.allSatisfy(\.isRemoved) ? 0 : 1
    }

    private static func importFile(_ path: String, _ context: CLIContext) throws -> Int32 {
        let data = try FileReader.readAll(path, limit: maxFileBytes)
        let entries = try CatalogFile.parse(data)
        let (added, skipped) = try context.openFavorites().importCatalog(entries)
        Terminal.out("imported \(added.count) hero\(added.count == 1 ? "" : "es") from \(path)"
                     + (skipped.isEmpty ? "\n" : " (\(skipped.count) skipped: already in the catalog or not a valid name)\n"))
        return 0
    }
}
