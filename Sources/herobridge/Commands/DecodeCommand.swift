import FoundationEssentials
import HeroCommandLine
import HeroTransfer

/// `decode --target MIME [FILE]`: one importer, run on a file or stdin, its transferables printed as JSON.
/// Notes about skipped parts go to stderr; an import error is exit 1.
enum DecodeCommand: CLICommand {
    static let target = Option<Self, String>("--target", "MIME", "the target name the data arrived under, e.g. text/uri-list")
    static let maxBytes = Option<Self, Int>.maxBytes("largest input accepted (default 64M)")

    static let spec = CommandSpec(Self.self, name: "decode",
                                  summary: "run one importer on FILE (or stdin) and print the transferables as JSON",
                                  arguments: .optional("FILE"), options: [target, maxBytes], rules: [.required(target)])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let target = parsed[Self.target]!
        var limits = TransferLimits.default
        if let bytes = parsed[maxBytes] { limits.maxBytes = bytes }
        let registry = MIMERegistry.standard
        guard let importer = registry.importer(for: target) else {
            let known = registry.importers.map(\.target).joined(separator: ", ")
            throw UsageError("decode: no importer for \"\(target)\"; known targets: \(known)", usage: nil)
        }
        // Never read more than the target may carry (a URI list is cut rather than refused, so it may be read whole).
        let readLimit = importer.readLimit(limits)
        let data: Data
        if let file = parsed.arguments.first, file != "-" {
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
