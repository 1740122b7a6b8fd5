/// Something a command declares among its options: one option, or a choice between flags. `Command` is the
/// type the command's keys live in, so a key of one command cannot be looked up in another's parse.
public protocol OptionGroup<Command>: Sendable {
    associatedtype Command
    /// The options in the order help lists them.
    var specs: [OptionSpec] { get }
    /// Rules that come with the group itself (the flags of a `FlagChoice` exclude each other).
    var impliedRules: [RuleSpec] { get }
}

extension OptionGroup {
    public var impliedRules: [RuleSpec] { [] }
}

/// One option, usable in rules (`Rule.goes(_:with:)`) and in synopsis forms.
public protocol OptionKey<Command>: OptionGroup {
    var spec: OptionSpec { get }
}

extension OptionKey {
    public var specs: [OptionSpec] { [spec] }
    public var name: String { spec.name }
}
