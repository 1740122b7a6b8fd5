import DropWindow
import FoundationEssentials
import HeroAgent
import HeroCore
import HeroTransfer

/// `catalog [--json] [QUERY]` searches; `catalog import FILE` adds characters from a JSON file; `catalog --custom`
/// lists what was imported or created in this database, and `catalog remove NAME...` takes such heroes out again.
enum CatalogCommand {
    /// Catalog files are small; this bounds what a mistaken path (a disk image, say) can make us read.
    static let maxFileBytes = 64 << 20

    static func run(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        if parsed.has("--window") { return try window(parsed, context) }
        for option in ["--display", "--geometry", "--verbose"] where parsed.has(option) || parsed.value(option) != nil {
            throw UsageError(message: "catalog: \(option) goes with --window", usage: parsed.spec.usage)
        }
        if parsed.has("--custom") {
            guard parsed.positionals.isEmpty else {
                throw UsageError(message: "catalog --custom takes no QUERY", usage: parsed.spec.usage)
            }
            return try listAdditions(json: parsed.has("--json"), context)
        }
        if parsed.positionals.first == "remove" {
            guard parsed.positionals.count >= 2, !parsed.has("--json") else {
                throw UsageError(message: "catalog remove: expected one NAME or more (and no --json)", usage: parsed.spec.usage)
            }
            return try remove(Array(parsed.positionals.dropFirst()), context)
        }
        if parsed.positionals.first == "import" {
            guard parsed.positionals.count == 2 else {
                throw UsageError(message: "catalog import: expected one FILE", usage: parsed.spec.usage)
            }
            return try importFile(parsed.positionals[1], context)
        }
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "catalog: expected at most one QUERY (quote names with spaces)", usage: parsed.spec.usage)
        }
        let heroes = try context.openFavorites().catalog.search(parsed.positionals.first ?? "")
        if parsed.has("--json") {
            Terminal.out(try JSONOutput.encode(heroes.map {
                JSONOutput.CatalogRow(name: $0.name, description: $0.description, origin: $0.origin.rawValue)
            }))
            return 0
        }
        guard !heroes.isEmpty else {
            Terminal.err("herobridge: no hero matches \"\(parsed.positionals.first ?? "")\"\n")
            return 1
        }
        let width = min(heroes.map(\.name.count).max() ?? 0, 28)
        Terminal.out(heroes.map { "\($0.name.padding(toLength: width))  \($0.description)".trimmed() + "\n" }.joined())
        return 0
    }

    /// `catalog --window`: the catalog window until it is closed.
    private static func window(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        guard parsed.positionals.isEmpty, !parsed.has("--json") else {
            throw UsageError(message: "catalog --window takes no QUERY and no --json", usage: parsed.spec.usage)
        }
        return CatalogApp.run(display: parsed.value("--display"), database: context.databasePath,
                              geometry: try parsed.geometry("--geometry"),
                              verbose: parsed.has("--verbose"), environment: context.environment)
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
