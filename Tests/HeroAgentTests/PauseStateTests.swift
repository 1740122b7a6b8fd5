import Testing
@testable import HeroAgent

/// The pause rules with no clock, timer or X server: what each step asks the agent to do.
@Suite struct PauseStateTests {
    @Test func aPauseUntilResumedStopsReadingAndNeedsNoAlarm() {
        var state = PauseState()
        #expect(state.pause(for: nil, now: 1000) == [.stopReading])
        #expect(state.isPaused && state.until == nil)
        #expect(state.statusLine { _ in "never" } == "Paused")
        #expect(state.resume() == [.startReading])
        #expect(!state.isPaused && state.statusLine { _ in "never" } == nil)
    }

    @Test func aTimedPauseArmsOneAlarmAndEndsWhenItFires() {
        var state = PauseState()
        #expect(state.pause(for: 30, now: 1000) == [.stopReading, .arm(at: 1030)])
        #expect(state.until == 1030)
        #expect(state.statusLine { "\(Int($0))" } == "Paused until 1030")
        #expect(state.alarmFired(now: 1030) == [.startReading])
        #expect(!state.isPaused)
    }

    @Test func anAlarmBeforeTheEndReArmsForTheSameEnd() {
        // The wall clock was set back after the alarm was armed.
        var state = PauseState()
        _ = state.pause(for: 60, now: 1000)
        #expect(state.alarmFired(now: 1020) == [.arm(at: 1060)])
        #expect(state.until == 1060)
    }

    @Test func resumeEndsATimedPauseAndDisarmsItsAlarm() {
        var state = PauseState()
        _ = state.pause(for: 60, now: 1000)
        #expect(state.resume() == [.disarm, .startReading])
        #expect(state.alarmFired(now: 1060) == [], "a stale alarm does nothing")
    }

    @Test func aNewPauseReplacesTheOldOneWithoutStoppingTwice() {
        var state = PauseState()
        _ = state.pause(for: 60, now: 1000)
        #expect(state.pause(for: 10, now: 1005) == [.arm(at: 1015)])
        #expect(state.pause(for: nil, now: 1006) == [.disarm])
        #expect(state.until == nil && state.isPaused)
        #expect(state.alarmFired(now: 1015) == [])
        #expect(state.pause(for: 5, now: 1007) == [.arm(at: 1012)])
    }

    @Test func resumingWhenNotPausedDoesNothing() {
        var state = PauseState()
        #expect(state.resume() == [])
        #expect(state.alarmFired(now: 5) == [])
    }

    @Test func aPauseIsAtMostAWeek() {
        var state = PauseState()
        _ = state.pause(for: Int(UInt32.max), now: 0)
        #expect(state.until == Double(PauseState.maxSeconds))
    }

    @Test(arguments: [("90", 90), ("30s", 30), ("5m", 300), ("1h", 3600), ("168h", 7 * 24 * 3600), ("007", 7)])
    func durationsAreRead(_ text: String, _ seconds: Int) throws {
        #expect(try PauseDuration.seconds(text) == seconds)
    }

    @Test(arguments: ["0", "0s", "", "s", "1.5m", "-3", "+3", "1h30m", "5 m", "169h", "10081m", "1d", "٣", "99999999999h"])
    func durationsThatAreRefused(_ text: String) {
        #expect(throws: SettingError.self) { try PauseDuration.seconds(text) }
    }

    @Test func theClockShowsSecondsOnlyNearNowAndTheDateOnAnotherDay() {
        let noon = 1_796_040_000.0 // 2026-11-30 12:00:00 UTC; the test process runs with the C library's local time
        let near = LocalClock.describe(noon + 30, now: noon)
        let later = LocalClock.describe(noon + 600, now: noon)
        let tomorrow = LocalClock.describe(noon + 26 * 3600, now: noon)
        #expect(near.count == 8 && near.hasSuffix(":30"))
        #expect(later.count == 5)
        #expect(tomorrow.count == 16 && tomorrow.hasPrefix("20"))
    }
}
