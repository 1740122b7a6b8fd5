/// What a command's arguments must be when the first one is a given word (`catalog import FILE`,
/// `catalog remove NAME...`), or, with no word, when it is none of the declared words (`catalog [QUERY]`).
public struct WordForm: Sendable, Equatable {
    /// The word; nil for the form taken when the first argument is no declared word.
    public let word: String?
    /// How many arguments follow the word (all of them, for the form with no word).
    public let count: ClosedRange<Int>
    /// What one argument is called in the message: `FILE`.
    public let argumentName: String
    /// Options that cannot go with this form.
    public let norOptions: [String]
    /// A hint added to the message: `quote names with spaces`.
    public let hint: String?

    public init(word: String?, count: ClosedRange<Int>, argumentName: String, norOptions: [String] = [], hint: String? = nil) {
        self.word = word
        self.count = count
        self.argumentName = argumentName
        self.norOptions = norOptions
        self.hint = hint
    }

    /// `catalog remove: expected one NAME or more (and no --json)`.
    func message(command: String) -> String {
        let notes = (norOptions.isEmpty ? [] : ["and " + norOptions.map { "no \($0)" }.joined(separator: " and ")])
            + (hint.map { [$0] } ?? [])
        return "\(command)\(word.map { " \($0)" } ?? ""): expected \(expected)"
            + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
    }

    private var expected: String {
        switch (count.lowerBound, count.upperBound) {
        case (1, 1): "one \(argumentName)"
        case (0, 1): "at most one \(argumentName)"
        case (1, Int.max): "one \(argumentName) or more"
        case let (low, Int.max): "at least \(low) \(argumentName)s"
        case let (low, high) where low == high: "\(low) \(argumentName)s"
        case let (low, high): "\(low) to \(high) \(argumentName)s"
        }
    }
}
