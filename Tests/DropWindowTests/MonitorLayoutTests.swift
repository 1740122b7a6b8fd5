import Testing
import X11Bridge
@testable import DropWindow

/// Where our windows go on several monitors, as values: which monitor holds a point, where a window opens, where it
/// goes when shown again near another monitor, and where it goes back to when its monitor is gone.
@Suite("Monitor layout (MonitorLayout)")
struct MonitorLayoutTests {
    static let left = Monitor(name: "left", x: 0, y: 0, width: 1920, height: 1080, isPrimary: true)
    static let right = Monitor(name: "right", x: 1920, y: 0, width: 1280, height: 1024)
    /// Two monitors side by side of different heights: below the right one, from y 1024 to 1080, is no monitor.
    static let pair = MonitorLayout([left, right])

    @Test func aPointIsOnTheMonitorThatHoldsItElseOnTheNearest() {
        #expect(Self.pair.monitor(at: 0, 0) == Self.left)
        #expect(Self.pair.monitor(at: 1919, 1079) == Self.left)
        #expect(Self.pair.monitor(at: 1920, 0) == Self.right, "edges are half-open: 1920 is the right monitor's")
        #expect(Self.pair.monitor(at: 3199, 1023) == Self.right)
        // Under the right monitor, in the gap: the right one is 1 pixel up, the left one 101 pixels left.
        #expect(Self.pair.monitor(at: 2020, 1024) == Self.right)
        #expect(Self.pair.monitor(at: 1925, 1070) == Self.left, "6 pixels right of the left monitor, 47 below the right one")
        #expect(Self.pair.monitor(at: -50, 500) == Self.left, "off the screen: the nearest")
        // Two monitors on the same place (a cloned layout): the first listed, which the server lists primary first.
        let clone = Monitor(name: "clone", x: 0, y: 0, width: 1920, height: 1080)
        #expect(MonitorLayout([Self.left, clone]).monitor(at: 10, 10) == Self.left)
    }

    @Test func theMonitorHoldingMostOfAWindow() {
        #expect(Self.pair.monitor(holdingMostOf: (100, 100, 400, 600)) == Self.left)
        #expect(Self.pair.monitor(holdingMostOf: (1800, 100, 400, 600)) == Self.right, "120 wide on the left, 280 on the right")
        #expect(Self.pair.monitor(holdingMostOf: (1700, 100, 400, 600)) == Self.left, "220 on the left, 180 on the right")
        #expect(Self.pair.monitor(holdingMostOf: (4000, 0, 400, 600)) == nil)
        #expect(Self.pair.monitor(holdingMostOf: (1920, 1024, 400, 50)) == nil, "in the gap under the right monitor")
    }

