/// A selection now holds a new offer, or nothing.
public struct WaylandSelectionChange: Sendable, Equatable {
    public let selection: WaylandSelection
    /// The offer, to read with `DataControlReader`; nil when the selection was cleared.
    public let offer: WaylandOffer?
    /// The MIME types offered, in the order announced, without duplicates; at most `DataControlOffers.Limits.maxTypes`.
    public let mimeTypes: [String]
    /// Types announced beyond `maxTypes`, not kept.
    public let typesOverLimit: Int
    /// Types announced with names longer than `maxTypeBytes`, not kept.
    public let typesOverlong: Int

    public init(selection: WaylandSelection, offer: WaylandOffer?, mimeTypes: [String] = [], typesOverLimit: Int = 0,
                typesOverlong: Int = 0) {
        self.selection = selection
        self.offer = offer
        self.mimeTypes = mimeTypes
        self.typesOverLimit = typesOverLimit
        self.typesOverlong = typesOverlong
    }

    /// Whether the offer announced more types than are kept: the agent reads none of it (as with X11's TARGETS cap).
    public var tooManyTypes: Bool { typesOverLimit > 0 }
}
