import FoundationEssentials
import HeroTransfer

/// `decode --target MIME [FILE]`: one importer, run on a file or stdin, its transferables printed as JSON.
/// Notes about skipped parts go to stderr; an import error is exit 1.
enum DecodeCommand {
    static func run(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        guard let target = parsed.value("--target") else {
            throw UsageError(message: "decode: --target MIME is required", usage: parsed.spec.usage)
        }
        var limits = TransferLimits.default
        if let bytes = try parsed.size("--max-bytes") { limits.maxBytes = bytes }
        let registry = MIMERegistry.standard
        guard let importer = registry.importer(for: target) else {
            let known = registry.importers.map(\.target).joined(separator: ", ")
            throw UsageError(message: "decode: no importer for \"\(target)\"; known targets: \(known)", usage: nil)
        }
        // Never read more than the target may carry (a URI list is cut rather than refused, so it may be read whole).
        let readLimit = importer.readLimit(limits)
        let data: Data
        if let file = parsed.positionals.first, file != "-" {
            data = try FileReader.readAll(file, limit: readLimit)
        } else {
            data = try Terminal.readStandardInput(limit: readLimit)
        }
        let result = try registry.decode(target: target, data: data, limits: limits)
        for note in result.notes { Terminal.err("note: \(note)\n") }
        Terminal.out(try JSONOutput.encode(result.items.map(JSONOutput.Item.init)))
        return 0
    }
}
