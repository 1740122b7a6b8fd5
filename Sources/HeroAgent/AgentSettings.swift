#if canImport(Glibc)
import Glibc
#endif
import DropWindow
import FoundationEssentials
import HeroTransfer

/// One setting of the agent. The command-line flags and the config file both go through `apply`, so a value
/// means the same thing, and is refused with the same words, wherever it is written.
public enum AgentSetting: String, CaseIterable, Sendable {
    case selections
    case acceptUnknown = "accept-unknown"
    case maxBytes = "max-bytes"
    case timeout
    case window
    case geometry
    case logLevel = "log-level"

    /// What the config file accepts for this key, for error messages and `herobridge config show`.
    public var expected: String {
        switch self {
        case .selections: "clipboard, primary or clipboard,primary"
        case .acceptUnknown, .window: "yes or no"
        case .maxBytes: "a size such as 65536, 512K or 64M"
        case .timeout: "a number of seconds between 0 and 3600"
        case .geometry: "WxH[+X+Y] with at least 200x300"
        case .logLevel: "warning, info or debug"
        }
    }

    /// Sets this setting in `options` from its text form.
    public func apply(_ text: String, to options: inout AgentOptions) throws(SettingError) {
        let value = text.trimmed()
        switch self {
        case .selections:
            guard let selections = AgentOptions.parseSelections(value) else { throw refusal(value) }
            options.selections = selections
        case .acceptUnknown:
            options.acceptUnknown = try Self.boolean(value, setting: self)
        case .maxBytes:
            options.maxBytes = try Self.size(value)
        case .timeout:
            options.timeout = try Self.seconds(value)
        case .window:
            options.window = try Self.boolean(value, setting: self)
        case .geometry:
            options.geometry = try Self.geometry(value)
        case .logLevel:
            switch value.lowercased() {
            case "warning", "quiet": options.logLevel = .warning
            case "info": options.logLevel = .info
            case "debug", "verbose": options.logLevel = .debug
            default: throw refusal(value)
            }
        }
    }

    /// The setting's current value in `options`, written the way the config file takes it.
    public func describe(_ options: AgentOptions) -> String {
        switch self {
        case .selections: options.selections.joined(separator: ",")
        case .acceptUnknown: options.acceptUnknown ? "yes" : "no"
        case .maxBytes: Self.sizeText(options.maxBytes)
        case .timeout: options.timeout == options.timeout.rounded() ? String(Int(options.timeout)) : String(options.timeout)
        case .window: options.window ? "yes" : "no"
        case .geometry: options.geometry.description
        case .logLevel: options.logLevel == .warning ? "warning" : options.logLevel == .debug ? "debug" : "info"
        }
    }

    /// A byte size (`65536`, `512K`, `64M`) greater than zero.
    public static func size(_ text: String) throws(SettingError) -> Int {
        guard let bytes = ByteCount.parse(text), bytes > 0 else {
            throw SettingError(message: "\"\(text)\" is not \(AgentSetting.maxBytes.expected)")
        }
        return bytes
    }

    /// Seconds in (0, 3600].
    public static func seconds(_ text: String) throws(SettingError) -> Double {
        guard let seconds = Double(text.trimmed()), seconds > 0, seconds <= 3600 else {
            throw SettingError(message: "\"\(text)\" is not \(AgentSetting.timeout.expected)")
        }
        return seconds
    }

    /// `bytes` in the largest binary unit that divides it exactly, as `size` reads it back.
    private static func sizeText(_ bytes: Int) -> String {
        for (unit, multiple) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % multiple == 0 {
            return "\(bytes / multiple)\(unit)"
        }
        return String(bytes)
    }

    /// An X geometry of at least 200x300.
    public static func geometry(_ text: String) throws(SettingError) -> WindowGeometry {
        guard let geometry = WindowGeometry.parse(text) else { throw AgentSetting.geometry.refusal(text) }
        return geometry
    }

    private static func boolean(_ text: String, setting: AgentSetting) throws(SettingError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw setting.refusal(text)
        }
    }

    private func refusal(_ text: String) -> SettingError {
        SettingError(message: "\"\(text)\" is not \(expected)")
    }
}

/// A value a setting does not take; the message names the value and what would be accepted.
public struct SettingError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

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
        return try parse(text, path: path)
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

/// A config file the agent will not start with: `path:line: message`.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let line: Int?
    public let message: String
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}
