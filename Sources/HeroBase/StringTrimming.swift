// FoundationEssentials has no `trimmingCharacters(in:)`; this is the one trim every module uses.
extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks, no-break spaces) and NULs,
    /// which some toolkits end lines and strings with.
    public func trimmed() -> String {
        let kept: (Character) -> Bool = { !$0.isWhitespace && $0 != "\0" }
        guard let first = firstIndex(where: kept), let last = lastIndex(where: kept) else { return "" }
        return String(self[first...last])
    }
}
