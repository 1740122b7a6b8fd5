#if canImport(Glibc)
import Glibc
#endif

/// The descriptors an event loop polls besides its own, each with the handler its poll() events go to: the one
/// table behind X11Bridge's `EventLoop` and WaylandBridge's `PollLoop`.
///
/// A loop polls a `snapshot()` and then calls, for each ready descriptor, the handler of a watch that still
/// `stands`: a handler may unwatch (or replace) another descriptor's watch during the turn, and one that is gone
/// must not be called. The loop calls the handlers itself, outside any access to this value, since a handler may
/// watch or unwatch in turn.
public struct DescriptorWatches {
    /// One watch: a descriptor, the poll() events wanted, and the handler given the descriptor's `revents`.
    public struct Watch {
        /// Unique for the table's life, so a replaced watch is told from the one replacing it.
        let id: Int
        public let fd: Int32
        public let events: Int16
        public let handler: (Int16) -> Void

        /// The entry for poll()'s array.
        public var pollDescriptor: pollfd { pollfd(fd: fd, events: events, revents: 0) }
    }

    private var watches: [Watch] = []
    private var lastID = 0

    public init() {}

    /// Watches `fd` for `events`; watching a descriptor again replaces its first watch.
    public mutating func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        unwatch(fd: fd)
        lastID += 1
        watches.append(Watch(id: lastID, fd: fd, events: events, handler: handler))
    }

    /// Stops watching `fd`.
    public mutating func unwatch(fd: Int32) {
        watches.removeAll { $0.fd == fd }
    }

    /// The watches as they stand now, to poll.
    public func snapshot() -> [Watch] { watches }

    /// Whether `watch`, taken from an earlier snapshot, still stands (was neither unwatched nor replaced).
    public func stands(_ watch: Watch) -> Bool {
        watches.contains { $0.id == watch.id }
    }

    public var isEmpty: Bool { watches.isEmpty }
}
