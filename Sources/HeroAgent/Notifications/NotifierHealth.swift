/// Which notification failures reach the log: the first of an outage, not one per copy. A copy made every few
/// seconds with no daemon running would otherwise fill the journal with the same line. A new kind of failure
/// (the bus came up, but still no daemon) is one more line, since it says something new; a notification that
/// gets through ends the outage, which is one line too, so the log shows when notifications work again.
public struct NotifierHealth: Sendable, Equatable {
    /// The failure last logged, while it lasts; nil while notifications get through.
    public private(set) var failing: NotifyError?

    public init() {}

    /// A notification failed with `error`: the line to log, or nil when this outage was already logged.
    public mutating func failed(_ error: NotifyError) -> String? {
        guard failing != error else { return nil }
        failing = error
        return error.description
    }

    /// A notification got through: the line to log when it ends an outage, else nil.
    public mutating func delivered() -> String? {
        guard failing != nil else { return nil }
        failing = nil
        return "the notification daemon answers again; showing notifications"
    }
}
