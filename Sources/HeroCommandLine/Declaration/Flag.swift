/// An option without a value, `--json`: true when given.
public struct Flag<Command>: OptionKey {
    public let spec: OptionSpec

    public init(_ name: String, _ help: String) {
        spec = OptionSpec(name: name, valueName: nil, help: help)
    }
}
