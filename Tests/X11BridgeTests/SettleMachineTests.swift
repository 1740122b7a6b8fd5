import Foundation
import Testing
@testable import X11Bridge

/// One PRIMARY owner change: Chromium announces a new owner for every step of a drag, sometimes with the same text.
private struct Change: Equatable {
    var serial: Int
    var text: String
}

/// Runs a `SettleMachine` against a virtual clock: performs its actions on a single timer and records the reads.
private struct SettleDriver {
    var machine: SettleMachine<Change>
    var now: Double = 0
    var deadline: Double?
    var reads: [Change] = []
    var actions: [SettleMachine<Change>.Action] = []

    init(quiet: Double = 0.4, recheck: Double = 0.1) {
        machine = SettleMachine(quiet: quiet, recheck: recheck)
    }

    mutating func perform(_ action: SettleMachine<Change>.Action) {
        actions.append(action)
        switch action {
        case let .arm(seconds): deadline = now + seconds
        case let .read(change): deadline = nil; reads.append(change)
        case .cancel: deadline = nil
        case .none: break
        }
    }

    /// Moves the clock to `time`, firing the timer whenever it is due; `pointerHeld` answers for each firing.
    mutating func advance(to time: Double, pointerHeld: (Double) -> Bool = { _ in false }) {
        while let due = deadline, due <= time {
            now = due
            deadline = nil
            perform(machine.timerFired(pointerHeld: pointerHeld(now)))
        }
        now = time
    }

    mutating func change(_ change: Change, at time: Double) {
        advance(to: time)
        perform(machine.changed(change))
    }
}

@Suite("PRIMARY debounce (SettleMachine)")
struct SettleMachineTests {
    @Test func aChangeArmsTheQuietTimer() {
        var machine = SettleMachine<String>(quiet: 0.4, recheck: 0.1)
        #expect(machine.changed("S") == .arm(seconds: 0.4))
        #expect(machine.pending == "S")
    }

    @Test func theQuietAndRecheckPeriodsAreTheOnesGiven() {
        var machine = SettleMachine<String>(quiet: 0.25, recheck: 0.05)
        #expect(machine.changed("S") == .arm(seconds: 0.25))
        #expect(machine.timerFired(pointerHeld: true) == .arm(seconds: 0.05))
        let defaults = SettleMachine<String>()
        #expect(defaults.quiet == 0.4 && defaults.recheck == 0.1)
    }

    @Test func thirtyChangesInARowReadOnlyTheLastOne() {
        // Dragging over "Spider-Man": "S", "S", "S", "Sp", … three owner announcements per letter.
        var machine = SettleMachine<Change>()
        let changes = (0..<30).map { Change(serial: $0, text: String("Spider-Man".prefix(1 + $0 / 3))) }
        #expect(changes.first?.text == "S" && changes.last?.text == "Spider-Man")
        for change in changes {
            #expect(machine.changed(change) == .arm(seconds: 0.4))
            #expect(machine.pending == change)
        }
        #expect(machine.timerFired(pointerHeld: false) == .read(changes[29]))
        #expect(machine.pending == nil)
        #expect(machine.timerFired(pointerHeld: false) == .none)
    }

    @Test func aDragFasterThanTheQuietPeriodIsReadExactlyOnceAtTheEnd() {
        var driver = SettleDriver()
        let changes = (0..<30).map { Change(serial: $0, text: String("Spider-Man".prefix(1 + $0 / 3))) }
        for (index, change) in changes.enumerated() {
            driver.change(change, at: Double(index) * 0.05) // 20 changes a second: never quiet for 0.4 s
        }
        #expect(driver.reads.isEmpty)
        driver.advance(to: 10)
        #expect(driver.reads == [changes[29]])
        #expect(driver.actions.filter { if case .read = $0 { true } else { false } }.count == 1)
        #expect(driver.now == 10 && driver.deadline == nil)
    }

    @Test func changesFurtherApartThanTheQuietPeriodAreEachRead() {
        var driver = SettleDriver()
        driver.change(Change(serial: 1, text: "Spider"), at: 0)
        driver.change(Change(serial: 2, text: "Spider-Man"), at: 1)
        driver.advance(to: 2)
        #expect(driver.reads.map(\.serial) == [1, 2])
    }

    @Test func timerWhilePointerHeldRearmsWithRecheckAndReadsOnceReleased() {
        var machine = SettleMachine<String>(quiet: 0.4, recheck: 0.1)
        _ = machine.changed("Spider-Man")
        #expect(machine.timerFired(pointerHeld: true) == .arm(seconds: 0.1))
        #expect(machine.pending == "Spider-Man")
        #expect(machine.timerFired(pointerHeld: true) == .arm(seconds: 0.1))
        #expect(machine.timerFired(pointerHeld: false) == .read("Spider-Man"))
        #expect(machine.pending == nil)
    }

    @Test func aHeldPointerDelaysTheReadUntilRelease() {
        var driver = SettleDriver()
        driver.change(Change(serial: 1, text: "Spider-Man"), at: 0)
        // Button1 stays down until 1.25 s: firings at 0.4, 0.5, … recheck, the first one after release reads.
        driver.advance(to: 5) { $0 < 1.25 }
        #expect(driver.reads == [Change(serial: 1, text: "Spider-Man")])
        #expect(driver.actions.first == .arm(seconds: 0.4))
        #expect(driver.actions.dropFirst().dropLast().allSatisfy { $0 == .arm(seconds: 0.1) })
        #expect(driver.actions.count >= 10) // 0.4 + 9 × 0.1 ≥ 1.25
    }

    @Test func ownerGoneCancelsThePendingChange() {
        var machine = SettleMachine<String>()
        _ = machine.changed("Spider-Man")
        #expect(machine.ownerGone() == .cancel)
        #expect(machine.pending == nil)
        #expect(machine.timerFired(pointerHeld: false) == .none)
    }

    @Test func ownerGoneWithNothingPendingDoesNothing() {
        var machine = SettleMachine<String>()
        #expect(machine.ownerGone() == .none)
        _ = machine.changed("S")
        _ = machine.timerFired(pointerHeld: false)
        #expect(machine.ownerGone() == .none)
    }

    @Test func ownerGoneDuringAHeldPointerReadsNothing() {
        var driver = SettleDriver()
        driver.change(Change(serial: 1, text: "Spider"), at: 0)
        driver.advance(to: 0.75) { _ in true }
        driver.perform(driver.machine.ownerGone())
        driver.advance(to: 5)
        #expect(driver.reads.isEmpty)
        #expect(driver.deadline == nil)
    }

    @Test func aChangeAfterOwnerGoneIsReadAgain() {
        var machine = SettleMachine<String>()
        _ = machine.changed("Spider")
        _ = machine.ownerGone()
        #expect(machine.changed("Spider-Man") == .arm(seconds: 0.4))
        #expect(machine.timerFired(pointerHeld: false) == .read("Spider-Man"))
    }

    @Test func timerWithNothingPendingDoesNothing() {
        var machine = SettleMachine<String>()
        #expect(machine.timerFired(pointerHeld: false) == .none)
        #expect(machine.timerFired(pointerHeld: true) == .none)
    }
}
