import DropWindow
import HeroAgent
import HeroTransfer

/// Hand-written, table-driven argument parsing: each command is a row (`CommandSpec`) that names its options
/// and positional arguments; `ArgumentParser.parse` turns argv into a `ParsedCommand` or a `UsageError`.

/// An option a command accepts: `--json` (a flag) or `--output FILE` (takes a value).
struct OptionSpec: Sendable {
    let name: String
    let value: String?
    let help: String
    /// Left out of help: an option one herobridge passes to another (`copy --report-fd`), not for people.
    var hidden = false

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, value: nil, help: help) }
    static func value(_ name: String, _ value: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help)
    }
    static func hidden(_ name: String, _ value: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: "", hidden: true)
    }
}

/// One row of the command table.
struct CommandSpec: Sendable {
    let name: String
    /// The arguments after the command name, for the usage line: `[--json] [QUERY]`.
    let synopsis: String
    let summary: String
    let options: [OptionSpec]
    /// Allowed number of positional arguments.
    let positionals: ClosedRange<Int>
    let run: @Sendable (ParsedCommand, CLIContext) throws -> Int32

    var usage: String { "herobridge [--db PATH] \(name) \(synopsis)".trimmed() }
}

/// Options and positionals of one invocation, after validation against its `CommandSpec`.
struct ParsedCommand {
    let spec: CommandSpec
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option] }

    /// The byte size given to `option` (`65536`, `512K`, `64M`), nil when absent; a usage error when malformed.
    func size(_ option: String) throws(UsageError) -> Int? { try typed(option, AgentSetting.size) }

    /// The seconds given to `option`, in (0, 3600]; nil when absent.
    func seconds(_ option: String) throws(UsageError) -> Double? { try typed(option, AgentSetting.seconds) }

    /// The X geometry given to `option`; nil when absent.
    func geometry(_ option: String) throws(UsageError) -> WindowGeometry? { try typed(option, AgentSetting.geometry) }

    /// `--selection`: `clipboard` (the default) or `primary`.
    func selection() throws(UsageError) -> String {
        let selection = values["--selection"] ?? "clipboard"
        guard selection == "clipboard" || selection == "primary" else {
            throw UsageError(message: "--selection: \"\(selection)\" is not clipboard or primary", usage: spec.usage)
        }
        return selection
    }

    /// `option`'s value through an agent setting's parser, its refusal turned into a usage error naming the option.
    private func typed<Value>(_ option: String, _ parse: (String) throws(SettingError) -> Value) throws(UsageError) -> Value? {
        guard let text = values[option] else { return nil }
        do { return try parse(text) } catch {
            throw UsageError(message: "\(option): \(error.message)", usage: spec.usage)
        }
    }
}

/// A mistake in the command line: printed with the usage line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    let usage: String?
    var description: String { message }
}

/// Options every command accepts, before or after the command name.
struct GlobalOptions {
    var database: String?
}

enum ArgumentParser {
    static let globalOptions: [OptionSpec] = [.value("--db", "PATH", "the favorites database (default: see FILES)")]

    /// Splits `arguments` (without argv[0]) into global options, the command, and its options and positionals.
    /// `--name=value` and `--name value` are both accepted; `--` ends option parsing.
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(UsageError) -> (GlobalOptions, ParsedCommand?) {
        var global = GlobalOptions()
        var parsed: ParsedCommand?
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if !optionsEnded && argument == "--" { optionsEnded = true; continue }
            if !optionsEnded && argument.hasPrefix("-") && argument.count > 1 {
                let (name, inline) = split(argument)
                if name == "--db" {
                    global.database = try value(for: name, inline: inline, rest: &rest, usage: parsed?.spec.usage)
                    continue
                }
                guard var command = parsed else {
                    switch name {
                    case "--help", "-h": parsed = ParsedCommand(spec: spec("help", in: commands))
                    case "--version": parsed = ParsedCommand(spec: spec("version", in: commands))
                    default: throw UsageError(message: "unknown option \(name) (see herobridge --help)", usage: nil)
                    }
                    continue
                }
                if name == "--help" || name == "-h" {
                    command = ParsedCommand(spec: spec("help", in: commands), positionals: [command.spec.name])
                    return (global, command)
                }
                guard let option = command.spec.options.first(where: { $0.name == name }) else {
                    throw UsageError(message: "\(command.spec.name): unknown option \(name)", usage: command.spec.usage)
                }
                if option.value != nil {
                    command.values[name] = try value(for: name, inline: inline, rest: &rest, usage: command.spec.usage)
                } else {
                    guard inline == nil else {
                        throw UsageError(message: "\(name) takes no value", usage: command.spec.usage)
                    }
                    command.flags.insert(name)
                }
                parsed = command
                continue
            }
            if parsed != nil {
                // In place: copying the command out and back copied all its positionals for each one (10,000
                // names for `add`: 50 million string copies).
                parsed!.positionals.append(argument)
            } else if let spec = commands.first(where: { $0.name == argument }) {
                parsed = ParsedCommand(spec: spec)
            } else {
                throw UsageError(message: "unknown command \"\(argument)\" (see herobridge --help)", usage: nil)
            }
        }
        if let command = parsed, !command.spec.positionals.contains(command.positionals.count) {
            let range = command.spec.positionals
            let expected = range.lowerBound == range.upperBound ? "\(range.lowerBound)"
                : range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "\(command.spec.name): expected \(expected) argument\(range.upperBound == 1 ? "" : "s"), "
                             + "got \(command.positionals.count)", usage: command.spec.usage)
        }
        return (global, parsed)
    }

    private static func spec(_ name: String, in commands: [CommandSpec]) -> CommandSpec {
        guard let spec = commands.first(where: { $0.name == name }) else { preconditionFailure("no \(name) command") }
        return spec
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func value(for name: String, inline: String?, rest: inout ArraySlice<String>,
                              usage: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw UsageError(message: "\(name) needs a value", usage: usage) }
        return next
    }
}
