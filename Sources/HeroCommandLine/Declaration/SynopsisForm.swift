/// One way of calling a command, for a command whose synopsis has several (`catalog [--json] [QUERY] |
/// --custom [--json] | …`): an option that selects the form, the options that go with it, then text.
public struct SynopsisForm<Command>: Sendable {
    let lead: OptionSpec?
    let options: [OptionSpec]
    let text: String

    public init(_ lead: (any OptionKey<Command>)? = nil, with options: [any OptionKey<Command>] = [], then text: String = "") {
        self.lead = lead?.spec
        self.options = options.map(\.spec)
        self.text = text
    }

    /// `--window [--display NAME] [--geometry WxH+X+Y]`.
    var rendered: String {
        ([lead?.synopsisLabel] + options.map { "[\($0.synopsisLabel)]" } + [text])
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
