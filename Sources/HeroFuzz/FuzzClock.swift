/// The clock and the loop's one timer as the pipe machines' harnesses model them (`WaylandFetchHarness`,
/// `WaylandSendsHarness`), in nanoseconds: each event moves the clock on by one of the harness's `steps`, and the
/// timer is armed by the machine's `armDeadline`, disarmed by its `cancelDeadline`, and fired by the harness, when
/// it was armed to fire or at any other moment; the input picks the step and the moment. The harnesses check the
/// timer against their machines: armed whenever something is under way, to fire no later than its timeout.
struct FuzzClock {
    /// What one event may move the clock on by.
    let steps: [UInt64]
    private(set) var now: UInt64 = 0
    private(set) var timerArmed = false
    /// When the timer fires; meaningful while it is armed.
    private(set) var firesAt: UInt64 = 0

    init(steps: [UInt64]) {
        self.steps = steps
    }

    /// The next event comes: the clock moves on by the step `input` picks.
    mutating func tick(_ input: inout FuzzInput) {
        now += steps[input.int(below: steps.count)]
    }

    /// The machine armed the timer for `seconds` from now: checked to be a delay within the machine's `timeout`.
    mutating func arm(seconds: Double, timeout: Double) {
        Invariant.check(seconds > 0 && seconds <= timeout, "a deadline armed for \(seconds) s with a timeout of \(timeout) s")
        timerArmed = true
        firesAt = now + UInt64((seconds * 1e9).rounded(.up))
    }

    /// The machine cancelled the timer.
    mutating func cancel() {
        timerArmed = false
    }

    /// The timer fires, and is no longer armed: when it was armed to (the loop never fires it early, so the clock
    /// moves on to then) or, as `input`'s next decision picks, now.
    mutating func fire(_ input: inout FuzzInput) {
        if input.bool(), timerArmed { now = max(now, firesAt) }
        timerArmed = false
    }
}
