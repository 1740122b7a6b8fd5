/// The arguments a command takes after its options are taken out: how many, what they are called in the
/// synopsis and in messages, and, for an action word, which words are allowed.
public struct Arguments: Sendable {
    public enum Position: Sendable {
        /// `[--new] NAME...`
        case afterOptions
        /// `NAME [--output FILE | --set FILE]`
        case beforeOptions
    }

    /// What one argument is called in messages: `QUERY` in `catalog --custom takes no QUERY`.
    public let name: String
    /// `NAME...`, `[FILE]`, `install | uninstall`.
    public let synopsis: String
    public let count: ClosedRange<Int>
    /// The words allowed, for an action (`service install`); nil for any text.
    public let choices: [String]?
    public let position: Position

    public init(name: String, synopsis: String, count: ClosedRange<Int>, choices: [String]? = nil,
                position: Position = .afterOptions) {
        self.name = name
        self.synopsis = synopsis
        self.count = count
        self.choices = choices
        self.position = position
    }

    public static let none = Arguments(name: "", synopsis: "", count: 0...0)

    /// Exactly one: `NAME`.
    public static func one(_ name: String, _ position: Position = .afterOptions) -> Arguments {
        Arguments(name: name, synopsis: name, count: 1...1, position: position)
    }

    /// None or one: `[FILE]`.
    public static func optional(_ name: String, _ position: Position = .afterOptions) -> Arguments {
        Arguments(name: name, synopsis: "[\(name)]", count: 0...1, position: position)
    }

    /// One or more: `NAME...`.
    public static func oneOrMore(_ name: String, _ position: Position = .afterOptions) -> Arguments {
        Arguments(name: name, synopsis: "\(name)...", count: 1...Int.max, position: position)
    }

    /// Any number: `[NAME...]`.
    public static func any(_ name: String, _ position: Position = .afterOptions) -> Arguments {
        Arguments(name: name, synopsis: "[\(name)...]", count: 0...Int.max, position: position)
    }

    /// One action word of `choices`: `install | uninstall | status`.
    public static func action(_ choices: [String], _ position: Position = .beforeOptions) -> Arguments {
        Arguments(name: "ACTION", synopsis: choices.joined(separator: " | "), count: 1...1, choices: choices, position: position)
    }

    /// An action word of `choices`, or none (the command's default action): `[check | show | path]`.
    public static func optionalAction(_ choices: [String], _ position: Position = .beforeOptions) -> Arguments {
        Arguments(name: "ACTION", synopsis: "[\(choices.joined(separator: " | "))]", count: 0...1, choices: choices,
                  position: position)
    }
}
