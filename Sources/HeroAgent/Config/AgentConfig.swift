#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// `$XDG_CONFIG_HOME/herobridge/config`: `key = value` lines for the agent's settings, `#` comments, blank
/// lines. Every line is checked when the file is read, so a typo stops the agent at start with the line's
/// number rather than being ignored.
public struct AgentConfig: Sendable {
    public struct Entry: Sendable {
        public let line: Int
        public let setting: AgentSetting
        public let value: String
    }

    public let path: String
    public let entries: [Entry]
    /// False when there was no file (the defaults apply).
    public var exists = true
    /// Whether the file must exist (the user named it with `--config`): read again while running, it must still.
    public var required = false

    /// `$XDG_CONFIG_HOME/herobridge/config`, else `~/.config/herobridge/config`. A relative XDG_CONFIG_HOME is
    /// ignored, as the XDG base directory spec asks.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/herobridge/config"
        }
        return (environment["HOME"] ?? "") + "/.config/herobridge/config"
    }

    /// Reads and checks the file at `path`. A missing file is an empty config unless `required` (the user
    /// named it with `--config`), in which case it is an error like any other.
    public static func load(path: String, required: Bool) throws(ConfigError) -> AgentConfig {
        let data: Data
        do {
            data = try FileReader.readAll(path, limit: 1 << 20)
        } catch {
            if !required, access(path, F_OK) != 0, errno == ENOENT { return AgentConfig(path: path, entries: [], exists: false) }
            let reason = switch error {
            case let .cannotOpen(_, reason), let .readFailed(_, reason), let .rejected(_, reason): reason
            case let .notRegular(_, kind): "is \(kind), not a regular file"
            case .tooLarge: "is over 1 MiB, too large for a config file"
            }
            throw ConfigError(path: path, line: nil, message: reason)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(path: path, line: nil, message: "is not UTF-8 text")
        }
        var config = try parse(text, path: path)
        config.required = required
        return config
    }

    /// Parses config text; every problem names its line.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> AgentConfig {
        var entries: [Entry] = []
        var scratch = AgentOptions(database: "")
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let content = line.trimmed()
            if content.isEmpty { continue }
            guard let equals = content.firstIndex(of: "=") else {
                throw ConfigError(path: path, line: number, message: "\"\(content)\" is not key = value")
            }
            let key = content[..<equals].trimmed().lowercased()
            let value = content[content.index(after: equals)...].trimmed()
            guard let setting = AgentSetting(rawValue: key) else {
                let known = AgentSetting.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigError(path: path, line: number,
                                  message: key.isEmpty ? "a key is missing before =" : "unknown key \"\(key)\" (known: \(known))")
            }
            if let first = entries.first(where: { $0.setting == setting }) {
                throw ConfigError(path: path, line: number, message: "\(key) is set twice (first on line \(first.line))")
            }
            guard !value.isEmpty else {
                throw ConfigError(path: path, line: number, message: "\(key) has no value (expected \(setting.expected))")
            }
            do {
                try setting.apply(value, to: &scratch)
            } catch {
                throw ConfigError(path: path, line: number, message: "\(key): \(error.message)")
            }
            entries.append(Entry(line: number, setting: setting, value: value))
        }
        return AgentConfig(path: path, entries: entries)
    }

    /// Sets every entry in `options`. The values were checked by `parse`, so this cannot fail.
    public func apply(to options: inout AgentOptions) {
        for entry in entries { try? entry.setting.apply(entry.value, to: &options) }
    }

    /// The entry that sets `setting`, if the file has one.
    public func entry(for setting: AgentSetting) -> Entry? { entries.first { $0.setting == setting } }
}
