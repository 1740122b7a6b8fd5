import FoundationEssentials
import HeroAgent

/// `AgentConfig.parse`, the agent's config file, and every `AgentSetting`'s text form: what a parsed file sets,
/// written back with `describe`, parses to the same settings. Input: the file's bytes (refused unless UTF-8, as
/// `AgentConfig.load` does).
enum AgentConfigHarness {
    static let harness = Harness(name: "config", maxLength: 4096,
                                 summary: "agent config file: key = value lines, every setting's value syntax", run: run)

    static func run(_ data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return }
        let config: AgentConfig
        do throws(ConfigError) {
            config = try AgentConfig.parse(text, path: "config")
        } catch {
            Invariant.check(error.line.map { $0 >= 1 } ?? false, "a parse error without its line: \(error)")
            return
        }
        let settings = config.entries.map(\.setting)
        Invariant.check(Set(settings).count == settings.count, "a setting parsed twice: \(settings)")
        Invariant.check(config.entries.map(\.line) == config.entries.map(\.line).sorted(), "entries out of line order")

        var options = AgentOptions(database: "")
        config.apply(to: &options)
        let written = config.entries.map { "\($0.setting.rawValue) = \($0.setting.describe(options))" }.joined(separator: "\n")
        let reread: AgentConfig
        do throws(ConfigError) {
            reread = try AgentConfig.parse(written, path: "written")
        } catch {
            fatalError("invariant broken: what describe wrote does not parse: \(error)\n\(written)")
        }
        var again = AgentOptions(database: "")
        reread.apply(to: &again)
        for setting in settings {
            Invariant.check(setting.describe(again) == setting.describe(options),
                            "\(setting.rawValue): \(setting.describe(options)) reads back as \(setting.describe(again))")
        }
    }
}
