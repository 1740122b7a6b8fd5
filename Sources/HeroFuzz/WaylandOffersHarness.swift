import FoundationEssentials
import WaylandBridge

/// `DataControlOffers`, a data-control device's offer bookkeeping, driven by what a compositor and readers may do in
/// any order (the protocol's own order included): offers introduced, types offered for any of them, selections set
/// to the offer just introduced, to an older one, to one never seen or to nothing, holds and releases, the device
/// finished. Every offer introduced is destroyed exactly once, never while a selection or a reader still has it; a
/// hold succeeds exactly when the offer is still alive; each announcement is of the selection just set, with the
/// types its offer announced before that (first occurrences, in order, at most `maxTypes` of at most `maxTypeBytes`
/// bytes, the rest counted), and a `checkConnection` the first time an offer passes `maxTypes`; the live offers stay
/// within two selections, one introduced offer and the held ones; at the end (the device finished, every hold let
/// go) nothing is left and `finished` was reported once. The invariants of `DataControlOffersSequenceTests`, and more.
/// Input: a limits byte, then events of one to a few bytes each (see `run`).
enum WaylandOffersHarness {
    static let harness = Harness(name: "wayland-offers", maxLength: 2048,
                                 summary: "DataControlOffers: offers destroyed once, never held or selected; announced types within limits",
                                 run: run)

    /// The types an offer announced, as the machine promises to keep and count them.
    private struct Announced {
        var names: [String] = []
        var seen: Set<String> = []
        var overLimit = 0
        var overlong = 0
    }

    /// What the harness knows, to check each action against.
    private struct Model {
        let limits: DataControlOffers.Limits
        let reportsPrimary: Bool
        var introduced: [WaylandOffer] = []
        /// Introduced and not destroyed.
        var alive: Set<WaylandOffer> = []
        /// The offer introduced last and not yet a selection (nor destroyed), with what it announced.
        var pending: (offer: WaylandOffer, types: Announced)?
        var selections: [WaylandSelection: WaylandOffer] = [:]
        var destroyed: [WaylandOffer: Int] = [:]
        var holds: [WaylandOffer: Int] = [:]
        var finishedSeen = 0
        var isFinished = false
        var checkedConnection: Set<WaylandOffer> = []

