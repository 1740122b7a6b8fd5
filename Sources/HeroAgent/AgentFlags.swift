import DropWindow

/// What `herobridge agent`'s command line says about the agent's settings, nil where it says nothing.
/// `options(database:config:)` is the precedence rule: the defaults, then the config file, then these flags,
/// which win over the file.
public struct AgentFlags: Sendable {
    public var display: String?
    public var replace = false
    public var selections: [String]?
    public var acceptUnknown: Bool?
    public var maxBytes: Int?
    public var timeout: Double?
    public var window: Bool?
    public var tray: Bool?
    public var geometry: WindowGeometry?
    public var notify: Bool?
    public var backend: ClipboardBackend?
    public var logLevel: AgentLog.Level?

    public init() {}

    /// The options the agent runs with.
    public func options(database: String, config: AgentConfig) -> AgentOptions {
        var options = AgentOptions(database: database)
        config.apply(to: &options)
        options.display = display
        options.replace = replace
        if let selections { options.selections = selections }
        if let acceptUnknown { options.acceptUnknown = acceptUnknown }
        if let maxBytes { options.maxBytes = maxBytes }
        if let timeout { options.timeout = timeout }
        if let window { options.window = window }
        if let tray { options.tray = tray }
        if let geometry { options.geometry = geometry }
        if let notify { options.notify = notify }
        if let backend { options.backend = backend }
        if let logLevel { options.logLevel = logLevel }
        options.source = ConfigSource(config: config, flags: self)
        return options
    }
}
