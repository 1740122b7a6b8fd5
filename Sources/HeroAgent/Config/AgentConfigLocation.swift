extension AgentConfig {
    /// The config file the agent reads: the one named by `--config` (which must exist), else the default one
    /// (which may be absent: the defaults apply).
    public static func load(named path: String?, environment: [String: String]) throws(ConfigError) -> AgentConfig {
        if let path { return try load(path: path, required: true) }
        return try load(path: defaultPath(environment: environment), required: false)
    }

    /// Where the config file is looked for: `--config`, else the default path.
    public static func path(named path: String?, environment: [String: String]) -> String {
        path ?? defaultPath(environment: environment)
    }
}
