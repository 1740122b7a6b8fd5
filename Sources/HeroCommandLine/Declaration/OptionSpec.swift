/// One option as parsing, help and the synopsis see it, whatever the type of its value.
public struct OptionSpec: Sendable {
    /// `--json`.
    public let name: String
    /// The value's placeholder in help (`FILE`); nil for a flag.
    public let valueName: String?
    /// The value as the synopsis shows it: the choices (`clipboard|primary`) or an example (`clipboard,primary`).
    public let synopsisValue: String?
    public let help: String
    /// Left out of help and the synopsis: an option one program passes to another, not for people.
    public let isHidden: Bool
    /// Turns the text after the option into its value, or refuses it; nil for a flag.
    let convert: (@Sendable (String) throws -> any Sendable)?

    init(name: String, valueName: String?, synopsisValue: String? = nil, help: String, isHidden: Bool = false,
         convert: (@Sendable (String) throws -> any Sendable)? = nil) {
        precondition(name.hasPrefix("--") && !name.contains("="), "an option is --name: \(name)")
        self.name = name
        self.valueName = valueName
        self.synopsisValue = synopsisValue
        self.help = help
        self.isHidden = isHidden
        self.convert = convert
    }

    public var takesValue: Bool { valueName != nil }

    /// `--output FILE` or `--json`, as help lists it.
    public var label: String { valueName.map { "\(name) \($0)" } ?? name }

    /// `--selection clipboard|primary`, as the synopsis shows it.
    public var synopsisLabel: String { (synopsisValue ?? valueName).map { "\(name) \($0)" } ?? name }

    /// `--name=value`: one argument that gives this option `value`, even a value starting with `-`.
    public func assignment(_ value: String) -> String { "\(name)=\(value)" }
}
