#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock times in the words of the local clock, for the status line and `herobridge status`: `14:05` today,
/// `2026-12-03 14:05` on another day (a pause may last up to a week), and `14:05:30` within two minutes of now,
/// where "until 14:05" said at 14:05:10 would read as a time already past. The C library's local time (TZ and
/// /etc/localtime) is what the desktop's clock shows too.
public enum LocalClock {
    /// Seconds since 1970, now.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `time` as `HH:MM`, with the date in front when it is not on the same local day as `now`.
    public static func describe(_ time: Double, now: Double = LocalClock.now()) -> String {
        let when = parts(time), today = parts(now)
        var clock = pad(when.tm_hour) + ":" + pad(when.tm_min)
        if abs(time - now) < 120 { clock += ":" + pad(when.tm_sec) }
        guard when.tm_year != today.tm_year || when.tm_yday != today.tm_yday else { return clock }
        return "\(when.tm_year + 1900)-\(pad(when.tm_mon + 1))-\(pad(when.tm_mday)) " + clock
    }

    private static func parts(_ time: Double) -> tm {
        var seconds = time_t(time.rounded(.down))
        var result = tm()
        localtime_r(&seconds, &result)
        return result
    }

    private static func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
}
