/// Whether the agent reads the clipboard, as a value that returns actions (no X11, no timer, no clock of its own):
/// the rules of `herobridge pause [DURATION]` and `herobridge resume`, performed by `AgentPause`.
///
/// Times are wall-clock seconds since 1970 (`now` is passed in), because a pause "until 14:05" is about the clock
/// on the wall: the alarm that ends it is a CLOCK_REALTIME timer (`WallClockAlarm`), which also fires after a
/// suspend that slept through 14:05, where a monotonic deadline would have gone on pausing for the time slept.
///
/// A change arriving while paused is not this value's business: the clipboard side forgets it
/// (`ClipboardQueue.changed` while paused), and nothing is read at resume either. What was copied during a pause
/// is private, and it is still what the selection holds when the pause ends.
public struct PauseState: Equatable, Sendable {
    /// Not paused, paused until `resume`, or paused until a wall-clock time.
    public enum Mode: Equatable, Sendable {
        case running
        case untilResumed
        case until(Double)
    }

    public enum Action: Equatable {
        /// Stop reading: abandon the read in flight and forget what waits.
        case stopReading
        /// Read again, from the next change on.
        case startReading
        /// Set the one alarm for this wall-clock time (replacing any earlier one).
        case arm(at: Double)
        /// No alarm is needed any more.
        case disarm
    }

    /// The longest pause a DURATION may ask for, a week: long enough for any absence, short enough that a typo
    /// (`pause 5000000`) does not silently stop the agent for good.
    public static let maxSeconds = 7 * 24 * 3600

    public private(set) var mode: Mode = .running

    public init() {}

    public var isPaused: Bool { mode != .running }

    /// When the pause ends by itself; nil when not paused or paused until `resume`.
    public var until: Double? {
        if case let .until(time) = mode { return time }
        return nil
    }

    /// Pauses for `seconds` from `now`, or until `resume` when nil. A new pause replaces the old one, longer or
    /// shorter: the last word is the user's.
    public mutating func pause(for seconds: Int?, now: Double) -> [Action] {
        let wasPaused = isPaused
        var actions: [Action] = wasPaused ? [] : [.stopReading]
        if let seconds {
            let end = now + Double(min(max(seconds, 1), Self.maxSeconds))
            mode = .until(end)
            actions.append(.arm(at: end))
        } else {
            if case .until = mode { actions.append(.disarm) }
            mode = .untilResumed
        }
        return actions
    }

    /// Ends the pause, whatever its kind; nothing to do when not paused.
    public mutating func resume() -> [Action] {
        guard isPaused else { return [] }
        let actions: [Action] = until != nil ? [.disarm, .startReading] : [.startReading]
        mode = .running
        return actions
    }

    /// The alarm fired at `now`. A timed pause that is due ends; one that is not (the clock was set back after
    /// the alarm was armed) keeps its end and re-arms for it; an alarm left over from a replaced or ended pause
    /// does nothing.
    public mutating func alarmFired(now: Double) -> [Action] {
        guard let end = until else { return [] }
        guard now >= end else { return [.arm(at: end)] }
        mode = .running
        return [.startReading]
    }

    /// The drop window's status line: "Paused until 14:05", "Paused", or nil when running. `clock` turns a
    /// wall-clock time into the words for it (`LocalClock.describe`).
    public func statusLine(clock: (Double) -> String) -> String? {
        switch mode {
        case .running: return nil
        case .untilResumed: return "Paused"
        case let .until(end): return "Paused until \(clock(end))"
        }
    }
}
