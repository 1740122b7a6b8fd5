/// The whole command line of a program: its global options (valid before or after the command name) and its
/// commands. `--help`, `-h` and `--version` run the commands named `help` and `version`.
public struct ProgramSpec: Sendable {
    public let name: String
    /// A command that is only options: those every command accepts, such as `--db PATH`.
    public let global: CommandSpec
    public let commands: [CommandSpec]
    public let helpCommand: String
    public let versionCommand: String

    public init(name: String, global: CommandSpec, commands: [CommandSpec], helpCommand: String = "help",
                versionCommand: String = "version") {
        precondition(commands.contains { $0.name == helpCommand } && commands.contains { $0.name == versionCommand },
                     "no \(helpCommand) or \(versionCommand) command")
        self.name = name
        self.global = global
        self.commands = commands
        self.helpCommand = helpCommand
        self.versionCommand = versionCommand
    }

    public func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// `herobridge [--db PATH] add [--new] NAME...`
    public func usage(of command: CommandSpec) -> String {
        [name, global.synopsis, command.name, command.synopsis].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The usage line, the summary, and each option that is not hidden with its help.
    public func help(of command: CommandSpec) -> String {
        var text = "usage: \(usage(of: command))\n\n\(command.summary)\n"
        let options = command.options.filter { !$0.isHidden }
        if !options.isEmpty {
            text += "\noptions:\n"
            let width = options.map(\.label.count).max() ?? 0
            for option in options {
                text += "  \(option.label.padding(toLength: width))  \(option.help)\n"
            }
        }
        return text
    }
}

extension String {
    /// The string padded with spaces on the right to `length` characters (never truncated).
    public func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
