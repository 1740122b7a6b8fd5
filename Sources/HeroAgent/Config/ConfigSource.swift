/// Where a running program's settings came from: the config file as it was read at start, and the command line's
/// flags. An edit of the file is applied with the precedence the settings had at start: the defaults, then the
/// file, then the flags, which still win.
public struct ConfigSource: Sendable {
    public let config: AgentConfig
    public let flags: AgentFlags

    /// The options an edited file gives.
    func options(database: String, config: AgentConfig) -> AgentOptions {
        flags.options(database: database, config: config)
    }
}
