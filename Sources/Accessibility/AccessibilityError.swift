/// Why the application is not on the accessibility bus; the description is the log line's reason.
public struct AccessibilityError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
