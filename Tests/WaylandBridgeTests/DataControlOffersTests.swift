import Testing
@testable import WaylandBridge

private func offer(_ serial: UInt64) -> WaylandOffer { WaylandOffer(serial: serial) }

private typealias Action = DataControlOffers.Action

/// `offers.hold`, outside `#expect` (which cannot call a mutating method).
private func hold(_ offers: inout DataControlOffers, _ serial: UInt64) -> Bool { offers.hold(offer(serial)) }

/// The compositor introduces `serial` with `types` and makes it `selection`; the actions of the last step.
private func announce(_ offers: inout DataControlOffers, _ serial: UInt64, _ types: [String],
                      as selection: WaylandSelection = .clipboard) -> [Action] {
    var actions = offers.introduced(offer(serial))
    for type in types { offers.offered(offer(serial), mimeType: type) }
    actions += offers.selected(offer(serial), as: selection)
    return actions
}

@Suite struct DataControlOffersTests {
    @Test func aNewSelectionIsAnnouncedWithItsTypesInOrder() {
        var offers = DataControlOffers(reportsPrimary: false)
        let actions = announce(&offers, 1, ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"])
        #expect(actions == [.announce(.init(selection: .clipboard, offer: offer(1),
                                            mimeTypes: ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]))])
        #expect(offers.offer(of: .clipboard) == offer(1))
        #expect(offers.liveOffers == [offer(1)])
    }

    @Test func aReplacedOfferIsDestroyedAtOnce() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        let actions = announce(&offers, 2, ["image/png"])
        #expect(actions == [.destroy(offer(1)),
                            .announce(.init(selection: .clipboard, offer: offer(2), mimeTypes: ["image/png"]))])
        #expect(offers.liveOffers == [offer(2)])
    }

    @Test func aClearedSelectionDestroysItsOfferAndIsAnnouncedEmpty() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        let actions = offers.selected(nil, as: .clipboard)
        #expect(actions == [.destroy(offer(1)), .announce(.init(selection: .clipboard, offer: nil))])
        #expect(offers.liveOffers.isEmpty)
        #expect(offers.offer(of: .clipboard) == nil)
    }

    @Test func tenThousandTypesKeepTheFirst1024AndCountTheRest() {
        var offers = DataControlOffers(reportsPrimary: false)
        let types = (0..<10_000).map { "application/x-type-\($0)" }
        let actions = announce(&offers, 1, types)
        guard case let .announce(change)? = actions.first else {
            Issue.record("expected an announcement, got \(actions)")
            return
        }
        #expect(change.mimeTypes == Array(types.prefix(1024)))
        #expect(change.typesOverLimit == 10_000 - 1024)
        #expect(change.tooManyTypes)
    }

    @Test func exactly1024TypesAreNotTooMany() {
        var offers = DataControlOffers(reportsPrimary: false)
        let actions = announce(&offers, 1, (0..<1024).map { "type/\($0)" })
        guard case let .announce(change)? = actions.first else {
            Issue.record("no announcement: \(actions)")
            return
        }
        #expect(change.mimeTypes.count == 1024)
        #expect(!change.tooManyTypes)
    }

    @Test func overlongNamesAreIgnoredAndCounted() {
        var offers = DataControlOffers(reportsPrimary: false)
        let long = "text/" + String(repeating: "x", count: 251)  // 256 bytes
        let longest = "text/" + String(repeating: "x", count: 250) // 255 bytes
        let multibyte = "text/" + String(repeating: "é", count: 126) // 5 + 252 bytes
        let actions = announce(&offers, 1, [long, "text/plain", longest, multibyte])
        #expect(actions == [.announce(.init(selection: .clipboard, offer: offer(1), mimeTypes: ["text/plain", longest],
                                            typesOverlong: 2))])
    }

    @Test func duplicateTypesAreKeptOnce() {
        var offers = DataControlOffers(reportsPrimary: false)
        let actions = announce(&offers, 1, ["text/plain", "text/plain", "UTF8_STRING", "text/plain"])
        #expect(actions == [.announce(.init(selection: .clipboard, offer: offer(1), mimeTypes: ["text/plain", "UTF8_STRING"]))])
    }

    @Test func anOfferNeverMadeASelectionIsDestroyedWhenTheNextArrives() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = offers.introduced(offer(1))
        offers.offered(offer(1), mimeType: "text/plain")
        #expect(offers.introduced(offer(2)) == [.destroy(offer(1))])
        #expect(offers.liveOffers == [offer(2)])
        // A late selection event naming the destroyed offer announces nothing.
        #expect(offers.selected(offer(1), as: .clipboard) == [])
    }

    @Test func primaryChangesAreBookkeptButReportedOnlyWhenAsked() {
        var quiet = DataControlOffers(reportsPrimary: false)
        #expect(announce(&quiet, 1, ["text/plain"], as: .primary) == [])
        #expect(announce(&quiet, 2, ["text/plain"], as: .primary) == [.destroy(offer(1))])
        #expect(quiet.liveOffers == [offer(2)])

        var reporting = DataControlOffers(reportsPrimary: true)
        #expect(announce(&reporting, 1, ["text/plain"], as: .primary)
                == [.announce(.init(selection: .primary, offer: offer(1), mimeTypes: ["text/plain"]))])
    }

    @Test func clipboardAndPrimaryKeepTheirOwnOffers() {
        var offers = DataControlOffers(reportsPrimary: true)
        _ = announce(&offers, 1, ["text/plain"], as: .clipboard)
        _ = announce(&offers, 2, ["text/plain"], as: .primary)
        #expect(offers.liveOffers == [offer(1), offer(2)])
        #expect(offers.selected(nil, as: .primary) == [.destroy(offer(2)), .announce(.init(selection: .primary, offer: nil))])
        #expect(offers.offer(of: .clipboard) == offer(1))
    }

    @Test func typesAfterTheSelectionEventAreIgnored() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        offers.offered(offer(1), mimeType: "image/png")
        let actions = announce(&offers, 2, [])
        #expect(actions == [.destroy(offer(1)), .announce(.init(selection: .clipboard, offer: offer(2)))])
    }

    @Test func finishedDestroysEveryOfferAndEndsTheDevice() {
        var offers = DataControlOffers(reportsPrimary: true)
        _ = announce(&offers, 1, ["text/plain"], as: .clipboard)
        _ = announce(&offers, 2, ["text/plain"], as: .primary)
        _ = offers.introduced(offer(3))
        #expect(offers.finished() == [.destroy(offer(1)), .destroy(offer(2)), .destroy(offer(3)), .finished])
        #expect(offers.isFinished)
        #expect(offers.liveOffers.isEmpty)
        #expect(offers.finished() == [])
        // Anything the compositor still sends is destroyed, never announced.
        #expect(offers.introduced(offer(4)) == [.destroy(offer(4))])
    }

    @Test func aHeldOfferOutlivesItsReplacementUntilReleased() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        #expect(hold(&offers, 1))
        let actions = announce(&offers, 2, ["text/plain"])
        #expect(actions == [.announce(.init(selection: .clipboard, offer: offer(2), mimeTypes: ["text/plain"]))])
        #expect(offers.liveOffers == [offer(1), offer(2)])
        #expect(offers.release(offer(1)) == [.destroy(offer(1))])
        #expect(offers.liveOffers == [offer(2)])
        // Gone now: it cannot be held again.
        #expect(!hold(&offers, 1))
    }

    @Test func releasingTheCurrentOfferKeepsIt() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        #expect(hold(&offers, 1))
        #expect(hold(&offers, 1))
        #expect(offers.release(offer(1)) == [])
        #expect(offers.release(offer(1)) == [])
        #expect(offers.liveOffers == [offer(1)])
        #expect(offers.release(offer(1)) == [])
    }

    @Test func aHeldOfferSurvivesFinishedUntilReleased() {
        var offers = DataControlOffers(reportsPrimary: false)
        _ = announce(&offers, 1, ["text/plain"])
        #expect(hold(&offers, 1))
        #expect(offers.finished() == [.finished])
        #expect(offers.release(offer(1)) == [.destroy(offer(1))])
    }

    @Test func anUnknownOfferCannotBeHeld() {
        var offers = DataControlOffers(reportsPrimary: false)
        #expect(!hold(&offers, 7))
        #expect(offers.release(offer(7)) == [])
    }
}

/// A flood of types asks for one round trip, when the offer passes the limit: a compositor that silently stopped
/// sending to this client then drops it, and the loss shows.
@Suite struct DataControlOffersFloodTests {
    @Test func passingTheTypeLimitAsksForOneConnectionCheck() {
        var offers = DataControlOffers(limits: .init(maxTypes: 3), reportsPrimary: false)
        _ = offers.introduced(offer(1))
        var checks = 0
        for index in 1...10 {
            checks += offers.offered(offer(1), mimeType: "text/x-\(index)").filter { $0 == .checkConnection }.count
        }
        #expect(checks == 1)
        // A duplicate or an over-long name past the limit asks nothing more.
        #expect(offers.offered(offer(1), mimeType: "text/x-1") == [])
        #expect(offers.offered(offer(1), mimeType: String(repeating: "x", count: 300)) == [])
    }

    @Test func anOfferWithinTheLimitAsksNothing() {
        var offers = DataControlOffers(limits: .init(maxTypes: 3), reportsPrimary: false)
        _ = offers.introduced(offer(1))
        #expect((1...3).flatMap { offers.offered(offer(1), mimeType: "text/x-\($0)") } == [])
    }
}
