import HeroAgent
import HeroCommandLine

/// `herobridge service install | uninstall | start | stop | status`: the agent as a systemd user service;
/// what each action does is `Service` in HeroAgent.
enum ServiceCommand: CLICommand {
    static let dryRun = Flag<Self>("--dry-run", "print the unit and the commands instead of changing anything")
    static let noStart = Flag<Self>("--no-start", "install: enable the service for the next login without starting it now")

    static let spec = CommandSpec(Self.self, name: "service",
                                  summary: "run the agent as a systemd user service: install and enable it, remove it, or show its state",
                                  arguments: .action(["install", "uninstall", "start", "stop", "status"]), options: [dryRun, noStart])

    static func run(_ parsed: ParsedCommand<Self>, _ context: CLIContext) throws -> Int32 {
        let service = Service(environment: context.environment, dryRun: parsed[dryRun], console: .terminal)
        switch parsed.arguments[0] {
        case "install": return try service.install(start: !parsed[noStart])
        case "uninstall": return try service.uninstall()
        case "start": return try service.start()
        case "stop": return try service.stop()
        default: return try service.status()
        }
    }
}

extension ServiceConsole {
    /// Standard output and error.
    static let terminal = ServiceConsole(out: { Terminal.out($0) }, err: { Terminal.err($0) })
}
