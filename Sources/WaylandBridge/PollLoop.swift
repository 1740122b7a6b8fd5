import CLinux
import HeroBase
#if canImport(Glibc)
import Glibc
#endif

/// A `DescriptorLoop` of its own over poll(), for programs and tests with no X connection (X11Bridge's
/// `EventLoop` needs one). Timers use the monotonic clock.
public final class PollLoop: DescriptorLoop {
    private struct Timer {
        let id: Int
        let at: UInt64
        let action: () -> Void
    }

    private var watches = DescriptorWatches()
    private var timers: [Timer] = []
    private var nextID = 0

    public init() {}

    public func watch(fd: Int32, events: Int16, _ handler: @escaping (Int16) -> Void) {
        watches.watch(fd: fd, events: events, handler: handler)
    }

    public func unwatch(fd: Int32) {
        watches.unwatch(fd: fd)
    }

    public func startTimer(after seconds: Double, _ action: @escaping () -> Void) -> LoopTimer {
        nextID += 1
        let id = nextID
        timers.append(Timer(id: id, at: EventClock.nanoseconds() + UInt64(max(0, seconds) * 1e9), action: action))
        return LoopTimer { [weak self] in self?.timers.removeAll { $0.id == id } }
    }

    /// Whether anything is watched or scheduled.
    public var isIdle: Bool { watches.isEmpty && timers.isEmpty }

    /// One poll() of at most `timeout` seconds (nil: until something happens), then the ready handlers and the due
    /// timers. False when poll() failed.
    @discardableResult
    public func turn(timeout: Double?) -> Bool {
        let polled = watches.snapshot()
        var fds = polled.map(\.pollDescriptor)
        var wait: Int32 = timeout.map { Int32(min(max(0, $0) * 1000, Double(Int32.max)).rounded(.up)) } ?? -1
        if let next = timers.map(\.at).min() {
            let now = EventClock.nanoseconds()
            let untilNext = next <= now ? 0 : Int32(min((next - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            wait = wait < 0 ? untilNext : min(wait, untilNext)
        }
        let ready = poll(&fds, nfds_t(fds.count), wait)
        if ready < 0 && errno != EINTR { return false }
        // A handler may have unwatched (or replaced) a later one.
        for (index, watch) in polled.enumerated() where fds[index].revents != 0 && watches.stands(watch) {
            watch.handler(fds[index].revents)
        }
        let now = EventClock.nanoseconds()
        while let index = timers.indices.filter({ timers[$0].at <= now }).min(by: { timers[$0].at < timers[$1].at }) {
            timers.remove(at: index).action()
        }
        return true
    }

    /// Turns until `condition` holds or `seconds` passed; whether it held.
    public func run(until condition: () -> Bool, within seconds: Double) -> Bool {
        let end = EventClock.nanoseconds() + UInt64(seconds * 1e9)
        while !condition() {
            let now = EventClock.nanoseconds()
            guard now < end, turn(timeout: Double(end - now) / 1e9) else { return condition() }
        }
        return true
    }
}