        var held: Int { holds.values.filter { $0 > 0 }.count }
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let byte = input.byte()
        let limits = DataControlOffers.Limits(maxTypes: [4, 1, 1024, 0][Int(byte) & 3],
                                              maxTypeBytes: [8, 255, 1, 0][Int(byte >> 2) & 3])
        let reportsPrimary = byte & 0x10 == 0
        var offers = DataControlOffers(limits: limits, reportsPrimary: reportsPrimary)
        var model = Model(limits: limits, reportsPrimary: reportsPrimary)
        var events = 0
        while !input.isAtEnd && events < 1000 {
            events += 1
            switch input.int(below: 8) {
            case 0, 1:
                let offer = WaylandOffer(serial: UInt64(model.introduced.count + 1))
                model.introduced.append(offer)
                model.alive.insert(offer)
                let actions = offers.introduced(offer)
                let stale = model.pending?.offer
                if model.isFinished {
                    Invariant.check(actions == [.destroy(offer)], "an offer after finished gave \(actions)")
                } else {
                    model.pending = (offer, Announced())
                    for action in actions {
                        if case let .destroy(gone) = action {
                            Invariant.check(gone == stale, "introducing \(offer) destroyed \(gone), not the stale \(String(describing: stale))")
                        }
                    }
                }
                take(actions, offers: offers, model: &model)
            case 2, 3:
                // Usually the offer just introduced, sometimes any; a type of one of a few names (so that duplicates
                // come), or of bytes from the input (so that long and odd names come).
                let offer = input.bool() ? model.introduced.last : pick(model.introduced, &input)
                let mimeType: String
                let kind = input.byte()
                if kind & 0x80 == 0 {
                    mimeType = ["text/plain", "image/png", "a", "text/plain;charset=utf-8", "", "TARGETS"][Int(kind) % 6]
                } else {
                    let length = Int(kind & 0x7F) == 0x7F ? 300 : Int(kind & 0x0F)
                    let bytes = input.data(length)
                    mimeType = String(decoding: bytes, as: UTF8.self) + String(repeating: "x", count: length - bytes.count)
                }
                guard let offer else { continue }
                let actions = offers.offered(offer, mimeType: mimeType)
                var expected: [DataControlOffers.Action] = []
                if var pending = model.pending, pending.offer == offer {
                    model.pending = nil // so that the types are not copied at each change
                    if mimeType.utf8.count > limits.maxTypeBytes {
                        pending.types.overlong += 1
                    } else if pending.types.seen.contains(mimeType) {
                    } else if pending.types.names.count >= limits.maxTypes {
                        pending.types.overLimit += 1
                        if pending.types.overLimit == 1 { expected = [.checkConnection] }
                    } else {
                        pending.types.names.append(mimeType)
                        pending.types.seen.insert(mimeType)
                    }
                    model.pending = pending
                }
                Invariant.check(actions == expected, "offering \(mimeType.utf8.count) bytes for \(offer) gave \(actions), not \(expected)")
                take(actions, offers: offers, model: &model)
            case 4, 5:
                // Usually the offer just introduced, sometimes any, one never introduced, or none (a cleared selection).
                let offer: WaylandOffer?
                switch input.int(below: 8) {
                case 0: offer = nil
                case 1: offer = pick(model.introduced, &input)
                case 2: offer = WaylandOffer(serial: 1_000_000)
                default: offer = model.introduced.last
                }
                let selection: WaylandSelection = input.bool() ? .clipboard : .primary
                let previous = model.selections[selection]
                let actions = offers.selected(offer, as: selection)
                var expected: WaylandSelectionChange?
                if !model.isFinished {
                    var types = Announced()
                    var accepted = offer == nil
                    if let offer, let pending = model.pending, pending.offer == offer {
                        types = pending.types
                        model.pending = nil
                        accepted = true
                    }
                    if accepted {
                        model.selections[selection] = offer
                        if selection == .clipboard || reportsPrimary {
                            expected = WaylandSelectionChange(selection: selection, offer: offer, mimeTypes: types.names,
                                                              typesOverLimit: types.overLimit, typesOverlong: types.overlong)
                        }
                    }
                }
                let announced = actions.compactMap { action -> WaylandSelectionChange? in
                    if case let .announce(change) = action { change } else { nil }
                }
                Invariant.check(announced == (expected.map { [$0] } ?? []),
                                "selecting \(String(describing: offer)) as \(selection) announced \(announced), not \(String(describing: expected))")
                Invariant.check(offers.offer(of: selection) == model.selections[selection],
                                "\(selection) holds \(String(describing: offers.offer(of: selection))), not \(String(describing: model.selections[selection]))")
                for action in actions {
                    if case let .destroy(gone) = action {
                        Invariant.check(gone == previous, "selecting as \(selection) destroyed \(gone), not the previous \(String(describing: previous))")
                    }
                }
                take(actions, offers: offers, model: &model)
            case 6:
                let offer = input.int(below: 8) == 0 ? WaylandOffer(serial: 2_000_000) : pick(model.introduced, &input)
                guard let offer else { continue }
                let alive = model.alive.contains(offer)
                let held = offers.hold(offer)
                Invariant.check(held == alive, "hold(\(offer)) gave \(held), yet the offer is \(alive ? "alive" : "gone")")
                if held { model.holds[offer, default: 0] += 1 }
            case 7 where input.int(below: 8) != 0:
                let heldOffers = model.holds.filter { $0.value > 0 }.keys.sorted { $0.serial < $1.serial }
                let stray = input.int(below: 8) == 0
                if heldOffers.isEmpty || stray {
                    // A release by a reader that holds nothing: nothing happens.
                    guard let offer = pick(model.introduced, &input), model.holds[offer, default: 0] == 0 else { continue }
                    let actions = offers.release(offer)
                    Invariant.check(actions.isEmpty, "releasing \(offer), held by nobody, gave \(actions)")
                } else {
                    let offer = heldOffers[input.int(below: heldOffers.count)]
                    model.holds[offer]! -= 1
                    take(offers.release(offer), offers: offers, model: &model)
                }
            default:
                finish(&offers, &model)
            }
            checkState(offers, model)
        }

