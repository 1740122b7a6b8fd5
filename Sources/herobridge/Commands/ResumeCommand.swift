import HeroAgent
import HeroCommandLine

/// `herobridge resume`: the running agent reads what is copied again, from the next copy on (what was copied
/// during the pause is never read).
enum ResumeCommand: CLICommand {
    static let display = Option<Self, String>.display

    static let spec = CommandSpec(Self.self, name: "resume",
                                  summary: "let the running agent read what you copy again (after herobridge pause)",
                                  options: [display])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let status = try AgentControl.request(.resume, display: parsed[display], environment: context.environment)
        Terminal.out("reading what you copy on display \(status.display)\n")
        return 0
    }
}
