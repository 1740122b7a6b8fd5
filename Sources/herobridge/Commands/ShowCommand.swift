import HeroAgent
import HeroCommandLine

/// `herobridge show`: asks the running agent (the owner of HEROBRIDGE_S<screen>) to map and raise its window.
enum ShowCommand: CLICommand {
    static let display = Option<Self, String>.display

    static let spec = CommandSpec(Self.self, name: "show", summary: "show the running agent's drop window again", options: [display])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        if try AgentControl.show(display: parsed[display], environment: context.environment) { return 0 }
        // The menu entry runs `herobridge show`: with no agent running, starting the installed service is what
        // the person clicking it wants (the agent opens its window when it starts). Only for this session's
        // display, since the service runs on the display imported into the user manager.
        if parsed[display] == nil, Service(environment: context.environment, dryRun: false, console: .terminal).startIfInstalled() {
            Terminal.out("no agent was running: started herobridge.service\n")
            // The service's agent never sees this launch's id: end the launch here.
            try? AgentControl.endLaunch(display: nil, environment: context.environment)
            return 0
        }
        // Nothing will map: the launch that ran this ends now, not at the launcher's timeout.
        try? AgentControl.endLaunch(display: parsed[display], environment: context.environment)
        throw RuntimeError("no HeroBridge agent is running on this display; start one with: herobridge service start "
                           + "(or herobridge agent)")
    }
}
