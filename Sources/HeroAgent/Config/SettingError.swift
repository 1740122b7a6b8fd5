/// A value a setting does not take; the message names the value and what would be accepted.
public struct SettingError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
