/// How many favorites there are and which was added last: what `herobridge status` says of the database,
/// read with two small queries instead of every row.
public struct FavoritesSummary: Sendable, Equatable {
    public var count: Int
    /// The favorite with the latest `addedAt` (ties: the greatest key), nil when there is none.
    public var lastAdded: Favorite?

    public init(count: Int, lastAdded: Favorite?) {
        self.count = count
        self.lastAdded = lastAdded
    }
}
