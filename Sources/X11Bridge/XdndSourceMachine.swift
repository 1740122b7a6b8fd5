/// The XDND v5 drag-source protocol as a value: pointer motion (with the XdndAware window found under it),
/// Status, Finished, release, Escape and timers come in; the messages to send, the cursor to show, the timers to
/// arm and the end of the drag come out. No X11 in it; `XdndSource` finds targets and performs the actions.
///
/// Guarantees (docs/X11.md §9): Leave to the old target before Enter to a new one; at most one Position
/// outstanding, the newest pointer position sent when its Status arrives; Drop only when the last Status
/// accepted, else Leave; a release while a Status is pending waits for it (bounded by `statusWait`); Status
/// and Finished from anyone but the current target are ignored; every path ends in exactly one `.finish`.
public struct XdndSourceMachine: Equatable {
    /// An XdndAware window that can receive the drag.
    public struct Target: Equatable, Sendable {
        /// The window the drag is over (`xclient.window` of every message, `l[0]` of its Status and Finished).
        public var window: UInt
        /// Where the messages are sent: the window's `XdndProxy`, or the window itself.
        public var proxy: UInt
        /// `min(5, its XdndAware)`.
        public var version: Int

        public init(window: UInt, proxy: UInt? = nil, version: Int) {
            self.window = window
            self.proxy = proxy ?? window
            self.version = version
        }
    }

    /// What the pointer shows.
    public enum Feedback: Equatable, Sendable {
        /// Over no XdndAware window (or over our own): dropping here does nothing.
        case noTarget
        /// Over a target that has not accepted (yet).
        case refused
        /// The target's last Status accepted: releasing drops.
        case accepted
    }

    /// The timers the drag uses; arming one replaces the earlier one of the same kind.
    public enum Timer: Equatable, Sendable {
        /// Re-send the Position while the pointer rests, as Chromium does every 350 ms.
        case repeatPosition
        /// Released while a Status was outstanding: how long to wait for it before giving up.
        case statusWait
        /// Dropped: how long to wait for XdndFinished.
        case finishedWait
    }

    /// How the drag ended.
    public enum Outcome: Equatable, Sendable {
        /// The target took the drop; `success` is its v5 Finished flag (always true below version 5).
        case dropped(success: Bool)
        /// Released over no target, or over one whose last Status refused.
        case notDropped
        /// Escape.
        case cancelled
        /// The target never answered (its Status after the release, or its Finished after the Drop).
        case timedOut
    }

    public enum Action: Equatable, Sendable {
        /// XdndEnter with the source's types (in `XdndTypeList` when more than 3) at `target.version`.
        case enter(Target)
        /// XdndPosition at root (x, y), time of the motion, action Copy.
        case position(Target, x: Int, y: Int, time: UInt)
        case leave(Target)
        /// XdndDrop with the release time.
        case drop(Target, time: UInt)
        case feedback(Feedback)
        case arm(Timer, seconds: Double)
        case disarm(Timer)
        /// The drag is over: ungrab, give up XdndSelection, report.
        case finish(Outcome)
    }

    /// The drag while the button is held.
    public struct Drag: Equatable, Sendable {
        public var target: Target?
        /// The latest pointer position and its time, sent or waiting to be sent.
        public var x: Int, y: Int, time: UInt
        /// A Position went to `target` and its Status has not come back.
        public var awaitingStatus = false
        /// The pointer moved while a Status was outstanding: send a Position when it arrives.
        public var moved = false
        /// The last Status from `target` accepted.
        public var accepted = false
    }

    public enum State: Equatable, Sendable {
        case dragging(Drag)
        /// Released while a Position was unanswered; its Status decides between Drop and Leave.
        case releasing(Drag, time: UInt)
        /// Drop sent; waiting for XdndFinished.
        case dropped(Target)
        case done(Outcome)
    }

    /// Timings, with Chromium's and GTK's choices as defaults (docs/X11.md §9.7).
    public struct Timing: Equatable, Sendable {
        public var repeatPosition = 0.35
        public var statusWait = 1.0
        public var finishedWait = 10.0
        public init() {}
    }

    public private(set) var state: State
    public let timing: Timing
    private var shown: Feedback?

    public init(timing: Timing = Timing()) {
        self.timing = timing
        state = .dragging(Drag(target: nil, x: 0, y: 0, time: 0))
    }

    /// Whether the drag has ended.
    public var isDone: Bool { if case .done = state { true } else { false } }

