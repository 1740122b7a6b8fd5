import DropWindow
import HeroAgent
import HeroCommandLine

/// Options several commands declare alike: same name, same value, same words.
extension Option where Value == String {
    /// `--display NAME`.
    static var display: Option { Option("--display", "NAME", "the X display (default: $DISPLAY)") }

    /// `--selection clipboard|primary`.
    static var selection: Option {
        Option("--selection", "NAME", "clipboard (default) or primary", choices: ["clipboard", "primary"])
    }

    /// `--config FILE`.
    static var config: Option { Option("--config", "FILE", "the config file (default: $XDG_CONFIG_HOME/herobridge/config)") }
}

extension Option where Value == Int {
    /// `--max-bytes SIZE`: `65536`, `512K`, `64M`.
    static func maxBytes(_ help: String) -> Option { Option("--max-bytes", "SIZE", help) { try AgentSetting.size($0) } }
}

extension Option where Value == Double {
    /// `--timeout SECONDS`, in (0, 3600].
    static func timeout(_ help: String) -> Option { Option("--timeout", "SECONDS", help) { try AgentSetting.seconds($0) } }
}

extension Option where Value == WindowGeometry {
    /// `--geometry WxH+X+Y`.
    static func geometry(_ help: String) -> Option { Option("--geometry", "WxH+X+Y", help) { try AgentSetting.geometry($0) } }
}

extension Option {
    /// An option that sets an agent setting, its value read as the config file reads it (the same words
    /// refuse it), then taken back out of the options with `read`.
    static func setting(_ setting: AgentSetting, _ name: String, _ valueName: String, _ help: String, synopsis: String? = nil,
                        read: @escaping @Sendable (AgentOptions) -> Value) -> Option {
        Option(name, valueName, help, synopsis: synopsis) { text in
            var options = AgentOptions(database: "")
            try setting.apply(text, to: &options)
            return read(options)
        }
    }
}
