/// The offer bookkeeping of one data-control device, as a value that takes the device's events and returns what
/// to do (no Wayland calls): which offers to destroy, which selection changes to announce. Every offer the
/// compositor introduces is destroyed once it is of no more use: when a newer one replaces it or the selection is
/// cleared, when it was never made a selection, when the device is finished; an offer a reader holds is destroyed
/// when the reader lets it go. What an offer may bring is bounded before it is kept: at most `maxTypes` MIME types
/// of at most `maxTypeBytes` bytes each, the rest counted.
public struct DataControlOffers {
    /// Bounds on what one offer's announcement may make the agent keep.
    public struct Limits: Sendable, Equatable {
        /// MIME types kept per offer (X11's TARGETS cap is the same): the rest are counted and the offer is
        /// reported as having too many.
        public var maxTypes: Int
        /// Bytes of one MIME type's name; a longer name is counted and ignored.
        public var maxTypeBytes: Int

        public init(maxTypes: Int = 1024, maxTypeBytes: Int = 255) {
            self.maxTypes = maxTypes
            self.maxTypeBytes = maxTypeBytes
        }
    }

    public enum Action: Equatable, Sendable {
        /// Destroy the offer's proxy.
        case destroy(WaylandOffer)
        /// Report the change.
        case announce(WaylandSelectionChange)
        /// The device is finished (its seat went away): destroy it and report that it ended.
        case finished
        /// An offer just passed `maxTypes`: ask the compositor for a round trip. A compositor on libwayland-server
        /// before 1.23 silently stops sending to a client whose socket overflowed (one event per type, to every
        /// data-control client at once) and drops it only when that client next sends a request: the round trip
        /// is that request, so the loss shows instead of the device going quiet for ever.
        case checkConnection
    }

    /// What an offer announced so far.
    private struct Types {
        var names: [String] = []
        var seen: Set<String> = []
        var overLimit = 0
        var overlong = 0
    }

    public let limits: Limits
    /// Whether primary-selection changes are reported (the offers are bookkept, and destroyed, either way).
    public let reportsPrimary: Bool
    /// The offer introduced by `data_offer` and not yet made a selection; at most one (the protocol announces an
    /// offer's selection right after its types).
    private var introduced: (offer: WaylandOffer, types: Types)?
    private var current: [WaylandSelection: WaylandOffer] = [:]
    /// Offers a reader holds, with how many holds.
    private var holds: [WaylandOffer: Int] = [:]
    /// Offers no selection holds any more, kept alive only by a reader (always a subset of `holds`' keys).
    private var released: Set<WaylandOffer> = []
    public private(set) var isFinished = false

    public init(limits: Limits = .init(), reportsPrimary: Bool) {
        self.limits = limits
        self.reportsPrimary = reportsPrimary
    }

    /// The offer each selection holds now.
    public func offer(of selection: WaylandSelection) -> WaylandOffer? { current[selection] }

    /// Offers that are still alive (introduced, a selection, or held): each must be destroyed one day.
    public var liveOffers: Set<WaylandOffer> {
        var live = Set(current.values).union(released)
        if let introduced { live.insert(introduced.offer) }
        return live
    }

    /// `data_offer`: the compositor made `offer`; its types follow.
    public mutating func introduced(_ offer: WaylandOffer) -> [Action] {
        guard !isFinished else { return [.destroy(offer)] }
        // An earlier offer that never became a selection is of no use.
        let stale = introduced?.offer
        introduced = (offer, Types())
        return stale.map { drop($0) } ?? []
    }

    /// `offer`: `offer` can be read as `mimeType`. Only types announced before the offer becomes a selection count.
    @discardableResult
    public mutating func offered(_ offer: WaylandOffer, mimeType: String) -> [Action] {
        guard introduced?.offer == offer else { return [] }
        if mimeType.utf8.count > limits.maxTypeBytes {
            introduced!.types.overlong += 1
        } else if introduced!.types.seen.contains(mimeType) {
            return []
        } else if introduced!.types.names.count >= limits.maxTypes {
            introduced!.types.overLimit += 1
            if introduced!.types.overLimit == 1 { return [.checkConnection] }
        } else {
            introduced!.types.names.append(mimeType)
            introduced!.types.seen.insert(mimeType)
        }
        return []
    }

    /// `selection` or `primary_selection`: `selection` now holds `offer`, or nothing (nil).
    public mutating func selected(_ offer: WaylandOffer?, as selection: WaylandSelection) -> [Action] {
        // After `finished`, `introduced` destroyed every new offer at once.
        guard !isFinished else { return [] }
        var actions: [Action] = []
        let types: Types
        if let offer {
            guard let fresh = introduced, fresh.offer == offer else {
                // Not the offer just introduced: one we already destroyed or never saw. Nothing to announce.
                return []
            }
            introduced = nil
            types = fresh.types
        } else {
            types = Types()
        }
        if let previous = current[selection], previous != offer {
            current[selection] = nil
            actions += drop(previous)
        }
        current[selection] = offer
        guard selection == .clipboard || reportsPrimary else { return actions }
        actions.append(.announce(WaylandSelectionChange(selection: selection, offer: offer, mimeTypes: types.names,
                                                        typesOverLimit: types.overLimit, typesOverlong: types.overlong)))
        return actions
    }

    /// `finished`: the device is no longer valid. Every offer not held is destroyed; held ones when let go.
    public mutating func finished() -> [Action] {
        guard !isFinished else { return [] }
        isFinished = true
        var offers = Set(current.values)
        if let introduced { offers.insert(introduced.offer) }
        introduced = nil
        current = [:]
        var actions: [Action] = []
        for offer in offers.sorted(by: { $0.serial < $1.serial }) { actions += drop(offer) }
        return actions + [.finished]
    }

    /// A reader starts using `offer`: it stays alive, even when replaced, until `release`. False when the offer is
    /// gone (destroyed already, or never known).
    public mutating func hold(_ offer: WaylandOffer) -> Bool {
        // An offer in no selection and with no hold was destroyed already (`released` only holds held offers).
        guard holds[offer] != nil || current.values.contains(offer) || introduced?.offer == offer else { return false }
        holds[offer, default: 0] += 1
        return true
    }

    /// A reader is done with `offer`: destroy it if nothing else needs it.
    public mutating func release(_ offer: WaylandOffer) -> [Action] {
        guard let count = holds[offer] else { return [] }
        if count > 1 {
            holds[offer] = count - 1
            return []
        }
        holds[offer] = nil
        guard released.remove(offer) != nil else { return [] }
        return [.destroy(offer)]
    }

    /// `offer` is of no more use to the device: destroyed now, or when its last reader lets it go.
    private mutating func drop(_ offer: WaylandOffer) -> [Action] {
        if current.values.contains(offer) || introduced?.offer == offer { return [] }
        if holds[offer] != nil {
            released.insert(offer)
            return []
        }
        return [.destroy(offer)]
    }
}
