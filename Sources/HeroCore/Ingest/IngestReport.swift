/// What one ingest did, item by item, in the order it happened.
public struct IngestReport: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A new favorite.
        case added(name: String, withPortrait: Bool)
        /// An existing favorite changed (`change` says how, e.g. "new portrait").
        case updated(name: String, change: String)
        /// A favorite that was asked for again and did not change.
        case unchanged(name: String, reason: String)
        /// Part of the transfer that led to nothing (`what` is "text", "image" or "hero").
        case ignored(what: String, reason: String)
    }

    public var outcomes: [Outcome] = []

    public init(outcomes: [Outcome] = []) { self.outcomes = outcomes }

    /// Names of the favorites added.
    public var added: [String] {
        outcomes.compactMap { if case let .added(name, _) = $0 { return name } else { return nil } }
    }

    /// One line per outcome, for logs and the terminal: `added Spider-Man`, `ignored text: no hero named "x"`.
    /// More than `limit` ignored lines collapse into one count.
    public func lines(limit: Int = 5) -> [String] {
        var lines: [String] = []
        var ignored = 0
        for outcome in outcomes {
            switch outcome {
            case let .added(name, withPortrait): lines.append("added \(name)" + (withPortrait ? " with portrait" : ""))
            case let .updated(name, change): lines.append("updated \(name): \(change)")
            case let .unchanged(name, reason): lines.append("\(name): \(reason)")
            case let .ignored(what, reason):
                ignored += 1
                if ignored <= limit { lines.append("ignored \(what): \(reason)") }
            }
        }
        if ignored > limit { lines.append("ignored \(ignored - limit) more") }
        return lines.isEmpty ? ["nothing to ingest"] : lines
    }

    /// One short sentence for a status line: `Added Thor`, `Added Thor and 2 more`, `Updated Hulk: new portrait`,
    /// `Thor: already a favorite`, `Ignored: no hero named "groceries"`.
    public var summary: String {
        let added = self.added
        if let first = added.first { return "Added \(first)" + (added.count > 1 ? " and \(added.count - 1) more" : "") }
        for case let .updated(name, change) in outcomes { return "Updated \(name): \(change)" }
        for case let .unchanged(name, reason) in outcomes { return "\(name): \(reason)" }
        for case let .ignored(_, reason) in outcomes { return "Ignored: \(reason)" }
        return "Nothing to add"
    }
}
