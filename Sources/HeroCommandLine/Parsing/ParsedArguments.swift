/// One command's options and arguments as given, checked against its `CommandSpec`: every rule holds and
/// every value converted. Read it through `ParsedCommand`, whose keys are typed.
public struct ParsedArguments: Sendable {
    public let command: CommandSpec
    /// The usage line for errors the command finds itself.
    public let usage: String
    /// Option names in the order first given.
    public internal(set) var given: [String] = []
    /// The text of each option with a value; the last one given wins.
    public internal(set) var texts: [String: String] = [:]
    /// The arguments left when the options are taken out, in order.
    public internal(set) var arguments: [String] = []
    var values: [String: any Sendable] = [:]

    init(command: CommandSpec, usage: String, arguments: [String] = []) {
        self.command = command
        self.usage = usage
        self.arguments = arguments
    }

    public func isGiven(_ name: String) -> Bool { given.contains(name) }

    mutating func record(_ name: String, text: String?) {
        if !given.contains(name) { given.append(name) }
        if let text { texts[name] = text }
    }

    /// The checks after every argument is read: how many arguments, which action words, the rules in the
    /// order declared, then each value's conversion in the order the options are declared.
    mutating func validate() throws(UsageError) {
        let name = command.name
        let range = command.arguments.count
        guard range.contains(arguments.count) else {
            throw UsageError(.argumentCount(command: name, expected: range, got: arguments.count), usage: usage)
        }
        if let choices = command.arguments.choices, let word = arguments.first, !choices.contains(word) {
            throw UsageError(.notAChoice(subject: name, value: word, choices: choices), usage: usage)
        }
        for rule in command.rules { try check(rule) }
        for option in command.options {
            guard let convert = option.convert, let text = texts[option.name] else { continue }
            do { values[option.name] = try convert(text) } catch {
                throw UsageError(.badValue(option.name, reason: "\(error)"), usage: usage)
            }
        }
    }

    private func check(_ rule: RuleSpec) throws(UsageError) {
        let name = command.name
        switch rule {
        case let .goesWith(option, other) where isGiven(option) && !isGiven(other):
            throw UsageError(.goesWith(command: name, option: option, other: other), usage: usage)
        case let .excludes(option, other) where isGiven(option) && isGiven(other):
            throw UsageError(.excludes(command: name, option: option, other: other), usage: usage)
        case let .exclusive(options):
            let both = given.filter(options.contains)
            if both.count > 1 { throw UsageError(.combined(both[0], both[1]), usage: usage) }
        case let .required(option) where !isGiven(option):
            throw UsageError(.required(command: name, option: option, valueName: command.option(named: option)?.valueName ?? ""),
                             usage: usage)
        case let .takesNoArguments(option, others) where isGiven(option) && (!arguments.isEmpty || others.contains(where: isGiven)):
            throw UsageError(.takesNoArguments(command: name, option: option, arguments: command.arguments.name, options: others),
                             usage: usage)
        case let .words(forms, otherwise):
            let form = forms.first { $0.word == arguments.first } ?? otherwise
            let count = form.word == nil ? arguments.count : arguments.count - 1
            guard form.count.contains(count), !form.norOptions.contains(where: isGiven) else {
                throw UsageError(.words(command: name, form: form), usage: usage)
            }
        default:
            return
        }
    }
}
