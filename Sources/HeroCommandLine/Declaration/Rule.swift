/// A rule declared with a command's typed keys; see `RuleSpec` for what each one checks and says.
public struct Rule<Command>: Sendable {
    public let spec: RuleSpec

    /// `option` is valid only with `other`: `catalog: --display goes with --window`.
    public static func goes(_ option: some OptionKey<Command>, with other: some OptionKey<Command>) -> Rule {
        Rule(spec: .goesWith(option.name, other.name))
    }

    /// Not both: `portrait: --set and --output cannot be combined`.
    public static func excludes(_ option: some OptionKey<Command>, _ other: some OptionKey<Command>) -> Rule {
        Rule(spec: .excludes(option.name, other.name))
    }

    /// Must be given: `decode: --target MIME is required`.
    public static func required(_ option: some OptionKey<Command>) -> Rule {
        Rule(spec: .required(option.name))
    }

    /// With `option`, no arguments and none of `others`: `catalog --window takes no QUERY and no --json`.
    public static func takesNoArguments(_ option: some OptionKey<Command>, nor others: [any OptionKey<Command>] = []) -> Rule {
        Rule(spec: .takesNoArguments(option.name, norOptions: others.map(\.spec.name)))
    }

    /// What follows an argument word: `catalog import` takes one FILE, `catalog remove` one NAME or more and no
    /// --json.
    public struct Word: Sendable {
        let form: WordForm

        public init(_ word: String, takes arguments: Arguments, nor others: [any OptionKey<Command>] = []) {
            form = WordForm(word: word, count: arguments.count, argumentName: arguments.name, norOptions: others.map(\.spec.name))
        }
    }

    /// The arguments are one of `words` with what it takes, or else `otherwise` (`catalog [QUERY]`), whose
    /// message carries `hint`.
    public static func words(_ words: [Word], otherwise: Arguments, hint: String? = nil) -> Rule {
        Rule(spec: .words(words.map(\.form), otherwise: WordForm(word: nil, count: otherwise.count, argumentName: otherwise.name,
                                                                  hint: hint)))
    }
}
