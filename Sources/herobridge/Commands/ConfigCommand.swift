import HeroAgent
import HeroCommandLine

/// `herobridge config check|show|path`: the config file checked line by line, the settings the agent would
/// run with (and where each comes from), or where the file is looked for.
enum ConfigCommand: CLICommand {
    static let config = Option<Self, String>.config

    static let spec = CommandSpec(Self.self, name: "config",
                                  summary: "check the agent's config file, show the settings it gives, or print where it is",
                                  arguments: .optionalAction(["check", "show", "path"]), options: [config])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let path = AgentConfig.path(named: parsed[config], environment: context.environment)
        switch parsed.arguments.first ?? "check" {
        case "path":
            Terminal.out(path + "\n")
        case "check":
            let file = try AgentConfig.load(named: parsed[config], environment: context.environment)
            Terminal.out(file.exists ? "\(path): OK, \(file.entries.count) setting\(file.entries.count == 1 ? "" : "s")\n"
                                     : "\(path): no config file; the agent uses its defaults\n")
        default:
            let file = try AgentConfig.load(named: parsed[config], environment: context.environment)
            let options = AgentFlags().options(database: context.databasePath, config: file)
            Terminal.out("# \(path)\n")
            for setting in AgentSetting.allCases {
                let source = file.entry(for: setting).map { "line \($0.line)" } ?? "default"
                Terminal.out("\(setting.rawValue) = \(setting.describe(options))    # \(source)\n")
            }
        }
        return 0
    }
}
