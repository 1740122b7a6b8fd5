import CLinux
import X11Bridge
#if canImport(Glibc)
import Glibc
#endif

/// One alarm at a wall-clock time, on the agent's event loop: a CLOCK_REALTIME timerfd with an absolute
/// expiry. The loop's own deadlines are monotonic, which is right for timeouts but not for "paused until 14:05":
/// a monotonic deadline stops counting while the machine sleeps, and would pause for the time slept on top. A
/// disarmed timerfd never becomes readable, so an agent that is not paused has no wakeup from it at all.
final class WallClockAlarm {
    private let fd: Int32

    /// Calls `fired` on the loop when the alarm goes off; nil when the kernel gives no timerfd.
    init?(loop: EventLoop, fired: @escaping () -> Void) {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        loop.watch(fd: fd) { [weak self] in
            guard let self else { return }
            var expirations: UInt64 = 0
            // Drained whatever it says: a read that fails (EAGAIN after a re-arm) must not leave it readable.
            _ = read(fd, &expirations, MemoryLayout<UInt64>.size)
            fired()
        }
    }

    deinit { close(fd) }

    /// Goes off at `time` (seconds since 1970), replacing any earlier setting; at once when `time` has passed.
    func arm(at time: Double) {
        // Rounded up to the nanosecond: the alarm must never go off before the time it stands for.
        let whole = time.rounded(.down)
        var nanoseconds = Int((time - whole) * 1e9 + 0.999)
        var seconds = Int(whole)
        if nanoseconds >= 1_000_000_000 { seconds += 1; nanoseconds -= 1_000_000_000 }
        if seconds <= 0 && nanoseconds == 0 { nanoseconds = 1 } // all zeros would disarm it
        var setting = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: seconds, tv_nsec: nanoseconds))
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }

    func disarm() {
        var setting = itimerspec()
        timerfd_settime(fd, 0, &setting, nil)
    }
}
