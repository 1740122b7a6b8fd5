import Testing
import X11Bridge

/// `StallMeter`, the event loop's longest turn, driven with made-up times: no clock, no loop, no X server.
@Suite("Event-loop stalls (StallMeter)")
struct StallMeterTests {
    @Test func aNewMeterHasMeasuredNothing() {
        let meter = StallMeter()
        #expect(meter.longest == 0)
        #expect(meter.turns == 0)
        #expect(meter.longestMilliseconds == 0)
    }

    @Test func theLongestTurnIsKeptWhateverComesAfter() {
        var meter = StallMeter()
        for (began, ended) in [(1_000, 3_000), (10_000, 14_000_000), (20_000_000, 20_500_000)] as [(UInt64, UInt64)] {
            meter.turnBegan(at: began)
            meter.turnEnded(at: ended)
        }
        #expect(meter.turns == 3)
        #expect(meter.longest == 13_990_000)
        #expect(meter.longestMilliseconds == 13.99)
    }

    /// The time spent waiting in poll() (from one turn's end to the next one's start) is idle, not a stall.
    @Test func timeBetweenTurnsIsNotCounted() {
        var meter = StallMeter()
        meter.turnBegan(at: 0)
        meter.turnEnded(at: 2_000_000)
        meter.turnBegan(at: 60_000_000_000)
        meter.turnEnded(at: 60_001_000_000)
        #expect(meter.longest == 2_000_000)
    }

    @Test func anEndWithoutABeginningAndAClockGoingBackwardCountNothing() {
        var meter = StallMeter()
        meter.turnEnded(at: 5_000_000)
        #expect(meter.turns == 0)
        meter.turnBegan(at: 9_000)
        meter.turnEnded(at: 8_000)
        #expect(meter.turns == 1)
        #expect(meter.longest == 0)
        // A second end for the same turn is no turn.
        meter.turnEnded(at: 90_000_000)
        #expect(meter.turns == 1)
        #expect(meter.longest == 0)
    }
}
