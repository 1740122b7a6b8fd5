#if canImport(Glibc)
import Glibc
#endif

/// The one monotonic clock of HeroBridge (CLOCK_MONOTONIC): deadlines, timeouts and durations everywhere are
/// measured with it, never with the wall clock, which jumps. It lives in the lowest module, so the store, the X11
/// side and the agent all share it.
public enum EventClock {
    /// Nanoseconds since an arbitrary point fixed at boot.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Whole milliseconds, for retry deadlines.
    public static func milliseconds() -> Int64 {
        Int64(nanoseconds() / 1_000_000)
    }

    /// Seconds, for deadlines handed to poll().
    public static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }
}
