import FoundationEssentials
import HeroCommandLine
import HeroTransfer

/// `portrait NAME [--output FILE | --set FILE]`: a favorite's portrait to stdout or a file, or set from a file.
enum PortraitCommand: CLICommand {
    static let output = Option<Self, String>("--output", "FILE", "write the portrait bytes to FILE")
    static let set = Option<Self, String>("--set", "FILE", "set the portrait from a PNG, JPEG, WebP, GIF or BMP file")

    static let spec = CommandSpec(Self.self, name: "portrait",
                                  summary: "write a favorite's portrait (to stdout by default), or set it from an image file",
                                  arguments: .one("NAME", .beforeOptions), options: [output, set], rules: [.excludes(set, output)])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let name = parsed.arguments[0]
        let favorites = try context.openFavorites()
        if let file = parsed[set] {
            let limits = TransferLimits.default
            let data = try FileReader.readAll(file, limit: limits.maxBytes)
            let image = try ImageValidator.validate(data, target: file, limits: limits)
            for line in try favorites.setPortrait(of: name, image: image).lines() { Terminal.out(line + "\n") }
            return 0
        }
        let portrait = try favorites.portrait(of: name)
        if let output = parsed[Self.output] {
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
