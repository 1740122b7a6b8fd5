import FoundationEssentials
import HeroCore
import HeroTransfer

/// `list`, `add`, `remove`, `portrait`: thin wrappers over `Favorites`.
enum FavoritesCommands {
    static func list(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let favorites = try context.openFavorites().list()
        if parsed.has("--json") {
            Terminal.out(try JSONOutput.encode(favorites.map(JSONOutput.FavoriteRow.init)))
        } else if favorites.isEmpty {
            if Terminal.isTerminal(1) { Terminal.err("no favorites yet: copy a hero's name, or run herobridge add Thor\n") }
        } else {
            Terminal.out(favorites.map { $0.hero.name + "\n" }.joined())
        }
        return 0
    }

    /// Exit 1 when some name was neither added nor already a favorite, so scripts notice typos.
    static func add(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let report = try context.openFavorites().add(names: parsed.positionals, createUnknown: parsed.has("--new"))
        var failed = false
        for outcome in report.outcomes {
            switch outcome {
            case let .added(name, _): Terminal.out("added \(name)\n")
            case let .updated(name, change): Terminal.out("updated \(name): \(change)\n")
            case let .unchanged(name, reason): Terminal.out("\(name): \(reason), unchanged\n")
            case let .ignored(_, reason):
                failed = true
                Terminal.err("herobridge: \(reason)" + (parsed.has("--new") ? "\n" : " (use --new to create it)\n"))
            }
        }
        return failed ? 1 : 0
    }

    static func remove(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let (removed, missing) = try context.openFavorites().remove(names: parsed.positionals)
        for name in removed { Terminal.out("removed \(name)\n") }
        for name in missing { Terminal.err("herobridge: \"\(name)\" is not a favorite\n") }
        return missing.isEmpty ? 0 : 1
    }

    static func portrait(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let name = parsed.positionals[0]
        let favorites = try context.openFavorites()
        if let file = parsed.value("--set") {
            guard parsed.value("--output") == nil else {
                throw UsageError(message: "portrait: --set and --output cannot be combined", usage: parsed.spec.usage)
            }
            let limits = TransferLimits.default
            let data = try FileReader.readAll(file, limit: limits.maxBytes)
            let image = try ImageValidator.validate(data, target: file, limits: limits)
            for line in try favorites.setPortrait(of: name, image: image).lines() { Terminal.out(line + "\n") }
            return 0
        }
        let portrait = try favorites.portrait(of: name)
        if let output = parsed.value("--output") {
            try write(portrait.data, to: output)
        } else {
            guard !Terminal.isTerminal(1) else {
                throw RuntimeError("not writing image bytes to a terminal: use --output FILE or redirect stdout")
            }
            Terminal.write(1, portrait.data)
        }
        return 0
    }

    private static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RuntimeError("cannot write \(path): \(error)")
        }
    }
}
