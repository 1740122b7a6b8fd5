import Dispatch
import HeroCore
import X11Bridge

/// The agent's one worker: everything that is not speaking X runs here, one job at a time, in the order given
/// (decoding what a transfer brought, validating images, reading files, thumbnails, every SQLite read and
/// write). The event loop hands a job over with `run` and gets the result back through a `LoopMailbox`, so the
/// X thread keeps answering the server, redrawing and reading other selections while a 50 MB portrait is
/// validated. The `Favorites` object lives on the worker's thread alone once the loop runs.
///
/// Bytes handed over and not finished yet are counted (`backlogBytes`): the clipboard side starts no new read
/// while they exceed its budget, so a flood of large copies cannot queue without bound.
final class IngestWorker {
    /// Carries values across the thread boundary that the types cannot prove safe: each is only ever used on one
    /// side at a time (the job on the worker, its completion on the loop).
    private struct Handoff<Value>: @unchecked Sendable { let value: Value }

    /// The worker runs at the agent's own priority. At nice 10 it got a ninth of a nice-0 task's share of a busy
    /// core: with two CPU hogs and four compilers running, `make soak` stored copies up to 150 s late and lost 235
    /// of 770 (0 at nice 0, same load). The X thread needs no head start: it sleeps between events, so the
    /// scheduler runs it first when it wakes (every XdndStatus within 31 ms in bench/stress.py at nice 0).
    private let queue = DispatchQueue(label: "herobridge.worker")
    private let mailbox: LoopMailbox
    private let favorites: Handoff<Favorites>
    /// Bytes of the jobs handed over whose completion has not run yet (loop thread only).
    private(set) var backlogBytes = 0
    /// Runs on the loop after every completion: the clipboard side may start a read it held back.
    var onDrained: () -> Void = {}

    init(favorites: Favorites, mailbox: LoopMailbox) {
        self.favorites = Handoff(value: favorites)
        self.mailbox = mailbox
    }

    /// Runs `work` on the worker with the favorites, then `done` with its result on the loop's thread.
    /// `bytes` is what the job holds (the transfer's size), for `backlogBytes`. Call from the loop's thread.
    func run<Result>(bytes: Int = 0, _ work: @escaping (Favorites) -> Result, then done: @escaping (Result) -> Void) {
        backlogBytes += bytes
        let complete: (Result) -> Void = { [weak self] result in
            done(result)
            guard let self else { return }
            backlogBytes -= bytes
            onDrained()
        }
        let job = Handoff(value: (work, complete))
        let favorites = favorites
        let mailbox = mailbox
        queue.async {
            let result = Handoff(value: job.value.0(favorites.value))
            mailbox.post { job.value.1(result.value) }
        }
    }

    /// Runs an ingest on the worker; `done` gets its outcome on the loop's thread. The job's bytes count in the
    /// backlog until then.
    func ingest(_ job: IngestJob, log: AgentLog, then done: @escaping (IngestOutcome) -> Void) {
        run(bytes: job.bytes, { favorites in job.run(on: favorites, log: log) }, then: done)
    }

    /// Waits at most `seconds` for the jobs handed over to finish (shutdown); true when they all did. A job
    /// still running then is cut off by the process exit: SQLite rolls an unfinished transaction back.
    func finish(within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }
}
