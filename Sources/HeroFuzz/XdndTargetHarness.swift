import FoundationEssentials
import HeroTransfer
import X11Bridge

/// `XdndTargetMachine`, the drop-target side of XDND, driven by Enter, Position, Leave, Drop, fetch ends and
/// vanishing sources from up to three sources, decoded from the input: a Status for every Position, never a
/// Finished in reply to one, one Finished per drop (none once its source vanished), one fetch at a time.
/// Input: events of a few bytes each.
enum XdndTargetHarness {
    static let harness = Harness(name: "xdnd-target", maxLength: 2048,
                                 summary: "XdndTargetMachine: Status per Position, one Finished per Drop", run: run)

    private static let offers: [String] = ["image/png", "text/plain", "application/x-unknown", "text/uri-list",
                                           MIMERegistry.passwordHint, "text/x-moz-url"]

    /// The drops the harness has seen, by number, and how many Finished each got.
    private struct Drops {
        var finished: [Int] = []
        /// The drop whose data is being fetched: its number and source.
        var fetching: (drop: Int, source: UInt)?
        var cancelled: Set<Int> = []
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let registry = MIMERegistry.standard
        var machine = XdndTargetMachine(accepts: { !registry.choose(offered: $0).isEmpty })
        var drops = Drops()
        while !input.isAtEnd {
            let source = UInt(input.int(below: 3) + 1)
            let before = machine.state
            switch input.int(below: 6) {
            case 0:
                let version = input.int(below: 8)
                let mask = input.byte()
                let types = mask == 0 ? nil : offers.indices.filter { mask & (1 << $0) != 0 }.map { offers[$0] }
                let actions = machine.enter(source: source, version: version, types: types)
                if version < 3 { Invariant.check(actions.isEmpty && machine.state == before, "an Enter below v3 was not ignored") }
                finish(actions, drops: &drops, allowed: true)
            case 1:
                let actions = machine.position(source: source, x: input.uint16(), y: input.uint16())
                let statuses = actions.compactMap { if case let .status(to, accept) = $0 { (to, accept) } else { nil } }
                Invariant.check(statuses.count == 1 && statuses[0].0 == source, "a Position from \(source) got \(actions)")
                if case let .hovering(drag) = before, drag.source == source {
                    Invariant.check(statuses[0].1 == drag.acceptable, "the Status does not say whether the drag is acceptable")
                } else {
                    Invariant.check(!statuses[0].1, "a Position outside a hovering drag was accepted")
                }
                finish(actions, drops: &drops, allowed: false)
            case 2:
                finish(machine.leave(source: source), drops: &drops, allowed: false)
            case 3:
                let actions = machine.drop(source: source, time: UInt(input.uint16()))
                let number = drops.finished.count
                drops.finished.append(0)
                let fetches = actions.filter { if case .fetch = $0 { true } else { false } }.count
                if actions.isEmpty {
                    // A repeated Drop from the source whose drop is loading: that drop's Finished answers both.
                    Invariant.check(drops.fetching?.source == source, "a Drop from \(source) got no answer")
                    drops.finished[number] = 1
                } else if fetches == 1 {
                    Invariant.check(drops.fetching == nil, "a second fetch while one is in flight")
                    drops.fetching = (number, source)
                }
                finish(actions, drops: &drops, allowed: true, drop: (number, source))
                Invariant.check(drops.finished[number] == 1 || drops.fetching?.drop == number,
                                "a Drop from \(source) was neither fetched nor finished: \(actions)")
            case 4:
                finish(machine.fetchEnded(success: input.bool()), drops: &drops, allowed: true)
            default:
                let actions = machine.sourceVanished(source)
                if actions.contains(.cancelFetch) {
                    Invariant.check(drops.fetching?.source == source, "a fetch cancelled for a source that has none")
                }
                finish(actions, drops: &drops, allowed: false)
            }
            if case .dropping = machine.state {} else {
                Invariant.check(drops.fetching == nil, "no drop in progress, yet a fetch was never ended")
            }
        }
        for (number, count) in drops.finished.enumerated() where drops.fetching?.drop != number && !drops.cancelled.contains(number) {
            Invariant.check(count == 1, "drop \(number) got \(count) Finished")
        }
    }

    /// Counts the Finished and cancels in `actions`: a Finished answers the drop being fetched (also one cancelled
    /// by the same actions, as a new Enter does), or `drop`, the one just made; at most once each. Only `allowed`
    /// events may send one.
    private static func finish(_ actions: [XdndTargetMachine.Action], drops: inout Drops, allowed: Bool,
                               drop: (number: Int, source: UInt)? = nil) {
        var cancelledNow: (drop: Int, source: UInt)?
        for action in actions {
            switch action {
            case let .finished(source, version, _):
                Invariant.check(allowed, "a Finished in reply to a Position, Leave or vanishing source: \(actions)")
                Invariant.check(version >= 3 && version <= XdndTargetMachine.newestVersion, "a Finished at version \(version)")
                if let fetching = drops.fetching, fetching.source == source, fetching.drop != drop?.number {
                    drops.finished[fetching.drop] += 1
                    drops.fetching = nil
                } else if let cancelled = cancelledNow, cancelled.source == source {
                    drops.finished[cancelled.drop] += 1
                    drops.cancelled.remove(cancelled.drop)
                    cancelledNow = nil
                } else if let drop, drop.source == source {
                    drops.finished[drop.number] += 1
                } else {
                    fatalError("invariant broken: a Finished to \(source) answers no drop: \(actions)")
                }
            case .cancelFetch:
                guard let fetching = drops.fetching else { fatalError("invariant broken: a cancel with no fetch in flight") }
                drops.cancelled.insert(fetching.drop)
                drops.fetching = nil
                cancelledNow = fetching
            default:
                break
            }
        }
        for (number, count) in drops.finished.enumerated() {
            Invariant.check(count <= 1, "drop \(number) got \(count) Finished")
        }
    }
}
