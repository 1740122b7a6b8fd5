/// How a transfer was delivered to the favorites core, and how much of it may be acted on.
public struct IngestContext: Sendable, Equatable {
    public var source: IngestSource
    /// The hero whose row a drop landed on: its image becomes that hero's portrait.
    public var onto: String?
    /// Unknown names become custom heroes instead of being ignored.
    public var acceptUnknown: Bool
    /// Most names one transfer may name (text lines, heroes of hero JSON, image file names): the rest are ignored
    /// with one outcome line saying how many.
    public var maxNames: Int
    /// Most heroes one transfer may add to the catalog (custom heroes with `acceptUnknown`, new heroes of hero
    /// JSON): the rest are ignored with one outcome line saying how many.
    public var maxNewHeroes: Int

    /// `maxNames` for a copy or a drop: far more than any real list of heroes, few enough that one transfer is cheap.
    public static let transferMaxNames = 1000
    /// `maxNewHeroes` for a copy or a drop: a copy is not a way to fill the catalog (`herobridge catalog import` is).
    public static let transferMaxNewHeroes = 20

    /// Without `maxNames` and `maxNewHeroes`, a copy or drop gets `transferMaxNames` and `transferMaxNewHeroes`;
    /// the command line (`.cli`) gets no cap: its names are the arguments the user typed (bounded by the system's
    /// argument size), not whatever an application put on the clipboard.
    public init(source: IngestSource, onto: String? = nil, acceptUnknown: Bool = false,
                maxNames: Int? = nil, maxNewHeroes: Int? = nil) {
        self.source = source
        self.onto = onto
        self.acceptUnknown = acceptUnknown
        self.maxNames = maxNames ?? (source == .cli ? Int.max : Self.transferMaxNames)
        self.maxNewHeroes = maxNewHeroes ?? (source == .cli ? Int.max : Self.transferMaxNewHeroes)
    }
}
