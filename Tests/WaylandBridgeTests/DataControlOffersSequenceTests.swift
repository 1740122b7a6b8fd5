import Testing
import TestSupport
@testable import WaylandBridge

/// `DataControlOffers` driven by random sequences of what a compositor and readers may do, in any order (the
/// protocol's own order included): every offer introduced is destroyed exactly once, never while a selection or a
/// reader still has it, and the live offers stay bounded by two selections, one introduced offer and the holds.
@Suite struct DataControlOffersSequenceTests {
    @Test(arguments: 0..<200) func everyOfferIsDestroyedExactlyOnce(seed: UInt64) {
        var random = SplitMix(state: seed)
        var offers = DataControlOffers(limits: .init(maxTypes: 4, maxTypeBytes: 8), reportsPrimary: true)
        var introduced: [WaylandOffer] = []
        var destroyed: [WaylandOffer: Int] = [:]
        var holds: [WaylandOffer: Int] = [:]
        var finishedSeen = 0

        func take(_ actions: [DataControlOffers.Action]) {
            for action in actions {
                switch action {
                case let .destroy(offer):
                    destroyed[offer, default: 0] += 1
                    #expect(destroyed[offer] == 1, "seed \(seed): \(offer) destroyed twice")
                    #expect(holds[offer, default: 0] == 0, "seed \(seed): \(offer) destroyed while held")
                    #expect(!WaylandSelection.allCases.contains { offers.offer(of: $0) == offer },
                            "seed \(seed): \(offer) destroyed while a selection")
                case let .announce(change):
                    #expect(change.mimeTypes.count <= 4)
                    #expect(change.mimeTypes.allSatisfy { $0.utf8.count <= 8 })
                    if let offer = change.offer { #expect(destroyed[offer] == nil, "seed \(seed): a destroyed offer announced") }
                case .finished:
                    finishedSeen += 1
                case .checkConnection:
                    break
                }
            }
        }

        for _ in 0..<200 {
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                let offer = WaylandOffer(serial: UInt64(introduced.count + 1))
                introduced.append(offer)
                take(offers.introduced(offer))
            case 2, 3:
                guard let offer = introduced.randomElement(using: &random) else { continue }
                offers.offered(offer, mimeType: String(repeating: "t", count: Int.random(in: 1...12, using: &random)))
            case 4, 5:
                // Usually the offer just introduced, sometimes any, sometimes none (a cleared selection).
                let pick = Int.random(in: 0..<4, using: &random)
                let offer = pick == 0 ? nil : pick == 1 ? introduced.randomElement(using: &random) : introduced.last
                take(offers.selected(offer, as: Bool.random(using: &random) ? .clipboard : .primary))
            case 6:
                guard let offer = introduced.randomElement(using: &random) else { continue }
                if offers.hold(offer) {
                    holds[offer, default: 0] += 1
                    #expect(destroyed[offer] == nil, "seed \(seed): a destroyed offer was held")
                }
            case 7:
                guard let offer = holds.filter({ $0.value > 0 }).keys.sorted(by: { $0.serial < $1.serial })
                        .randomElement(using: &random) else { continue }
                holds[offer]! -= 1
                take(offers.release(offer))
            default:
                if Int.random(in: 0..<20, using: &random) == 0 { take(offers.finished()) }
            }
            let held = holds.filter { $0.value > 0 }.count
            #expect(offers.liveOffers.count <= 3 + held, "seed \(seed): \(offers.liveOffers.count) live offers")
            #expect(offers.liveOffers.allSatisfy { destroyed[$0] == nil })
        }

        // The device ends and the readers let go: nothing is left, and everything went exactly once.
        take(offers.finished())
        for (offer, count) in holds where count > 0 {
            for _ in 0..<count {
                holds[offer]! -= 1
                take(offers.release(offer))
            }
        }
        #expect(finishedSeen == 1)
        #expect(offers.liveOffers.isEmpty)
        #expect(Set(destroyed.keys) == Set(introduced), "seed \(seed): offers never destroyed: \(Set(introduced).subtracting(destroyed.keys))")
    }
}
