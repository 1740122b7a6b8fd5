#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HeroBase
import X11Bridge

/// `herobridge agent`: connects, claims the display's manager selection, watches the selections, and runs
/// the event loop until a signal (exit 0), a replacement (exit 0), or the loss of the X server or the Wayland
/// compositor (exit 1). `AgentBuilder` makes the parts, `RunningAgent` runs them.
public enum Agent {
    /// Runs the agent; returns the process exit status. Set-up failures are one log line and status 1 (3 when
    /// another agent already runs on the display).
    public static func run(_ options: AgentOptions, environment: [String: String]) -> Int32 {
        // Transfers allocate and free buffers of many megabytes. glibc's default raises its mmap threshold after
        // the first such free, after which big buffers come from the heap and stay in RSS; a fixed threshold
        // keeps every big buffer mmapped, so it goes back to the system when freed. It is 1 MiB, not 256 KiB:
        // libxcb holds each reply whole in a buffer of its own, and an INCR chunk's is 256 KiB, which at 256 KiB
        // would be a fresh mmap and munmap per chunk; the trim threshold keeps the heap's top from being given
        // back and faulted in again at every chunk (BENCHMARKS.md has the measurements).
        mallopt(M_MMAP_THRESHOLD, 1 << 20)
        mallopt(M_TRIM_THRESHOLD, 4 << 20)
        // A closed stderr (`herobridge agent 2>&1 | head`) must cost log lines, never the agent: without this the
        // next line written kills it with SIGPIPE, and the copy in hand with it.
        signal(SIGPIPE, SIG_IGN)
        let log = AgentLog(threshold: options.logLevel, environment: environment)
        // A launch from the desktop entry (or a launcher's `herobridge agent`) is this process's to end, when its
        // window maps (docs/X11.md §14.4); the processes it starts (the catalog window) must not inherit the id.
        let startup = StartupNotification(environment: environment)
        var environment = environment
        environment[StartupNotification.environmentKey] = nil
        unsetenv(StartupNotification.environmentKey)
        do {
            let agent = try AgentBuilder(options: options, environment: environment, log: log, startup: startup).build()
            return agent.run()
        } catch {
            log.error("\(error)")
            return error.status.rawValue
        }
    }
}
