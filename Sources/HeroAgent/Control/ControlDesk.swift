#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroCore
import X11Bridge

/// Answers `herobridge pause | resume | status` in the agent: applies a pause or resume to `AgentPause`, then
/// answers every request with the agent's `AgentStatus` (`ControlExchange.answer`). The favorites count and the
/// last one added come from SQLite, so they are read on the worker, never on the X thread. Requests that arrive
/// while a read is on the worker share its result, and at most `maxWaiting` wait for it: any client can send any
/// number of requests, and they must cost one small query at a time, not one each.
final class ControlDesk {
    static let maxWaiting = 16

    private let connection: XConnection
    private let loop: EventLoop
    private let worker: IngestWorker
    private let pause: AgentPause
    private let log: AgentLog
    private let database: String
    private var waiting: [ControlRequest] = []
    private var reading = false

    /// What watches the selections (`SelectionSide.path`), for `status`.
    private let watching: String

    init(connection: XConnection, loop: EventLoop, worker: IngestWorker, pause: AgentPause, log: AgentLog, database: String,
         watching: String) {
        self.watching = watching
        self.connection = connection
        self.loop = loop
        self.worker = worker
        self.pause = pause
        self.log = log
        self.database = database
    }

    func handle(_ request: ControlRequest) {
        switch request.verb {
        case .pause: pause.pause(for: request.seconds == 0 ? nil : Int(request.seconds))
        case .resume: pause.resume()
        case .status: break
        }
        guard waiting.count < Self.maxWaiting else {
            log.warning("control: \(Self.maxWaiting) requests already wait for an answer; this one gets none")
            return
        }
        waiting.append(request)
        guard !reading else { return }
        reading = true
        worker.run({ favorites -> (FavoritesSummary?, String?) in
            do { return (try favorites.summary(), nil) } catch { return (nil, "\(error)") }
        }, then: { [unowned self] summary, problem in
            reading = false
            let answered = waiting
            waiting = []
            for request in answered { answer(request, summary: summary, problem: problem) }
        })
    }

    /// Writes the answer with the pause as it is now (a pause that came in while the count was read is in it), and
    /// the longest event-loop turn so far (the turn answering is not over, so it is not in it).
    private func answer(_ request: ControlRequest, summary: FavoritesSummary?, problem: String?) {
        let status = AgentStatus(
            token: request.token, pid: getpid(), display: connection.name, paused: pause.state.isPaused,
            pausedUntil: pause.state.until, database: database, favorites: summary?.count,
            lastAdded: summary?.lastAdded.map { .init(name: $0.hero.name, at: $0.addedAt.timeIntervalSince1970) },
            problem: problem, longestStallMs: loop.stalls.longestMilliseconds, watching: watching)
        if let line = ControlExchange.answer(request, with: status.encoded(), connection: connection) {
            log.warning("control: \(line)")
        }
    }
}
