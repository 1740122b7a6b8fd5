/// Splits a command line (without argv[0]) into global options, the command, and its options and arguments.
/// `--name=value` and `--name value` are both accepted; `--` ends the options; a repeated option's last value
/// wins. Global options may come before or after the command name.
struct Parser {
    let program: ProgramSpec
    private var global: ParsedArguments
    private var parsed: ParsedArguments?
    private var rest: ArraySlice<String>

    init(program: ProgramSpec, arguments: [String]) {
        self.program = program
        global = ParsedArguments(command: program.global, usage: program.name + " " + program.global.synopsis)
        rest = arguments[...]
    }

    mutating func parse() throws(UsageError) -> ParsedLine {
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if !optionsEnded && argument == "--" { optionsEnded = true; continue }
            if !optionsEnded && argument.hasPrefix("-") && argument.count > 1 {
                if let help = try option(argument) { return ParsedLine(global: try validated(global), command: help) }
                continue
            }
            if parsed != nil {
                // In place: copying the command out and back copied all its arguments for each one (10,000
                // names for `add`: 50 million string copies).
                parsed!.arguments.append(argument)
            } else if let command = program.command(named: argument) {
                parsed = start(command)
            } else {
                throw UsageError(.unknownCommand(argument, seeAlso: "\(program.name) --help"), usage: nil)
            }
        }
        var command = parsed
        try command?.validate()
        return ParsedLine(global: try validated(global), command: command)
    }

    /// Reads one option; returns the help command when `--help` follows a command, which ends parsing.
    private mutating func option(_ argument: String) throws(UsageError) -> ParsedArguments? {
        let (name, inline) = Self.split(argument)
        if let option = program.global.option(named: name) {
            global.record(name, text: try value(of: option, inline: inline))
            return nil
        }
        guard parsed != nil else {
            switch name {
            case "--help", "-h": parsed = start(helpCommand)
            case "--version": parsed = start(versionCommand)
            default: throw UsageError(.unknownGlobalOption(name, seeAlso: "\(program.name) --help"), usage: nil)
            }
            return nil
        }
        if name == "--help" || name == "-h" {
            return ParsedArguments(command: helpCommand, usage: program.usage(of: helpCommand), arguments: [parsed!.command.name])
        }
        guard let option = parsed!.command.option(named: name) else {
            throw UsageError(.unknownOption(name, command: parsed!.command.name), usage: parsed!.usage)
        }
        parsed!.record(name, text: try value(of: option, inline: inline))
        return nil
    }

    private var helpCommand: CommandSpec { program.command(named: program.helpCommand)! }
    private var versionCommand: CommandSpec { program.command(named: program.versionCommand)! }

    private func start(_ command: CommandSpec) -> ParsedArguments {
        ParsedArguments(command: command, usage: program.usage(of: command))
    }

    private func validated(_ arguments: ParsedArguments) throws(UsageError) -> ParsedArguments {
        var arguments = arguments
        try arguments.validate()
        return arguments
    }

    /// The option's value (inline, else the next argument), nil for a flag.
    private mutating func value(of option: OptionSpec, inline: String?) throws(UsageError) -> String? {
        guard option.takesValue else {
            guard inline == nil else { throw UsageError(.unexpectedValue(option.name), usage: parsed?.usage) }
            return nil
        }
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw UsageError(.missingValue(option.name), usage: parsed?.usage) }
        return next
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

extension ProgramSpec {
    /// Parses `arguments` (without argv[0]); see `Parser` for the rules.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedLine {
        var parser = Parser(program: self, arguments: arguments)
        return try parser.parse()
    }
}
