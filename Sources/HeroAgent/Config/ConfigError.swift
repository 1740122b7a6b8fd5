/// A config file the agent will not start with: `path:line: message`.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let line: Int?
    public let message: String
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}
