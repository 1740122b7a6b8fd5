import CLinux
import HeroBase
#if canImport(Glibc)
import Glibc
#endif

/// The agent's one event loop, on one thread: poll() on the X connection, a signalfd, and any other descriptor
/// registered (inotify, later). Deadlines exist only while something is in flight, so an idle agent sleeps in
/// poll() with no timeout at all: zero wakeups.
public final class EventLoop {
    /// Why `run` returned.
    public enum Exit: Equatable {
        /// `stop(status:)` was called.
        case stopped(Int32)
        /// SIGTERM, SIGINT or SIGHUP arrived.
        case signal(Int32)
        /// The X server closed the connection or died.
        case connectionLost
    }

    /// A handle for cancelling a deadline.
    public struct DeadlineID: Hashable, Sendable { let value: Int }

    private struct Deadline {
        let id: DeadlineID
        let at: UInt64
        let action: () -> Void
    }

    private let connection: XConnection
    private let signalDescriptor: Int32
    private var deadlines: [Deadline] = []
    private var nextID = 0
    private var watches = DescriptorWatches()
    private var exit: Exit?
    /// The longest time one turn spent between two poll()s (`herobridge status`'s `longestStallMs`).
    public private(set) var stalls = StallMeter()

    /// Blocks SIGTERM, SIGINT and SIGHUP for the process and reads them from a signalfd instead. Call before
    /// any thread exists: the signal mask is inherited.
    public init(connection: XConnection) {
        self.connection = connection
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signalDescriptor = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
    }

    deinit { close(signalDescriptor) }

    /// Monotonic time in nanoseconds: `EventClock`'s, the one clock (kept for the callers that say it this way).
    public static func now() -> UInt64 { EventClock.nanoseconds() }

    /// Runs `action` once, `seconds` from now, unless cancelled first.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) -> DeadlineID {
        nextID += 1
        let id = DeadlineID(value: nextID)
        deadlines.append(Deadline(id: id, at: EventClock.nanoseconds() + UInt64(max(0, seconds) * 1e9), action: action))
        return id
    }

    public func cancel(_ id: DeadlineID?) {
        guard let id else { return }
        deadlines.removeAll { $0.id == id }
    }

    /// Calls `handler` whenever `fd` is readable (the handler must drain it).
    public func watch(fd: Int32, _ handler: @escaping () -> Void) {
        watch(fd: fd, events: Int16(POLLIN)) { _ in handler() }
    }

    /// Calls `handler` with the descriptor's `revents` whenever poll() reports one of `events` (or POLLHUP, POLLERR,
    /// POLLNVAL) for `fd`. Watching a descriptor again replaces its first watch.
    public func watch(fd: Int32, events: Int16, _ handler: @escaping (Int16) -> Void) {
        watches.watch(fd: fd, events: events, handler: handler)
    }

    /// Stops watching `fd`. Safe from inside any handler: a handler not yet called in this turn is then not called.
    public func unwatch(fd: Int32) {
        watches.unwatch(fd: fd)
    }

    /// Makes `run` return `.stopped(status)` once the current handler finishes.
    public func stop(status: Int32) {
        exit = .stopped(status)
    }

    /// Events handled before the other descriptors and the deadlines get their turn. Handling an event can make
    /// a client send the next one at once (an INCR owner writes its next chunk as soon as we delete one): an
    /// unbounded drain let such a client starve the timers and the worker's results for as long as it went on.
    public static let eventsPerTurn = 64
    /// And a turn stops draining once it has run this long. An INCR chunk is a round trip to the owner through the
    /// server, so 64 of them made one long turn, longer still when the owner or the server was slow: a status
    /// request or a drop waited that long (the bench's `longestStallMs`; BENCHMARKS.md). One clock read per event
    /// (the vDSO's, tens of nanoseconds).
    public static let turnBudgetNanoseconds: UInt64 = 4_000_000

    /// Dispatches X events, typed (`X11Event`), to `handle` until stopped, signalled, or the connection is lost.
    public func run(_ handle: (X11Event) -> Void) -> Exit {
        // What runs before the first poll() (the events queued during set-up) is a turn too.
        stalls.turnBegan(at: EventClock.nanoseconds())
        while true {
            // Events read during a handler's round trips sit in Xlib's queue, not on the socket: poll() would not
            // see them, so a turn that leaves some there polls without waiting.
            var handled = 0
            let drainEnds = EventClock.nanoseconds() + Self.turnBudgetNanoseconds
            while exit == nil, handled < Self.eventsPerTurn, handled == 0 || EventClock.nanoseconds() < drainEnds,
                  let event = connection.nextEvent() {
                handle(event)
                handled += 1
            }
            if let exit { return exit }
            if connection.isBroken { return .connectionLost }
            connection.flush()
            let eventsLeft = connection.queuedEvents > 0

            var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)]
            // The watchers as they were when polled: a handler may unwatch (or watch) descriptors meanwhile.
            let polled = watches.snapshot()
            fds += polled.map(\.pollDescriptor)
            let timeout: Int32
            if eventsLeft {
                timeout = 0
            } else if let next = deadlines.map(\.at).min() {
                let now = EventClock.nanoseconds()
                timeout = next <= now ? 0 : Int32(min((next - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            } else {
                timeout = -1
            }
            stalls.turnEnded(at: EventClock.nanoseconds())
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            stalls.turnBegan(at: EventClock.nanoseconds())
            if ready < 0 && errno != EINTR { return .connectionLost }

            if fds[1].revents & Int16(POLLIN) != 0, let signal = readSignal() { return .signal(signal) }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
                return .connectionLost
            }
            for (index, watch) in polled.enumerated() where fds[index + 2].revents != 0 && watches.stands(watch) {
                watch.handler(fds[index + 2].revents)
            }
            fireDueDeadlines()
        }
    }

    /// Fires due deadlines one at a time, earliest first; one that an earlier action cancelled does not fire.
    private func fireDueDeadlines() {
        let now = EventClock.nanoseconds()
        while exit == nil,
              let index = deadlines.indices.filter({ deadlines[$0].at <= now }).min(by: { deadlines[$0].at < deadlines[$1].at }) {
            deadlines.remove(at: index).action()
        }
    }

    private func readSignal() -> Int32? {
        var info = signalfd_siginfo()
        let n = read(signalDescriptor, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
