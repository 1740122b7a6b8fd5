/// The two selections data-control watches and sets.
public enum WaylandSelection: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The clipboard (Ctrl+C): the wire's `selection`.
    case clipboard
    /// The primary selection (select to copy, middle-click to paste).
    case primary

    public var description: String { rawValue }
}