        // The device ends and the readers let go: nothing is left, and everything went exactly once.
        finish(&offers, &model)
        for (offer, count) in model.holds.sorted(by: { $0.key.serial < $1.key.serial }) where count > 0 {
            for _ in 0..<count {
                model.holds[offer]! -= 1
                take(offers.release(offer), offers: offers, model: &model)
            }
        }
        checkState(offers, model)
        Invariant.check(model.finishedSeen == 1, "finished reported \(model.finishedSeen) times")
        Invariant.check(offers.liveOffers.isEmpty, "\(offers.liveOffers.count) offers left alive")
        let lost = Set(model.introduced).subtracting(model.destroyed.keys)
        Invariant.check(lost.isEmpty, "offers never destroyed: \(lost.sorted { $0.serial < $1.serial })")
    }

    private static func pick(_ offers: [WaylandOffer], _ input: inout FuzzInput) -> WaylandOffer? {
        let index = input.int(below: 256)
        return offers.isEmpty ? nil : offers[offers.count - 1 - index % offers.count]
    }

    private static func finish(_ offers: inout DataControlOffers, _ model: inout Model) {
        let wasFinished = model.isFinished
        let actions = offers.finished()
        model.isFinished = true
        model.pending = nil
        model.selections = [:]
        if wasFinished { Invariant.check(actions.isEmpty, "finished again gave \(actions)") }
        else { Invariant.check(actions.last == .finished, "finished gave \(actions)") }
        take(actions, offers: offers, model: &model)
        Invariant.check(offers.isFinished, "not finished after finished")
    }

    /// The promises every action keeps, whatever the event.
    private static func take(_ actions: [DataControlOffers.Action], offers: DataControlOffers, model: inout Model) {
        for action in actions {
            switch action {
            case let .destroy(offer):
                model.destroyed[offer, default: 0] += 1
                Invariant.check(offer.serial <= UInt64(model.introduced.count), "\(offer), never introduced, destroyed")
                model.alive.remove(offer)
                Invariant.check(model.destroyed[offer] == 1, "\(offer) destroyed twice")
                Invariant.check(model.holds[offer, default: 0] == 0, "\(offer) destroyed while held")
                Invariant.check(!WaylandSelection.allCases.contains { offers.offer(of: $0) == offer }, "\(offer) destroyed while a selection")
                Invariant.check(model.pending?.offer != offer, "\(offer) destroyed while it announces its types")
            case let .announce(change):
                Invariant.check(change.mimeTypes.count <= model.limits.maxTypes, "\(change.mimeTypes.count) types announced")
                Invariant.check(change.mimeTypes.allSatisfy { $0.utf8.count <= model.limits.maxTypeBytes }, "an overlong type announced")
                Invariant.check(Set(change.mimeTypes).count == change.mimeTypes.count, "a type announced twice")
                Invariant.check(change.typesOverLimit == 0 || change.mimeTypes.count == model.limits.maxTypes,
                                "\(change.typesOverLimit) types over the limit with \(change.mimeTypes.count) kept")
                Invariant.check(change.selection == .clipboard || model.reportsPrimary, "a primary change announced")
                if let offer = change.offer { Invariant.check(model.destroyed[offer] == nil, "a destroyed offer announced") }
            case .finished:
                model.finishedSeen += 1
                Invariant.check(model.finishedSeen == 1, "finished reported twice")
            case .checkConnection:
                guard let offer = model.pending?.offer else {
                    Invariant.check(false, "checkConnection with no offer announcing types")
                    return
                }
                Invariant.check(model.checkedConnection.insert(offer).inserted, "checkConnection twice for \(offer)")
            }
        }
    }

    private static func checkState(_ offers: DataControlOffers, _ model: Model) {
        let live = offers.liveOffers
        Invariant.check(live.count <= 3 + model.held, "\(live.count) live offers with \(model.held) held")
        Invariant.check(live.allSatisfy { model.destroyed[$0] == nil }, "a destroyed offer is alive")
        // Every offer introduced and not destroyed is alive (else it would never be destroyed), and vice versa.
        Invariant.check(live == model.alive, "alive: \(live.count) offers; introduced and not destroyed: \(model.alive.count)")
        for selection in WaylandSelection.allCases {
            Invariant.check(offers.offer(of: selection) == model.selections[selection], "\(selection) disagrees")
        }
        Invariant.check(offers.isFinished == model.isFinished, "isFinished disagrees")
    }
}