    @Test func aWindowOpensAtTheTopLeftOfThePointersMonitor() {
        #expect(Self.pair.origin(forSize: (400, 600), near: (2500, 700)) == (1920, 0))
        #expect(Self.pair.origin(forSize: (400, 600), near: (640, 512)) == (0, 0))
        // One screen, one monitor: the top left of the screen, where it opened before there were monitors.
        #expect(MonitorLayout([Monitor(name: "screen", x: 0, y: 0, width: 1280, height: 1024)])
            .origin(forSize: (400, 600), near: (640, 512)) == (0, 0))
        // A monitor to the left of the screen's origin, or above it (negative coordinates are X's too).
        let above = MonitorLayout([Monitor(name: "top", x: 0, y: -768, width: 1024, height: 768), Self.left])
        #expect(above.origin(forSize: (400, 600), near: (100, -10)) == (0, -768))
    }

    @Test func aWindowShownAgainGoesToThePointsMonitorKeepingItsPlaceOnIt() {
        // Already on the pointer's monitor: it stays.
        #expect(Self.pair.reopening((300, 200, 400, 600), near: (900, 900)) == (300, 200))
        // Mostly on it but partly off: moved as little as it must.
        #expect(Self.pair.reopening((1700, 200, 400, 600), near: (900, 900)) == (1520, 200))
        // On the other monitor: the same place relative to this one's top left.
        #expect(Self.pair.reopening((300, 200, 400, 600), near: (2500, 100)) == (2220, 200))
        // Far right on the left monitor: the same offset would cross the right monitor's edge, so it is moved inside.
        #expect(Self.pair.reopening((1500, 500, 400, 600), near: (2500, 100)) == (3200 - 400, 1024 - 600))
        // On no monitor at all: the monitor's top left.
        #expect(Self.pair.reopening((5000, 5000, 400, 600), near: (2500, 100)) == (1920, 0))
    }

    @Test func aWindowWholeOnTheMonitorsStaysAfterAChange() {
        #expect(Self.pair.rescue((100, 100, 400, 600), previous: Self.pair) == nil)
        // Across both monitors, every pixel on one of them: it stays where the user put it.
        #expect(Self.pair.covers((1800, 100, 400, 600)))
        #expect(Self.pair.rescue((1800, 100, 400, 600), previous: Self.pair) == nil)
    }

    @Test func aWindowPartlyOffGoesBackOntoTheMonitorHoldingMostOfIt() throws {
        // Reaching into the gap under the right monitor: moved up onto it.
        #expect(!Self.pair.covers((2000, 600, 400, 600)))
        #expect(try #require(Self.pair.rescue((2000, 600, 400, 600), previous: Self.pair)) == (2000, 1024 - 600))
        // Off the right end of the screen.
        #expect(try #require(Self.pair.rescue((3000, 0, 400, 600), previous: Self.pair)) == (2800, 0))
        // Larger than its monitor: its top left on it.
        #expect(try #require(Self.pair.rescue((2000, -50, 1400, 1100), previous: Self.pair)) == (1920, 0))
    }

    @Test func whenItsMonitorIsGoneAWindowTakesItsPlaceOnTheNearestOne() throws {
        let leftOnly = MonitorLayout([Self.left])
        // At the right monitor's top left, 100 in: the same on the left monitor.
        #expect(try #require(leftOnly.rescue((2020, 100, 400, 600), previous: Self.pair)) == (100, 100))
        // Further right on the right monitor: the same offset from the left monitor's top left.
        #expect(try #require(leftOnly.rescue((2700, 300, 400, 600), previous: Self.pair)) == (780, 300))
        // A monitor above the left one is gone: a window on it keeps its offset, then is moved inside the left one.
        let stacked = MonitorLayout([Monitor(name: "top", x: 0, y: -1080, width: 1920, height: 1080), Self.left])
        #expect(try #require(leftOnly.rescue((1700, -700, 400, 600), previous: stacked)) == (1520, 380))
    }

    @Test func aMonitorThatChangedResolutionKeepsItsWindows() throws {
        // The right monitor at a lower resolution: a window that was whole on it and is now partly off comes back
        // inside it, not onto the left monitor.
        let smaller = MonitorLayout([Self.left, Monitor(name: "right", x: 1920, y: 0, width: 1024, height: 768)])
        #expect(try #require(smaller.rescue((2500, 300, 400, 600), previous: Self.pair)) == (2500, 768 - 600))
        // Moved to another place on the screen (the right monitor now below the left one): wholly off it, the window
        // keeps its place relative to that monitor's top left, found by its name.
        let below = MonitorLayout([Self.left, Monitor(name: "right", x: 0, y: 1080, width: 1280, height: 1024)])
        #expect(try #require(below.rescue((2020, 100, 400, 600), previous: Self.pair)) == (100, 1180))
    }

    @Test func splittingTheScreenIntoTwoMonitorsThenRemovingOne() throws {
        // The agent test's layout: one 1280×1024 Xvfb screen split in two by `xrandr --setmonitor`.
        let half = Monitor(name: "left", x: 0, y: 0, width: 640, height: 1024)
        let split = MonitorLayout([half, Monitor(name: "right", x: 640, y: 0, width: 640, height: 1024)])
        let opened = split.origin(forSize: (400, 600), near: (900, 500))
        #expect(opened == (640, 0))
        #expect(try #require(MonitorLayout([half]).rescue((opened.x, opened.y, 400, 600), previous: split)) == (0, 0))
    }

    @Test func noMonitorAtAllMovesNothing() {
        let none = MonitorLayout([])
        #expect(none.monitors.count == 1)
        #expect(none.rescue((3000, 3000, 400, 600), previous: none) == nil)
    }
}
