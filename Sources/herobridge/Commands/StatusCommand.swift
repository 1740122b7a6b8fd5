import FoundationEssentials
import HeroAgent
import HeroBase
import HeroCommandLine
import X11Bridge

/// `herobridge status [--json]`: whether an agent runs on the display, and what it says of itself. Exit 0 when one
/// answered, 3 when none runs there (as `service status` and `systemctl status` say "not running"), 1 when the
/// display cannot be opened or the agent does not answer.
enum StatusCommand: CLICommand {
    static let display = Option<Self, String>.display
    static let json = Flag<Self>("--json", "an object with running, display, pid, paused, pausedUntil, database, favorites, lastAdded, longestStallMs, watching")

    static let spec = CommandSpec(Self.self, name: "status",
                                  summary: "say whether an agent runs on this display, whether it is paused, and what its database holds",
                                  options: [display, json])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let status: AgentStatus
        do {
            status = try AgentControl.request(.status, display: parsed[display], environment: context.environment)
        } catch let .noAgent(display) {
            Terminal.out(parsed[json] ? try JSONOutput.encode(JSONOutput.NotRunning(display: display))
                                      : "no agent is running on display \(display)\n")
            return ExitStatus.notRunning.rawValue
        }
        Terminal.out(parsed[json] ? try JSONOutput.encode(JSONOutput.Status(status)) : text(status))
        return 0
    }

    private static func text(_ status: AgentStatus) -> String {
        var lines = ["running on display \(status.display) (pid \(status.pid))", status.pauseText,
                     "database: \(status.database)"]
        if let count = status.favorites {
            lines.append("favorites: \(count)")
            lines.append("last added: " + (status.lastAdded.map { "\($0.name), \(LocalClock.describe($0.at))" } ?? "none yet"))
        } else {
            lines.append("favorites: unknown (\(status.problem ?? "the database could not be read"))")
        }
        if let watching = status.watching { lines.append("watching: \(watching)") }
        if let stall = status.longestStallMs {
            lines.append("longest event-loop stall: \((stall * 10).rounded() / 10) ms")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
