/// A command's parse, read with the keys it declared: `parsed[Inspect.json]` is a `Bool`,
/// `parsed[Inspect.timeout]` a `Double?`. A key of another command does not type-check.
public struct ParsedCommand<Command>: Sendable {
    public let raw: ParsedArguments

    public init(_ raw: ParsedArguments) { self.raw = raw }

    public subscript(flag: Flag<Command>) -> Bool { raw.isGiven(declared(flag.spec).name) }

    /// The converted value, nil when the option was not given.
    public subscript<Value>(option: Option<Command, Value>) -> Value? {
        raw.values[declared(option.spec).name].map { $0 as! Value }
    }

    /// The value of the flag given, nil when none was.
    public subscript<Value>(choice: FlagChoice<Command, Value>) -> Value? {
        for (spec, value) in zip(choice.specs, choice.values) where raw.isGiven(declared(spec).name) { return value }
        return nil
    }

    public var arguments: [String] { raw.arguments }
    public var usage: String { raw.usage }

    /// A mistake only the command can see, in its words, with its usage line.
    public func usageError(_ message: String) -> UsageError { UsageError(message, usage: raw.usage) }

    private func declared(_ spec: OptionSpec) -> OptionSpec {
        precondition(raw.command.option(named: spec.name) != nil, "\(raw.command.name) does not declare \(spec.name)")
        return spec
    }
}
