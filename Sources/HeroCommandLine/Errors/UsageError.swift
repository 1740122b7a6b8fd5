/// A mistake in the command line. Its description is the message for the person who typed it; `usage` is
/// the usage line of the command concerned, printed after it (nil when no command is concerned).
public struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        case unknownCommand(String, seeAlso: String)
        case noSuchCommand(String, seeAlso: String)
        /// An option before any command, which no command declares.
        case unknownGlobalOption(String, seeAlso: String)
        case unknownOption(String, command: String)
        case missingValue(String)
        case unexpectedValue(String)
        case argumentCount(command: String, expected: ClosedRange<Int>, got: Int)
        /// `subject` is an option (`--selection`) or, for an action word, the command.
        case notAChoice(subject: String, value: String, choices: [String])
        case badValue(String, reason: String)
        case goesWith(command: String, option: String, other: String)
        case excludes(command: String, option: String, other: String)
        case combined(String, String)
        case required(command: String, option: String, valueName: String)
        case takesNoArguments(command: String, option: String, arguments: String, options: [String])
        case words(command: String, form: WordForm)
        /// A rule that only the command itself can check.
        case other(String)
    }

    public let reason: Reason
    public let usage: String?

    public init(_ reason: Reason, usage: String?) {
        self.reason = reason
        self.usage = usage
    }

    /// A rule the command checks itself, in its own words.
    public init(_ message: String, usage: String?) {
        self.init(.other(message), usage: usage)
    }

    public var description: String {
        switch reason {
        case let .unknownCommand(name, seeAlso): "unknown command \"\(name)\" (see \(seeAlso))"
        case let .noSuchCommand(name, seeAlso): "no command named \"\(name)\" (see \(seeAlso))"
        case let .unknownGlobalOption(name, seeAlso): "unknown option \(name) (see \(seeAlso))"
        case let .unknownOption(name, command): "\(command): unknown option \(name)"
        case let .missingValue(name): "\(name) needs a value"
        case let .unexpectedValue(name): "\(name) takes no value"
        case let .argumentCount(command, range, got):
            "\(command): expected \(Self.count(range)) argument\(range.upperBound == 1 ? "" : "s"), got \(got)"
        case let .notAChoice(subject, value, choices): "\(subject): \(ValueError.notOneOf(value, choices))"
        case let .badValue(name, reason): "\(name): \(reason)"
        case let .goesWith(command, option, other): "\(command): \(option) goes with \(other)"
        case let .excludes(command, option, other): "\(command): \(option) and \(other) cannot be combined"
        case let .combined(first, second): "\(first) and \(second) cannot be combined"
        case let .required(command, option, valueName): "\(command): \(option) \(valueName) is required"
        case let .takesNoArguments(command, option, arguments, options):
            "\(command) \(option) takes no \(arguments)" + options.map { " and no \($0)" }.joined()
        case let .words(command, form): form.message(command: command)
        case let .other(message): message
        }
    }

    private static func count(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "\(range.lowerBound)"
            : range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }
}
