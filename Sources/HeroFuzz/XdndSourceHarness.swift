import FoundationEssentials
import X11Bridge

/// `XdndSourceMachine`, the drag-source side of XDND, driven by pointer motion over three targets (one behind a
/// proxy), their Status and Finished (and strangers'), release, Escape, abandon and timers, decoded from the input:
/// Leave before a new Enter, at most one Position outstanding, a Drop only after an accepting Status and at most
/// one, exactly one finish, and nothing at all after it. Input: events of a few bytes each.
enum XdndSourceHarness {
    static let harness = Harness(name: "xdnd-source", maxLength: 2048,
                                 summary: "XdndSourceMachine: Leave before Enter, one Position outstanding, one Drop", run: run)

    private static let targets: [XdndSourceMachine.Target?] = [
        nil, .init(window: 10, version: 5), .init(window: 11, version: 3), .init(window: 12, proxy: 99, version: 4),
    ]
    private static let timers: [XdndSourceMachine.Timer] = [.repeatPosition, .statusWait, .finishedWait]

    /// What the machine has told the targets so far.
    private struct Conversation {
        var entered: XdndSourceMachine.Target?
        /// The target whose Status for the last Position has not come back.
        var outstanding: XdndSourceMachine.Target?
        /// The entered target's last Status accepted.
        var accepted = false
        var drops = 0
        var finishes = 0
    }

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        var machine = XdndSourceMachine()
        var talk = Conversation()
        while !input.isAtEnd {
            let wasDone = machine.isDone
            let actions: [XdndSourceMachine.Action]
            switch input.int(below: 7) {
            case 0:
                actions = machine.motion(x: input.uint16(), y: input.uint16(), time: UInt(input.uint16()), over: input.pick(targets))
            case 1:
                let window = UInt(input.int(below: 4) + 10)
                let accept = input.bool()
                if talk.outstanding?.window == window && !machine.isDone {
                    talk.outstanding = nil
                    talk.accepted = accept
                }
                actions = machine.status(from: window, accept: accept)
            case 2:
                actions = machine.finished(from: UInt(input.int(below: 4) + 10), success: input.bool())
            case 3:
                actions = machine.release(time: UInt(input.uint16()))
            case 4:
                actions = machine.escape()
            case 5:
                actions = machine.abandon()
            default:
                actions = machine.timerFired(input.pick(timers))
            }
            if wasDone { Invariant.check(actions.isEmpty, "the drag is over, yet it did \(actions)") }
            follow(actions, talk: &talk)
            Invariant.check(machine.isDone == (talk.finishes == 1), "isDone is \(machine.isDone) after \(talk.finishes) finish")
        }
    }

    private static func follow(_ actions: [XdndSourceMachine.Action], talk: inout Conversation) {
        for action in actions {
            switch action {
            case let .enter(target):
                Invariant.check(talk.entered == nil, "Enter to \(target.window) before Leave to \(talk.entered!.window)")
                talk.entered = target
                talk.outstanding = nil
                talk.accepted = false
            case let .leave(target):
                Invariant.check(talk.entered == target, "Leave to \(target.window), which was not entered")
                talk.entered = nil
                talk.outstanding = nil
            case let .position(target, _, _, _):
                Invariant.check(talk.entered == target, "a Position to \(target.window) before its Enter")
                Invariant.check(talk.outstanding == nil, "a second Position while one is outstanding")
                talk.outstanding = target
            case let .drop(target, _):
                Invariant.check(talk.entered == target && talk.accepted, "a Drop to \(target.window) without an accepting Status")
                Invariant.check(talk.outstanding == nil, "a Drop while a Position is unanswered")
                talk.drops += 1
                Invariant.check(talk.drops == 1, "a second Drop in one drag")
                talk.entered = nil
            case .finish:
                talk.finishes += 1
                Invariant.check(talk.finishes == 1, "a second finish")
                Invariant.check(talk.entered == nil, "the drag ended without a Leave to \(talk.entered!.window)")
            case .feedback, .arm, .disarm:
                Invariant.check(talk.finishes == 0, "\(action) after the finish")
            }
        }
    }
}
