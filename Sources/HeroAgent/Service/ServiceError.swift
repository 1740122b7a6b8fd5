/// Why a `herobridge service` step could not be done, in one line for the person at the terminal.
public struct ServiceError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
