/// One command, declared once: its name, summary, options, arguments and rules. Parsing, the usage
/// synopsis and the help text are all made from this.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let arguments: Arguments
    /// Every option, in the order help lists them.
    public let options: [OptionSpec]
    /// The rules between the options, checked in this order after parsing.
    public let rules: [RuleSpec]
    /// The synopsis forms of a command that has several; nil for the one form made from the options.
    let forms: [String]?

    public init<Command>(_ command: Command.Type, name: String, summary: String, arguments: Arguments = .none,
                         options: [any OptionGroup<Command>] = [], rules: [Rule<Command>] = [],
                         forms: [SynopsisForm<Command>]? = nil) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options.flatMap(\.specs)
        self.rules = options.flatMap(\.impliedRules) + rules.map(\.spec)
        self.forms = forms?.map(\.rendered)
        let names = self.options.map(\.name)
        precondition(Set(names).count == names.count, "\(name): an option is declared twice")
        for rule in self.rules {
            precondition(rule.options.allSatisfy(names.contains), "\(name): a rule names an option the command does not declare")
        }
    }

    /// The option called `name`, if the command declares one.
    public func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// What follows the command's name in its usage line: `NAME [--output FILE | --set FILE]`. Every option
    /// that is not hidden is in it; options that exclude each other are one `[a | b]` group.
    public var synopsis: String {
        if let forms { return forms.joined(separator: " | ") }
        var parts: [String] = []
        var shown: Set<String> = []
        for option in options where !option.isHidden && !shown.contains(option.name) {
            if let group = exclusionGroup(of: option.name) {
                let members = options.filter { group.contains($0.name) }
                parts.append("[" + members.map(\.synopsisLabel).joined(separator: " | ") + "]")
                shown.formUnion(group)
            } else {
                parts.append(rules.contains(.required(option.name)) ? option.synopsisLabel : "[\(option.synopsisLabel)]")
                shown.insert(option.name)
            }
        }
        if !arguments.synopsis.isEmpty {
            if arguments.position == .beforeOptions { parts.insert(arguments.synopsis, at: 0) } else { parts.append(arguments.synopsis) }
        }
        return parts.joined(separator: " ")
    }

    /// The options help lists but the synopsis lacks (only a hand-written synopsis form can lack one).
    public var optionsMissingFromSynopsis: [String] {
        let words = Set(synopsis.split(whereSeparator: { " []|".contains($0) }).map(String.init))
        return options.filter { !$0.isHidden && !words.contains($0.name) }.map(\.name)
    }

    private func exclusionGroup(of name: String) -> [String]? {
        for rule in rules {
            switch rule {
            case let .excludes(a, b) where a == name || b == name: return [a, b]
            case let .exclusive(names) where names.contains(name): return names
            default: continue
            }
        }
        return nil
    }
}
