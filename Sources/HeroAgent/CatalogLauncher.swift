#if canImport(Glibc)
import Glibc
#endif
import X11Bridge

/// Opens the catalog window for the tray menu by starting `herobridge catalog --window` on the agent's display
/// and database, as a child process. Not in the agent's own process: the catalog window reads the database on
/// its event loop's thread (CatalogApp), which in the agent is the X thread, and the X thread only speaks X.
/// A process of its own also keeps a catalog drag from sharing the agent's grabs and XdndSelection. One window at
/// a time: while the last one started is still running, another is not started; at most that one child is left
/// unreaped, until the next request or the agent's exit.
final class CatalogLauncher {
    private let database: String
    private let display: String
    private let environment: [String: String]
    private var child: pid_t?

    init(database: String, display: String, environment: [String: String]) {
        self.database = database
        self.display = display
        self.environment = environment
    }

    /// Starts the catalog window, at the top left of `monitor` when given (the tray icon's, on a screen of several:
    /// the window opens where the menu was, not where the pointer has gone since); nil when it started, else why
    /// not (the line to log).
    func open(on monitor: Monitor? = nil) -> String? {
        if let child {
            var status: Int32 = 0
            // WNOHANG: 0 while it still runs; otherwise it is reaped here.
            if waitpid(child, &status, WNOHANG) == 0 { return "the catalog window is already open (process \(child))" }
            self.child = nil
        }
        var attributes = posix_spawnattr_t.unblockingSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        var arguments = ["herobridge", "--db", database, "catalog", "--window", "--display", display]
        // A place alone (`+X+Y`): the size stays the scale's. RandR places monitors at positive coordinates.
        if let monitor, monitor.x >= 0, monitor.y >= 0 { arguments += ["--geometry", "+\(monitor.x)+\(monitor.y)"] }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/proc/self/exe", nil, &attributes, argv, envp)
        guard spawned == 0 else { return "cannot start the catalog window: \(String(cString: strerror(spawned)))" }
        child = pid
        return nil
    }
}
