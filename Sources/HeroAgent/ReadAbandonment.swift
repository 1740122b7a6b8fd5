/// Why a read in flight was abandoned, which decides what becomes of the targets it had fetched whole.
enum ReadAbandonment: Equatable {
    /// A newer change of the same selection: the newer copy is the truth, so nothing of this one is stored.
    case superseded
    /// The owner went away mid-read: what it had sent whole is still what the user copied.
    case ownerGone
    /// The agent is stopping.
    case shutdown
    /// The clipboard was paused: what the read had fetched is not stored either, since pausing says "stop
    /// now" and the read had only just begun (a read lasts milliseconds unless the owner is slow).
    case paused

    var keepsWhatArrived: Bool { self == .ownerGone }

    /// The reason given to the fetch, which reports it for the target it was reading.
    func reason(_ selectionName: String) -> String {
        switch self {
        case .superseded: return "a newer \(selectionName) change"
        case .ownerGone: return "the owner went away"
        case .shutdown: return "shutting down"
        case .paused: return "the clipboard was paused"
        }
    }
}
