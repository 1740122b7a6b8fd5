/// The rules of a `StreamCheck`, as a value that takes what its threads did and says what each does next (no
/// thread, no semaphore, no byte). Three lanes feed it as an image arrives: the check lane (`.image`), the hash lane
/// (`.hash`) and the file lane; the worker then asks it, once every byte was committed, what to do until the
/// result is ready. `StreamCheck` holds it under a mutex and performs.
///
/// - Each of the two feeding lanes feeds the bytes from where it stopped up to what the X thread committed, in
///   order; a failed check, or one the worker gave up, feeds no more.
/// - The file lane writes the portrait's file once there are more bytes than a row keeps (`fileAfter`), starting
///   the file at its first write; it writes no more once the worker claimed the file or the check ended.
/// - The worker claims the file first: it takes it when no write is in progress, and otherwise waits for the write
///   to end (the performer bounds that wait). Without a file from the lane, and with the check not done when it
///   claimed, the worker writes the file itself while the lanes finish.
/// - Then the worker waits while the lanes make progress: every step wakes it; a wait that ends with no step
///   gives the check up. A failed check gives up at once.
struct StreamCheckMachine: Equatable {
    /// The two lanes that feed the bytes in order.
    enum Lane: Equatable {
        /// The PNG check.
        case image
        /// The SHA-256.
        case hash
    }

    /// What the file lane does with the bytes committed so far.
    enum FileWrite: Equatable {
        /// Nothing: too few bytes yet, or no file wanted any more.
        case skip
        /// Start the file (its first write), then write.
        case start
        /// Write the new bytes; call `fileWriteEnded` after.
        case write
    }

    /// What the worker does next, waiting for the result; after each, it asks again (`workerNext`), unless it
    /// gives up or finishes.
    enum WorkerAction: Equatable {
        /// No result: the check failed or was given up. `releaseFile`: let the file lane's file go now; otherwise
        /// the lane is in the middle of a write, and the file goes with the check.
        case giveUp(releaseFile: Bool)
        /// The file lane's file is the worker's (if the lane made one): finish it. Without one, and with
        /// `orStage`, write the file here instead, while the lanes finish.
        case takeFile(orStage: Bool)
        /// The file lane is in the middle of a write: wait for it to end (`fileWriteEnded` wakes the worker), at
        /// most the patience from the first such wait; when that passes, `fileWriteOutlasted`.
        case waitForFileWrite
        /// Wait for the lanes' next step, at most the patience; when none came, `noStepWithinPatience`.
        case waitForStep
        /// Every byte was checked and hashed: the result is ready.
        case finish
    }

    /// Where the worker is with the portrait's file.
    private enum FileClaim: Equatable {
        case unclaimed
        /// Claimed during a write; `stage`: the check was not done when claimed.
        case awaitingWrite(stage: Bool)
        /// Taken, or left to the lane after a write that outlasted the worker's patience.
        case settled
    }

    /// A file is written for a portrait of more bytes than this (a row keeps the smaller ones); nil: no file.
    let fileAfter: Int?
    /// Bytes checked and bytes hashed: the two lanes may do the two, each at its own pace.
    private(set) var checked = 0
    private(set) var hashed = 0
    /// The check found the bytes no valid PNG.
    private(set) var failed = false
    /// The worker gave the check up.
    private(set) var cancelled = false
    /// The file lane is in the middle of a write.
    private(set) var writing = false
    /// The worker has claimed the file (or let it go): the lane writes no more.
    private(set) var fileClaimed = false
    private var fileStarted = false
    private var claim = FileClaim.unclaimed
    /// The steps the worker had seen when it last decided to wait.
    private var stepsSeen: Int?

    init(fileAfter: Int?) {
        self.fileAfter = fileAfter
    }

    /// Bytes both checked and hashed.
    var fed: Int { min(checked, hashed) }
    /// Every step either lane took, as a count that grows with each.
    private var steps: Int { checked + hashed }
    private var over: Bool { failed || cancelled }

    // MARK: The feeding lanes

    /// The bytes `lane` feeds next, from where it stopped up to `count` (what the X thread committed); nil when
    /// there is nothing new or the check is over.
    func bytesToFeed(_ lane: Lane, upTo count: Int) -> Range<Int>? {
        let start = lane == .image ? checked : hashed
        guard !over, count > start else { return nil }
        return start..<count
    }

    /// `lane` fed the bytes up to `count`; `failed`: the check found them no valid PNG. A step: the performer
    /// wakes the worker.
    mutating func fed(_ lane: Lane, upTo count: Int, failed: Bool = false) {
        switch lane {
        case .image: checked = count
        case .hash: hashed = count
        }
        self.failed = self.failed || failed
    }

    // MARK: The file lane

    /// What the file lane does with `count` bytes committed.
    mutating func fileWriteBegins(upTo count: Int) -> FileWrite {
        guard let fileAfter, count > fileAfter, !fileClaimed, !over else { return .skip }
        writing = true
        if fileStarted { return .write }
        fileStarted = true
        return .start
    }

    /// The file lane's write ended: true when the worker claimed the file meanwhile (the performer wakes it).
    mutating func fileWriteEnded() -> Bool {
        writing = false
        return fileClaimed
    }

    // MARK: The worker

    /// What the worker does next, waiting for the check of `total` bytes (every byte the transfer committed).
    mutating func workerNext(total: Int) -> WorkerAction {
        // A claim under way ends before anything else: the file is taken once its write ends.
        if case let .awaitingWrite(stage) = claim {
            guard !writing else { return .waitForFileWrite }
            claim = .settled
            return .takeFile(orStage: stage)
        }
        if over { return giveUp() }
        if claim == .unclaimed {
            fileClaimed = true
            let stage = fed < total
            if writing {
                claim = .awaitingWrite(stage: stage)
                return .waitForFileWrite
            }
            claim = .settled
            return .takeFile(orStage: stage)
        }
        if fed >= total { return .finish }
        stepsSeen = steps
        return .waitForStep
    }

    /// The file lane's write outlasted the worker's patience: the lane keeps the file (it goes with the check).
    /// True when the worker writes the file itself (the check was not done when it claimed).
    mutating func fileWriteOutlasted() -> Bool {
        guard case let .awaitingWrite(stage) = claim else { return false }
        claim = .settled
        return stage
    }

    /// The worker's wait for a step ended with none (`waitForStep`'s patience passed): the check is given up,
    /// unless a step came just as the wait ended.
    mutating func noStepWithinPatience() {
        if steps == stepsSeen { cancelled = true }
    }

    /// Ends the check for the worker: claims the file so the lane writes no more, and lets it go unless the lane
    /// is in the middle of a write.
    private mutating func giveUp() -> WorkerAction {
        fileClaimed = true
        return .giveUp(releaseFile: !writing)
    }
}
