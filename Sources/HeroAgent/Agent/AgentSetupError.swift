import HeroBase

/// Why the agent could not start: one log line, and the exit status the process ends with.
struct AgentSetupError: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus

    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }
}
