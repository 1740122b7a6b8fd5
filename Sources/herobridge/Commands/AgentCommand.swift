import DropWindow
import HeroAgent
import HeroCommandLine

/// `herobridge agent`: the flags into `AgentFlags`; the config file, the precedence and the work are in HeroAgent.
enum AgentCommand: CLICommand {
    static let display = Option<Self, String>.display
    static let config = Option<Self, String>.config
    static let selections = Option<Self, [String]>.setting(.selections, "--selections", "LIST", "clipboard (default), or clipboard,primary",
                                                           synopsis: "clipboard,primary") { $0.selections }
    static let acceptUnknown = FlagChoice<Self, Bool>(
        ("--accept-unknown", true, "make custom heroes of names not in the catalog"),
        ("--no-accept-unknown", false, "ignore names not in the catalog (the default)"))
    static let maxBytes = Option<Self, Int>.setting(.maxBytes, "--max-bytes", "SIZE", "largest transfer read (default 64M)") { $0.maxBytes }
    static let timeout = Option<Self, Double>.setting(.timeout, "--timeout", "SECONDS",
                                                      "how long an owner may stay silent at any step (default 5)") { $0.timeout }
    static let replace = Flag<Self>("--replace", "take over from an agent already running on the display")
    static let window = FlagChoice<Self, Bool>(("--no-window", false, "watch the selections only, with no drop window"),
                                               ("--window", true, "show the drop window (the default)"))
    static let tray = FlagChoice<Self, Bool>(("--no-tray", false, "dock no icon into the system tray"),
                                             ("--tray", true, "dock an icon into the system tray when one runs (the default)"))
    static let geometry = Option<Self, WindowGeometry>.setting(.geometry, "--geometry", "WxH+X+Y",
                                                               "size and place of the drop window (default 400x600)") { $0.geometry ?? .default }
    static let notify = FlagChoice<Self, Bool>(("--notify", true, "a desktop notification when a copy adds a hero while the window is hidden"),
                                               ("--no-notify", false, "no desktop notifications (the default)"))
    static let backend = Option<Self, ClipboardBackend>.setting(
        .backend, "--backend", "auto|x11|wayland",
        "what watches the selections: Wayland's data control where the compositor offers it, else X11 (auto, the default)"
    ) { $0.backend }
    static let logLevel = FlagChoice<Self, AgentLog.Level>(("--quiet", .warning, "log only warnings and errors"),
                                                           ("--verbose", .debug, "log every step"))

    static let spec = CommandSpec(Self.self, name: "agent",
                                  summary: "watch the selections (X11 or Wayland) and show the drop window; copies and drops become favorites",
                                  options: [display, config, selections, acceptUnknown, maxBytes, timeout, replace, window, tray, geometry,
                                            notify, backend, logLevel])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        var flags = AgentFlags()
        flags.display = parsed[display]
        flags.replace = parsed[replace]
        flags.selections = parsed[selections]
        flags.acceptUnknown = parsed[acceptUnknown]
        flags.maxBytes = parsed[maxBytes]
        flags.timeout = parsed[timeout]
        flags.window = parsed[window]
        flags.tray = parsed[tray]
        flags.geometry = parsed[geometry]
        flags.notify = parsed[notify]
        flags.backend = parsed[backend]
        flags.logLevel = parsed[logLevel]
        let config = try AgentConfig.load(named: parsed[Self.config], environment: context.environment)
        return Agent.run(flags.options(database: context.databasePath, config: config), environment: context.environment)
    }
}
