/// Why an option's value was refused; the parser puts the option's name before it.
public struct ValueError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }

    /// `"red" is not clipboard or primary`.
    public static func notOneOf(_ value: String, _ choices: [String]) -> ValueError {
        ValueError("\"\(value)\" is not \(spoken(choices))")
    }

    /// `a`, `a or b`, `a, b or c`.
    static func spoken(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
