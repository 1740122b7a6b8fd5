/// The longest turn of the event loop: the time from poll() returning to the next poll(), during which the X thread
/// answers nobody (no XdndStatus, no SelectionRequest, no Expose). Averages hide what a user feels, a drop that
/// hangs for 300 ms once; the longest turn is that figure, and `herobridge status` reports it so the bench (and
/// anyone) can read it from a running agent.
///
/// A value with no clock of its own: the loop passes the times in (two clock reads per turn, no timer, no extra
/// wakeup), which is also what lets tests drive it with made-up times.
public struct StallMeter: Equatable, Sendable {
    /// The longest turn measured so far, in nanoseconds; 0 before a turn ended.
    public private(set) var longest: UInt64 = 0
    /// Turns measured so far.
    public private(set) var turns: UInt64 = 0
    /// When the turn under way began (poll() returned), nil between turns.
    private var began: UInt64?

    public init() {}

    /// A turn begins at `now` (nanoseconds on a monotonic clock): poll() returned, or the loop started.
    public mutating func turnBegan(at now: UInt64) {
        began = now
    }

    /// The turn ends at `now`: the loop is about to wait in poll() again. Without a turn under way it does nothing.
    public mutating func turnEnded(at now: UInt64) {
        guard let began else { return }
        self.began = nil
        turns += 1
        // A clock read out of order (it is monotonic, but callers are not) counts as an empty turn, never a huge one.
        longest = max(longest, now >= began ? now - began : 0)
    }

    /// `longest` in milliseconds, for `status`.
    public var longestMilliseconds: Double { Double(longest) / 1_000_000 }
}
