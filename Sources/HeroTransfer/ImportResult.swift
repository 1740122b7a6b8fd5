/// What one importer made of one target's bytes: the transferables, and notes on parts it had to skip
/// (a directory in a URI list, say) while the rest still imported.
public struct ImportResult: Sendable, Equatable {
    public var items: [MultiTypeTransferable]
    /// One line per skipped part, written for a log or a terminal.
    public var notes: [String]

    public init(items: [MultiTypeTransferable] = [], notes: [String] = []) {
        self.items = items
        self.notes = notes
    }
}
