import HeroBase
import HeroCore
import WaylandBridge
import X11Bridge

/// Which protocol watches the selections, decided once at start (`BackendDecision`) from `--backend`, the
/// environment and what the compositor offers; then made.
struct SelectionSideChoice {
    let options: AgentOptions
    let environment: [String: String]
    let log: AgentLog

    /// The side the choice makes, wired to the loop and the worker.
    func make(connection: XConnection, loop: EventLoop, worker: IngestWorker, staging: PortraitStaging?,
              watchWindow: UInt, isOwnWindow: @escaping (UInt) -> Bool) throws(AgentSetupError) -> SelectionSide {
        let waylandDisplay = environment["WAYLAND_DISPLAY"]
        var wayland: WaylandConnection?
        var probe: BackendDecision.Probe?
        if BackendDecision.shouldProbe(options.backend, waylandDisplay: waylandDisplay) {
            do {
                let opened = try WaylandConnection.open(environment: environment)
                wayland = opened
                probe = opened.dataControl.map { .dataControl($0) } ?? .noDataControl
            } catch {
                probe = .failed("\(error)")
            }
        }
        switch BackendDecision.decide(options.backend, waylandDisplay: waylandDisplay, probe: probe,
                                      wantsPrimary: options.selections.contains("primary")) {
        case let .refused(reason):
            throw AgentSetupError(reason)
        case let .x11(note):
            if let note { log.info("selections: \(note)") }
            return ClipboardAgent(connection: connection, loop: loop, worker: worker, staging: staging, options: options,
                                  log: log, watchWindow: watchWindow, isOwnWindow: isOwnWindow)
        case .wayland:
            guard let wayland else { throw AgentSetupError("the Wayland connection went away during set-up") }
            let log = log
            do {
                return try WaylandClipboardAgent(connection: wayland, loop: loop, worker: worker, options: options,
                                                 environment: environment, log: log) { reason in
                    log.error("lost the connection to the Wayland compositor (\(waylandDisplay ?? "")): \(reason); exiting")
                    loop.stop(status: ExitStatus.failure.rawValue)
                }
            } catch {
                throw AgentSetupError("\(error)")
            }
        }
    }
}
