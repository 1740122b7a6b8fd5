// FoundationEssentials has no `trimmingCharacters(in:)`; this is the one trim every module uses.
extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks, no-break spaces).
    public func trimmed() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
