/// What is known about a stored portrait without loading its bytes.
public struct PortraitInfo: Sendable, Equatable {
    public var mime: String
    public var width: Int
    public var height: Int
    public var byteCount: Int
    /// Lower-case hex SHA-256 of the bytes.
    public var sha256: String
}
