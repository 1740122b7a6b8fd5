/// Flags that each mean one value of the same thing, at most one of them given: `--quiet` or `--verbose`,
/// `--window` or `--no-window`. Two of them together are a usage error (`--window and --no-window cannot be
/// combined`), named in the order they were given.
public struct FlagChoice<Command, Value: Sendable>: OptionGroup {
    public let specs: [OptionSpec]
    let values: [Value]

    /// Each flag: its name, the value it means and its help, in the order help lists them.
    public init(_ flags: (name: String, value: Value, help: String)...) {
        precondition(flags.count >= 2, "a choice needs two flags or more")
        specs = flags.map { OptionSpec(name: $0.name, valueName: nil, help: $0.help) }
        values = flags.map(\.value)
    }

    public var impliedRules: [RuleSpec] { [.exclusive(specs.map(\.name))] }
}
