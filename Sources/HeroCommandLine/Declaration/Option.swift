/// An option with a value, `--output FILE`, turned into a `Value` when the command line is parsed: a refused
/// value is a usage error naming the option (`--timeout: "0" is not …`).
public struct Option<Command, Value: Sendable>: OptionKey {
    public let spec: OptionSpec

    /// `parse` turns the text into the value; what it throws is the reason given after the option's name.
    public init(_ name: String, _ valueName: String, _ help: String, synopsis: String? = nil, hidden: Bool = false,
                parse: @escaping @Sendable (String) throws -> Value) {
        spec = OptionSpec(name: name, valueName: valueName, synopsisValue: synopsis, help: help, isHidden: hidden,
                          convert: { text in try parse(text) })
    }
}

extension Option where Value == String {
    /// Any text.
    public init(_ name: String, _ valueName: String, _ help: String, synopsis: String? = nil) {
        self.init(name, valueName, help, synopsis: synopsis) { $0 }
    }

    /// One of `choices`, which the synopsis shows as `a|b`.
    public init(_ name: String, _ valueName: String, _ help: String, choices: [String]) {
        self.init(name, valueName, help, synopsis: choices.joined(separator: "|")) { text in
            guard choices.contains(text) else { throw ValueError.notOneOf(text, choices) }
            return text
        }
    }
}
