/// How a favorite arrived.
public enum IngestSource: String, Sendable, Codable, CaseIterable {
    case clipboard, primary, drop, cli
}
