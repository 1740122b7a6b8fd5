/// A whole command line: the global options, and the command with its options and arguments (nil when
/// there was no command at all).
public struct ParsedLine: Sendable {
    public let global: ParsedArguments
    public let command: ParsedArguments?
}
