import HeroAgent
import HeroCommandLine

/// `herobridge pause [DURATION]`: the running agent stops reading CLIPBOARD and PRIMARY (not even TARGETS) until
/// `herobridge resume` or the end of DURATION; drops onto its window still work.
enum PauseCommand: CLICommand {
    static let display = Option<Self, String>.display

    static let spec = CommandSpec(Self.self, name: "pause",
                                  summary: "stop the running agent reading what you copy, for DURATION (90, 30s, 5m, 1h) or until resume",
                                  arguments: .optional("DURATION"), options: [display])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        var seconds = 0
        if let text = parsed.arguments.first {
            do { seconds = try PauseDuration.seconds(text) } catch { throw parsed.usageError("pause: \(error)") }
        }
        let status = try AgentControl.request(.pause, seconds: seconds, display: parsed[display], environment: context.environment)
        Terminal.out(status.pauseText + " on display \(status.display)"
                     + (status.pausedUntil == nil ? "; herobridge resume ends it" : "") + "\n")
        return 0
    }
}
