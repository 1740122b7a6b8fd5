import HeroCore
import X11Bridge

/// Which protocol watches the selections, decided once at start from `--backend`, the environment and what the
/// compositor offers; then made.
struct SelectionSideChoice {
    let options: AgentOptions
    let environment: [String: String]
    let log: AgentLog

    /// The side the choice makes, wired to the loop and the worker.
    func make(connection: XConnection, loop: EventLoop, worker: IngestWorker, staging: PortraitStaging?,
              watchWindow: UInt, isOwnWindow: @escaping (UInt) -> Bool) throws(AgentSetupError) -> SelectionSide {
        ClipboardAgent(connection: connection, loop: loop, worker: worker, staging: staging, options: options,
                       log: log, watchWindow: watchWindow, isOwnWindow: isOwnWindow)
    }
}
