import DropWindow
import FoundationEssentials
import HeroAgent
import HeroCore
import HeroTransfer

/// `agent` and `inspect`: option parsing only; the work is in HeroAgent.
enum AgentCommands {
    static let agentOptions: [OptionSpec] = [
        .value("--display", "NAME", "the X display (default: $DISPLAY)"),
        .value("--selections", "LIST", "clipboard (default), or clipboard,primary"),
        .flag("--accept-unknown", "make custom heroes of names not in the catalog"),
        .value("--max-bytes", "SIZE", "largest transfer read (default 64M)"),
        .value("--timeout", "SECONDS", "how long an owner may stay silent at any step (default 5)"),
        .flag("--replace", "take over from an agent already running on the display"),
        .flag("--no-window", "watch the selections only, with no drop window"),
        .value("--geometry", "WxH+X+Y", "size and place of the drop window (default 400x600)"),
        .flag("--quiet", "log only warnings and errors"),
        .flag("--verbose", "log every step"),
    ]

    static func agent(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        var options = AgentOptions(database: context.databasePath)
        options.display = parsed.value("--display")
        if let list = parsed.value("--selections") {
            guard let selections = AgentOptions.parseSelections(list) else {
                throw UsageError(message: "--selections: \"\(list)\" is not clipboard, primary or clipboard,primary",
                                 usage: parsed.spec.usage)
            }
            options.selections = selections
        }
        options.window = !parsed.has("--no-window")
        if let text = parsed.value("--geometry") {
            guard let geometry = WindowGeometry.parse(text) else {
                throw UsageError(message: "--geometry: \"\(text)\" is not WxH[+X+Y] with at least 200x300",
                                 usage: parsed.spec.usage)
            }
            options.geometry = geometry
        }
        options.acceptUnknown = parsed.has("--accept-unknown")
        options.replace = parsed.has("--replace")
        try applyLimits(parsed, to: &options.maxBytes, &options.timeout)
        if parsed.has("--quiet") && parsed.has("--verbose") {
            throw UsageError(message: "--quiet and --verbose cannot be combined", usage: parsed.spec.usage)
        }
        options.logLevel = parsed.has("--quiet") ? .warning : parsed.has("--verbose") ? .debug : .info
        return Agent.run(options, environment: context.environment)
    }

    /// `herobridge show`: asks the running agent (the owner of HEROBRIDGE_S<screen>) to map and raise its window.
    static func show(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        guard try AgentControl.show(display: parsed.value("--display"), environment: context.environment) else {
            throw RuntimeError("no HeroBridge agent is running on this display; start one with: herobridge agent")
        }
        return 0
    }

    static func inspect(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let selection = parsed.value("--selection") ?? "clipboard"
        guard selection == "clipboard" || selection == "primary" else {
            throw UsageError(message: "--selection: \"\(selection)\" is not clipboard or primary", usage: parsed.spec.usage)
        }
        var maxBytes = TransferLimits.default.maxBytes, timeout = 5.0
        try applyLimits(parsed, to: &maxBytes, &timeout)
        guard let content = try Inspector.inspect(selection: selection, display: parsed.value("--display"),
                                                  environment: context.environment, maxBytes: maxBytes, timeout: timeout)
        else {
            if parsed.has("--json") { Terminal.out("{\"selection\":\"\(selection)\",\"owner\":null}\n") }
            else { Terminal.out("\(selection): no owner (nothing copied, or its app has exited)\n") }
            return 0
        }
        if parsed.has("--json") {
            Terminal.out(try JSONOutput.encode(JSONOutput.Inspection(content)))
        } else {
            Terminal.out(text(content))
        }
        return 0
    }

    private static func text(_ content: SelectionContent) -> String {
        var lines = ["\(content.selection.name): owned by window \(content.ownerText)"]
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

    private static func applyLimits(_ parsed: ParsedCommand, to maxBytes: inout Int, _ timeout: inout Double) throws {
        if let bytes = try parsed.size("--max-bytes") { maxBytes = bytes }
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--timeout: \"\(text)\" is not a number of seconds between 0 and 3600",
                                 usage: parsed.spec.usage)
            }
            timeout = seconds
        }
    }
}
