import DropWindow
import FoundationEssentials
import HeroAgent
import HeroCore
import HeroTransfer

/// `agent` and `inspect`: option parsing only; the work is in HeroAgent.
enum AgentCommands {
    static let agentOptions: [OptionSpec] = [
        .value("--display", "NAME", "the X display (default: $DISPLAY)"),
        .value("--config", "FILE", "the config file (default: $XDG_CONFIG_HOME/herobridge/config)"),
        .value("--selections", "LIST", "clipboard (default), or clipboard,primary"),
        .flag("--accept-unknown", "make custom heroes of names not in the catalog"),
        .flag("--no-accept-unknown", "ignore names not in the catalog (the default)"),
        .value("--max-bytes", "SIZE", "largest transfer read (default 64M)"),
        .value("--timeout", "SECONDS", "how long an owner may stay silent at any step (default 5)"),
        .flag("--replace", "take over from an agent already running on the display"),
        .flag("--no-window", "watch the selections only, with no drop window"),
        .flag("--window", "show the drop window (the default)"),
        .value("--geometry", "WxH+X+Y", "size and place of the drop window (default 400x600)"),
        .flag("--quiet", "log only warnings and errors"),
        .flag("--verbose", "log every step"),
    ]

    static func agent(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        var options = try configuredOptions(parsed, context)
        options.display = parsed.value("--display")
        options.replace = parsed.has("--replace")
        return Agent.run(options, environment: context.environment)
    }

    /// The agent's options: defaults, then the config file, then the flags, which win over the file.
    static func configuredOptions(_ parsed: ParsedCommand, _ context: CLIContext) throws -> AgentOptions {
        var options = AgentOptions(database: context.databasePath)
        try loadConfig(parsed, context).apply(to: &options)
        for (setting, flag) in [(AgentSetting.selections, "--selections"), (.maxBytes, "--max-bytes"),
                                (.timeout, "--timeout"), (.geometry, "--geometry")] {
            guard let text = parsed.value(flag) else { continue }
            do { try setting.apply(text, to: &options) } catch {
                throw UsageError(message: "\(flag): \(error.message)", usage: parsed.spec.usage)
            }
        }
        for (setting, on, off) in [(AgentSetting.window, "--window", "--no-window"),
                                   (.acceptUnknown, "--accept-unknown", "--no-accept-unknown"),
                                   (.logLevel, "--verbose", "--quiet")] {
            switch (parsed.has(on), parsed.has(off)) {
            case (true, true): throw UsageError(message: "\(on) and \(off) cannot be combined", usage: parsed.spec.usage)
            case (true, false): try setting.apply(setting == .logLevel ? "debug" : "yes", to: &options)
            case (false, true): try setting.apply(setting == .logLevel ? "warning" : "no", to: &options)
            case (false, false): break
            }
        }
        return options
    }

    /// The config file named by `--config` (which must exist), else the default one (which may be absent).
    static func loadConfig(_ parsed: ParsedCommand, _ context: CLIContext) throws(ConfigError) -> AgentConfig {
        if let path = parsed.value("--config") { return try AgentConfig.load(path: path, required: true) }
        return try AgentConfig.load(path: AgentConfig.defaultPath(environment: context.environment), required: false)
    }

    /// `herobridge config check|show|path`: the config file checked line by line, the settings the agent would
    /// run with (and where each comes from), or where the file is looked for.
    static func config(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let action = parsed.positionals.first ?? "check"
        let path = parsed.value("--config") ?? AgentConfig.defaultPath(environment: context.environment)
        switch action {
        case "path":
            Terminal.out(path + "\n")
        case "check":
            let config = try loadConfig(parsed, context)
            Terminal.out(config.exists ? "\(path): OK, \(config.entries.count) setting\(config.entries.count == 1 ? "" : "s")\n"
                                : "\(path): no config file; the agent uses its defaults\n")
        case "show":
            let config = try loadConfig(parsed, context)
            var options = AgentOptions(database: context.databasePath)
            config.apply(to: &options)
            Terminal.out("# \(path)\n")
            for setting in AgentSetting.allCases {
                let source = config.entry(for: setting).map { "line \($0.line)" } ?? "default"
                Terminal.out("\(setting.rawValue) = \(setting.describe(options))    # \(source)\n")
            }
        default:
            throw UsageError(message: "config: \"\(action)\" is not check, show or path", usage: parsed.spec.usage)
        }
        return 0
    }

    /// `herobridge show`: asks the running agent (the owner of HEROBRIDGE_S<screen>) to map and raise its window.
    static func show(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        if try AgentControl.show(display: parsed.value("--display"), environment: context.environment) { return 0 }
        // The menu entry runs `herobridge show`: with no agent running, starting the installed service is what
        // the person clicking it wants (the agent opens its window when it starts). Only for this session's
        // display, since the service runs on the display imported into the user manager.
        if parsed.value("--display") == nil, Service(environment: context.environment, dryRun: false).startIfInstalled() {
            Terminal.out("no agent was running: started herobridge.service\n")
            return 0
        }
        throw RuntimeError("no HeroBridge agent is running on this display; start one with: herobridge service start "
                           + "(or herobridge agent)")
    }

    static func inspect(_ parsed: ParsedCommand, _ context: CLIContext) throws -> Int32 {
        let selection = try parsed.selection()
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
        if let seconds = try parsed.seconds("--timeout") { timeout = seconds }
    }
}
