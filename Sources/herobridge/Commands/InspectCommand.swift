import HeroAgent
import HeroBase
import HeroCommandLine
import HeroTransfer

/// `herobridge inspect`: who owns a selection, what it offers, and what HeroBridge would read; stores nothing.
enum InspectCommand: CLICommand {
    static let selection = Option<Self, String>.selection
    static let display = Option<Self, String>.display
    static let maxBytes = Option<Self, Int>.maxBytes("largest transfer read (default 64M)")
    static let timeout = Option<Self, Double>.timeout("how long the owner may stay silent (default 5)")
    static let json = Flag<Self>("--json", "print the result as JSON")

    static let spec = CommandSpec(Self.self, name: "inspect",
                                  summary: "show who owns a selection, what it offers, and what HeroBridge would read (stores nothing)",
                                  options: [selection, display, maxBytes, timeout, json])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let selection = parsed[Self.selection] ?? "clipboard"
        guard let content = try Inspector.inspect(selection: selection, display: parsed[display], environment: context.environment,
                                                  maxBytes: parsed[maxBytes] ?? TransferLimits.default.maxBytes,
                                                  timeout: parsed[timeout] ?? 5)
        else {
            if parsed[json] { Terminal.out("{\"selection\":\"\(selection)\",\"owner\":null}\n") }
            else { Terminal.out("\(selection): no owner (nothing copied, or its app has exited)\n") }
            return 0
        }
        Terminal.out(parsed[json] ? try JSONOutput.encode(JSONOutput.Inspection(content)) : text(content))
        return 0
    }

    private static func text(_ content: SelectionContent) -> String {
        var lines = ["\(content.selectionName): owned by \(content.origin.description)"]
        lines.append("offered: " + (content.offered.isEmpty ? "(nothing)" : content.offered.joined(separator: ", ")))
        if let skipped = content.skipped { lines.append("skipped: \(skipped)") }
        if !content.chosen.isEmpty { lines.append("chosen: " + content.chosen.joined(separator: ", ")) }
        for (target, bytes, seconds) in content.received {
            lines.append("received: \(target), \(ByteCount.format(bytes)) in \(Int((seconds * 1000).rounded())) ms")
        }
        for item in content.items {
            switch item {
            case let .text(text):
                let shown = text.count > 200 ? String(text.prefix(200)) + "…" : text
                lines.append("text: \(shown.split(whereSeparator: \.isNewline).joined(separator: " ⏎ "))")
            case let .image(image):
                lines.append("image: \(image.mime), \(image.width)×\(image.height), \(ByteCount.format(image.data.count))"
                             + (image.name.map { ", named \"\($0)\"" } ?? ""))
            case let .hero(hero):
                lines.append("hero: \(hero.name)" + (hero.image.map { ", portrait \($0.width)×\($0.height)" } ?? ""))
            }
        }
        for problem in content.problems { lines.append("problem: \(problem)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
