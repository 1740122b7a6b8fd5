import FoundationEssentials

/// What a selection owner serves: targets in order of preference, each with its bytes or a way to make them.
/// `TARGETS`, `TIMESTAMP` and `MULTIPLE` are answered by `SelectionOwner` itself and are not listed here.
public struct SelectionOffer {
    /// One target and its data.
    public struct Entry {
        /// The target name a requestor asks for (`UTF8_STRING`, `image/png`).
        public let target: String
        /// The type the reply property carries: the target itself, except where ICCCM says otherwise
        /// (`TEXT` is answered as `STRING`).
        public let type: String
        /// Makes the bytes; nil means the conversion failed and the request is refused. Called at most once per
        /// owner, on the first request: expensive conversions (JPEG → PNG) cost nothing until someone asks.
        let produce: () -> Data?

        /// The bytes, made now (an owner of another protocol serves every type from bytes made up front).
        public func makeData() -> Data? { produce() }

        /// A target whose bytes are known now.
        public init(target: String, type: String? = nil, data: Data) {
            self.init(target: target, type: type, produce: { data })
        }

        /// A target whose bytes are made on the first request.
        public init(target: String, type: String? = nil, produce: @escaping () -> Data?) {
            self.target = target
            self.type = type ?? target
            self.produce = produce
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The offered target names in order (without the three the owner adds).
    public var targets: [String] { entries.map(\.target) }

    /// The entry for `target`, nil when it is not offered.
    public func entry(for target: String) -> Entry? {
        entries.first { $0.target == target }
    }
}
