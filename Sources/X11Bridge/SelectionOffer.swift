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

/// How an owner answers one SelectionRequest, decided from its fields and whether its requestor window exists
/// (ICCCM §2.2 and §2.6.2).
public enum SelectionRequestDecision: Equatable {
    /// Send nothing, for the reason given (logged): a SelectionNotify to a window that does not exist reaches
    /// nobody.
    case drop(String)
    /// Send SelectionNotify with property None, for the reason given (logged).
    case refuse(String)
    /// Convert the target into this property: the request's own, or the target atom for an obsolete client
    /// that sent property None.
    case convert(property: UInt)
    /// A MULTIPLE request: the pairs are in this property.
    case multiple(property: UInt)

    /// The decision for a request of `target` into `property` of `requestor` at `time`, by an owner that acquired
    /// the selection at `acquiredAt` and still owns it when `isOwner`. Only a requestor that exists and is no
    /// screen's root (`roots`) is served: any client can name any window, and the root's properties are everyone's.
    public static func decide(target: UInt, property: UInt, time: UInt, acquiredAt: UInt, isOwner: Bool,
                              multiple: UInt, requestor: UInt, roots: Set<UInt>, requestorExists: Bool)
        -> SelectionRequestDecision
    {
        guard requestorExists else { return .drop("the requestor window does not exist") }
        if roots.contains(requestor) { return .refuse("the requestor is a root window") }
        guard isOwner else { return .refuse("the selection was lost") }
        // CurrentTime (0) is accepted: many requestors use it (xclip, Chromium).
        if time != 0 && time < acquiredAt { return .refuse("request time \(time) precedes our ownership (\(acquiredAt))") }
        if target == multiple {
            guard property != 0 else { return .refuse("MULTIPLE without a property") }
            return .multiple(property: property)
        }
        return .convert(property: property != 0 ? property : target)
    }

    /// The (target, property) pairs of a MULTIPLE request's `ATOM_PAIR` list; an odd last item is dropped.
    public static func pairs(_ items: [UInt32]) -> [(target: UInt, property: UInt)] {
        stride(from: 0, to: items.count - 1, by: 2).map { (UInt(items[$0]), UInt(items[$0 + 1])) }
    }
}
