/// A rule between a command's options (and its arguments), by option name: checked by the parser after
/// every option is read, in the order declared.
public enum RuleSpec: Sendable, Equatable {
    /// The first option is valid only when the second is given too.
    case goesWith(String, String)
    /// The two options cannot both be given.
    case excludes(String, String)
    /// At most one of the flags (a `FlagChoice`).
    case exclusive([String])
    /// The option must be given.
    case required(String)
    /// With the option given, there may be no arguments and none of the other options.
    case takesNoArguments(String, norOptions: [String])
    /// The arguments take the form of the word they start with, else the form with no word.
    case words([WordForm], otherwise: WordForm)

    /// The options the rule names, in the order it names them.
    var options: [String] {
        switch self {
        case let .goesWith(option, other), let .excludes(option, other): [option, other]
        case let .exclusive(options): options
        case let .required(option): [option]
        case let .takesNoArguments(option, others): [option] + others
        case let .words(forms, otherwise): (forms + [otherwise]).flatMap(\.norOptions)
        }
    }
}
