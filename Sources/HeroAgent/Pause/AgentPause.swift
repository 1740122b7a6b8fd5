import X11Bridge

/// The agent's pause, the one entry point for everything that pauses or resumes it: `herobridge pause | resume`
/// (through `ControlDesk`) and the tray menu. It performs `PauseState`'s actions: the one alarm of a timed pause,
/// and telling the observers (the clipboard side stops or starts reading, the drop window's status line). Lives
/// on the event loop's thread. The pause survives nothing: an agent starts unpaused, since a pause forgotten
/// across a restart or a login would silently stop the agent with nothing on screen saying why.
public final class AgentPause {
    public private(set) var state = PauseState()
    private let alarm: WallClockAlarm
    private let log: AgentLog
    private var observers: [(PauseState) -> Void] = []

    /// Nil when the kernel gives no timer (`WallClockAlarm`).
    init?(loop: EventLoop, log: AgentLog) {
        self.log = log
        var fired: () -> Void = {}
        guard let alarm = WallClockAlarm(loop: loop, fired: { fired() }) else { return nil }
        self.alarm = alarm
        fired = { [unowned self] in
            let before = state
            perform(state.alarmFired(now: LocalClock.now()), before: before, why: "the pause ended")
        }
    }

    /// Stops reading the clipboard for `seconds` (at most `PauseState.maxSeconds`), or until `resume` when nil.
    public func pause(for seconds: Int?) {
        let before = state
        perform(state.pause(for: seconds, now: LocalClock.now()), before: before, why: "paused")
        log.notice("clipboard: " + (state.until.map { "paused until \(LocalClock.describe($0))" } ?? "paused until resumed")
                   + "; nothing copied meanwhile is read")
    }

    /// Reads the clipboard again, from the next copy on.
    public func resume() {
        let before = state
        perform(state.resume(), before: before, why: "resumed")
    }

    /// Calls `observer` on every change of the state (not for the initial, unpaused one).
    public func onChange(_ observer: @escaping (PauseState) -> Void) { observers.append(observer) }

    /// Performs what the state just returned; `before` is the state it was in, so observers hear of real changes
    /// only (an alarm that re-arms for the same end changes nothing).
    private func perform(_ actions: [PauseState.Action], before: PauseState, why: String) {
        for action in actions {
            switch action {
            case let .arm(time): alarm.arm(at: time)
            case .disarm: alarm.disarm()
            case .stopReading: break // the observers do it
            case .startReading: log.notice("clipboard: reading again (\(why)); what was copied during the pause is not read")
            }
        }
        if state != before { for observer in observers { observer(state) } }
    }
}
