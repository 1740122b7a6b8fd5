import FoundationEssentials
import X11Bridge

/// `SettleMachine`, the PRIMARY debounce, driven by changes, vanishing owners and timer ticks with the pointer
/// held or not: only the newest change is read, once, never while the pointer holds the selection, and the timer
/// is armed whenever a change waits. Input: events of one or two bytes each.
enum SettleHarness {
    static let harness = Harness(name: "settle", maxLength: 1024,
                                 summary: "SettleMachine: only the newest change, once, never while held", run: run)

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        var machine = SettleMachine<Int>(quiet: 0.4, recheck: 0.1)
        var newest: Int?
        var changes = 0
        while !input.isAtEnd {
            switch input.int(below: 3) {
            case 0:
                changes += 1
                newest = changes
                Invariant.check(machine.changed(changes) == .arm(seconds: 0.4), "a change did not arm the quiet period")
            case 1:
                let action = machine.ownerGone()
                Invariant.check(action == (newest == nil ? .none : .cancel), "ownerGone gave \(action) with \(String(describing: newest)) waiting")
                newest = nil
            default:
                let held = input.bool()
                let action = machine.timerFired(pointerHeld: held)
                switch (newest, held) {
                case (nil, _):
                    Invariant.check(action == .none, "nothing waits, yet the timer gave \(action)")
                case (_, true):
                    Invariant.check(action == .arm(seconds: 0.1), "held, yet the timer gave \(action)")
                case let (change?, false):
                    Invariant.check(action == .read(change), "read \(action), not the newest change \(change)")
                    newest = nil
                }
            }
            Invariant.check(machine.pending == newest, "pending is \(String(describing: machine.pending)), not \(String(describing: newest))")
        }
    }
}
