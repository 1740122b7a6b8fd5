/// A test harness problem (a tool missing, a process that did not start), as opposed to a product failure.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