    /// The pointer moved (or the drag just began) to root (x, y) at `time`, over `target` (nil: no XdndAware
    /// window there). A new target gets Leave/Enter; the same target gets a Position unless one is outstanding.
    public mutating func motion(x: Int, y: Int, time: UInt, over target: Target?) -> [Action] {
        guard case var .dragging(drag) = state else { return [] }
        var actions: [Action] = []
        drag.x = x; drag.y = y; drag.time = time
        if target != drag.target {
            if let old = drag.target { actions.append(.leave(old)) }
            drag.target = target
            drag.accepted = false
            drag.awaitingStatus = false
            drag.moved = false
            if let target { actions.append(.enter(target)) }
        }
        if let target = drag.target {
            if drag.awaitingStatus {
                drag.moved = true
            } else {
                actions += sendPosition(&drag, to: target)
            }
        } else {
            actions.append(.disarm(.repeatPosition))
        }
        state = .dragging(drag)
        return actions + feedback(for: drag)
    }

    /// XdndStatus from `window` (its `l[0]`): ignored unless it is the current target.
    public mutating func status(from window: UInt, accept: Bool) -> [Action] {
        switch state {
        case var .dragging(drag):
            guard let target = drag.target, target.window == window, drag.awaitingStatus else { return [] }
            drag.awaitingStatus = false
            drag.accepted = accept
            var actions: [Action] = []
            if drag.moved {
                drag.moved = false
                actions += sendPosition(&drag, to: target)
            }
            state = .dragging(drag)
            return actions + feedback(for: drag)
        case let .releasing(drag, time):
            guard let target = drag.target, target.window == window else { return [] }
            return [.disarm(.statusWait)] + release(target: target, accepted: accept, time: time)
        default:
            return []
        }
    }

    /// XdndFinished from `window`; `success` is its bit 0, meaningful from version 5.
    public mutating func finished(from window: UInt, success: Bool) -> [Action] {
        guard case let .dropped(target) = state, target.window == window else { return [] }
        return end(.dropped(success: target.version >= 5 ? success : true), disarming: [.finishedWait])
    }

    /// The button was released at `time`.
    public mutating func release(time: UInt) -> [Action] {
        guard case let .dragging(drag) = state else { return [] }
        guard let target = drag.target else { return end(.notDropped, disarming: [.repeatPosition]) }
        if drag.awaitingStatus {
            state = .releasing(drag, time: time)
            return [.disarm(.repeatPosition), .arm(.statusWait, seconds: timing.statusWait)]
        }
        return [.disarm(.repeatPosition)] + release(target: target, accepted: drag.accepted, time: time)
    }

    /// Escape: Leave the target, end cancelled. After the Drop it is too late; Escape is ignored then.
    public mutating func escape() -> [Action] {
        switch state {
        case let .dragging(drag), let .releasing(drag, _):
            return (drag.target.map { [.leave($0)] } ?? []) + end(.cancelled, disarming: [.repeatPosition, .statusWait])
        default:
            return []
        }
    }

    /// A new drag starts while this one still waits for its Finished (the button is free again): this one is
    /// given up, as if its Finished had timed out. Ignored while the button is held.
    public mutating func abandon() -> [Action] {
        guard case .dropped = state else { return [] }
        return end(.timedOut, disarming: [.finishedWait])
    }

    /// A timer armed by an earlier action fired.
    public mutating func timerFired(_ timer: Timer) -> [Action] {
        switch (timer, state) {
        case (.repeatPosition, var .dragging(drag)):
            guard let target = drag.target else { return [] }
            // Still waiting for the last Status: a second Position would break "one outstanding"; try later.
            if drag.awaitingStatus { return [.arm(.repeatPosition, seconds: timing.repeatPosition)] }
            let actions = sendPosition(&drag, to: target)
            state = .dragging(drag)
            return actions
        case (.statusWait, let .releasing(drag, _)):
            return (drag.target.map { [.leave($0)] } ?? []) + end(.timedOut, disarming: [])
        case (.finishedWait, .dropped):
            return end(.timedOut, disarming: [])
        default:
            return []
        }
    }

    private mutating func sendPosition(_ drag: inout Drag, to target: Target) -> [Action] {
        drag.awaitingStatus = true
        return [.position(target, x: drag.x, y: drag.y, time: drag.time),
                .arm(.repeatPosition, seconds: timing.repeatPosition)]
    }

    private mutating func release(target: Target, accepted: Bool, time: UInt) -> [Action] {
        guard accepted else { return [.leave(target)] + end(.notDropped, disarming: []) }
        state = .dropped(target)
        return [.drop(target, time: time), .arm(.finishedWait, seconds: timing.finishedWait)]
    }

    private mutating func end(_ outcome: Outcome, disarming timers: [Timer]) -> [Action] {
        state = .done(outcome)
        return timers.map { .disarm($0) } + [.finish(outcome)]
    }

    private mutating func feedback(for drag: Drag) -> [Action] {
        let now: Feedback = drag.target == nil ? .noTarget : drag.accepted ? .accepted : .refused
        guard now != shown else { return [] }
        shown = now
        return [.feedback(now)]
    }
}
