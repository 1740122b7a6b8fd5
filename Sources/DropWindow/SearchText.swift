/// The text of a type-to-filter field, as a value: typed characters append (control characters never do),
/// Backspace removes the last character, Escape clears; at most `limit` characters, so a stuck key cannot grow it
/// without bound.
public struct SearchText: Equatable, Sendable {
    public static let limit = 64
    public private(set) var text = ""

    public init(_ text: String = "") {
        type(text)
    }

    /// Appends what a key produced; returns whether the text changed.
    @discardableResult
    public mutating func type(_ typed: String) -> Bool {
        let printable = typed.filter { character in
            !character.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x7f }
        }
        guard !printable.isEmpty, text.count < Self.limit else { return false }
        text += printable.prefix(Self.limit - text.count)
        return true
    }

    @discardableResult
    public mutating func backspace() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    @discardableResult
    public mutating func clear() -> Bool {
        guard !text.isEmpty else { return false }
        text = ""
        return true
    }
}
