/// The clipboard side's order of reads, as a value that returns actions (no X11, no worker, no log): one read at
/// a time; a newer change of the selection being read supersedes it (nothing it fetched is stored); a change of
/// the other selection waits its turn, CLIPBOARD before PRIMARY; only the newest change of each selection waits;
/// and a read waits while the worker still holds a whole transfer's budget of bytes. `ClipboardAgent` performs.
struct ClipboardQueue<Change: QueuedChange> {
    enum Action: Equatable {
        /// Read this change (TARGETS, then what it offers); call `readFinished` when the read's completion runs.
        case read(Change)
        /// Abandon the read of `change` in flight; its completion still runs.
        case abandon(Change, ReadAbandonment)
        /// A change waits until the worker's backlog drains (`startNext` again after `workerDrained`).
        case waitForWorker(backlogBytes: Int)
    }

    /// What becomes of what a finished read fetched.
    enum Disposition: Equatable {
        case ingest
        /// Dropped unstored: the read was abandoned for this reason.
        case discard(ReadAbandonment)
    }

    /// Bytes the worker may hold before a new read waits: one transfer's budget.
    let maxBacklogBytes: Int
    private(set) var active: Change?
    /// The newest change of each selection not yet read, in arrival order.
    private(set) var pending: [Change] = []
    /// Why the read in flight was abandoned, once it has been (the first reason wins).
    private var abandonment: ReadAbandonment?
    /// While paused nothing is read, not even TARGETS: a change is forgotten as it arrives (`changed`).
    private(set) var paused = false

    init(maxBacklogBytes: Int) {
        self.maxBacklogBytes = maxBacklogBytes
    }

    /// A selection changed owner (after settling, for PRIMARY); `backlogBytes` is what the worker holds now.
    mutating func changed(_ change: Change, backlogBytes: Int) -> [Action] {
        // What is copied during a pause is private: it is not kept for later, so resuming does not read it.
        guard !paused else { return [] }
        pending.removeAll { $0.selection == change.selection }
        pending.append(change)
        if let active, active.selection == change.selection {
            return abandon(.superseded)  // its completion starts the next read
        }
        return startNext(backlogBytes: backlogBytes)
    }

    /// The selection's owner went away with no new one: nothing of it waits, and its read in flight ends.
    mutating func ownerGone(_ selection: Change.Selection) -> [Action] {
        pending.removeAll { $0.selection == selection }
        return active?.selection == selection ? abandon(.ownerGone) : []
    }

    /// The agent stops: nothing waits, the read in flight ends.
    mutating func stop() -> [Action] {
        pending.removeAll()
        return abandon(.shutdown)
    }

    /// Reading stops (`PauseState`): nothing waits any more, and the read in flight ends unstored.
    mutating func pause() -> [Action] {
        paused = true
        pending.removeAll()
        return abandon(.paused)
    }

    /// Reading starts again with the next change; nothing from the pause is read.
    mutating func resume() {
        paused = false
    }

    /// The read in flight finished (whole, failed or abandoned).
    mutating func readFinished() -> Disposition {
        let why = abandonment
        abandonment = nil
        active = nil
        if let why, !why.keepsWhatArrived { return .discard(why) }
        return .ingest
    }

    /// Starts the next read if none is in flight and the worker has room: CLIPBOARD before PRIMARY, else the
    /// oldest. While the worker is full, newer changes keep replacing the pending one, so the wait never grows a
    /// queue.
    mutating func startNext(backlogBytes: Int) -> [Action] {
        guard active == nil, !pending.isEmpty else { return [] }
        guard backlogBytes < maxBacklogBytes else { return [.waitForWorker(backlogBytes: backlogBytes)] }
        let index = pending.firstIndex { !$0.isPrimary } ?? 0
        let change = pending.remove(at: index)
        active = change
        return [.read(change)]
    }

    private mutating func abandon(_ why: ReadAbandonment) -> [Action] {
        guard let active else { return [] }
        if abandonment == nil { abandonment = why }
        return [.abandon(active, why)]
    }
}
