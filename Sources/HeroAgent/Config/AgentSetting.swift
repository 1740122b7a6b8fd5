import DropWindow
import HeroBase
import HeroTransfer

/// One setting of the agent. The command-line flags and the config file both go through `apply`, so a value
/// means the same thing, and is refused with the same words, wherever it is written.
public enum AgentSetting: String, CaseIterable, Sendable {
    case selections
    case acceptUnknown = "accept-unknown"
    case maxBytes = "max-bytes"
    case timeout
    case window
    case tray
    case geometry
    case scale
    case theme
    case notify
    case backend
    case logLevel = "log-level"

    /// What the config file accepts for this key, for error messages and `herobridge config show`.
    public var expected: String {
        switch self {
        case .selections: "clipboard, primary or clipboard,primary"
        case .acceptUnknown, .window, .tray, .notify: "yes or no"
        case .maxBytes: "a size such as 65536, 512K or 64M"
        case .timeout: "a number of seconds between 0 and 3600"
        case .geometry: "WxH[+X+Y] with at least 200x300"
        case .scale: "auto, or a number from 1 to 4"
        case .theme: "auto, light or dark"
        case .backend: "auto, x11 or wayland"
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
        case .tray:
            options.tray = try Self.boolean(value, setting: self)
        case .geometry:
            options.geometry = try Self.geometry(value)
        case .scale:
            options.scale = try Self.scale(value)
        case .theme:
            guard let theme = Appearance.Choice(rawValue: value.lowercased()) else { throw refusal(value) }
            options.theme = theme
        case .notify:
            options.notify = try Self.boolean(value, setting: self)
        case .backend:
            guard let backend = ClipboardBackend(rawValue: value.lowercased()) else { throw refusal(value) }
            options.backend = backend
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
        case .tray: options.tray ? "yes" : "no"
        case .geometry: (options.geometry ?? .default).description
        case .scale:
            switch options.scale {
            case .auto: "auto"
            case let .fixed(factor): factor == factor.rounded() ? String(Int(factor)) : String(factor)
            }
        case .theme: options.theme.rawValue
        case .notify: options.notify ? "yes" : "no"
        case .backend: options.backend.rawValue
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

    /// `bytes` in the largest binary unit that divides it exactly, as `size` reads it back. Cases that each make
    /// their text, not a loop over (unit, multiple) pairs: swiftc unrolled that loop into one block taking both
    /// values from three predecessors and wrote each predecessor's two register moves in an order that followed
    /// heap addresses, so two release builds of one tree differed there (packaging/reproducible-check.sh).
    private static func sizeText(_ bytes: Int) -> String {
        switch bytes.trailingZeroBitCount {
        case 30...: "\(bytes >> 30)G"
        case 20...: "\(bytes >> 20)M"
        case 10...: "\(bytes >> 10)K"
        default: String(bytes)
        }
    }

    /// An X geometry of at least 200x300.
    public static func geometry(_ text: String) throws(SettingError) -> WindowGeometry {
        guard let geometry = WindowGeometry.parse(text) else { throw AgentSetting.geometry.refusal(text) }
        return geometry
    }

    /// `auto`, or a factor in `DisplayScale.range` (1 to 4; fractions such as 1.5 too).
    public static func scale(_ text: String) throws(SettingError) -> DisplayScale.Choice {
        if text.lowercased() == "auto" { return .auto }
        guard let factor = Double(text), DisplayScale.range.contains(factor) else { throw AgentSetting.scale.refusal(text) }
        return .fixed(factor)
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
