#if canImport(Glibc)
import Glibc
#endif

/// Puts a hero on the clipboard for the accessible "copy" action by running `herobridge copy NAME` on the
/// agent's display and database: exactly what the command does (it resolves the hero, starts its background
/// owner and returns). The children are reaped when they end, at the next copy; at most the ones started since
/// are left unreaped meanwhile.
final class HeroCopyLauncher {
    private let database: String
    private let display: String
    private let environment: [String: String]
    private var children: [pid_t] = []

    init(database: String, display: String, environment: [String: String]) {
        self.database = database
        self.display = display
        self.environment = environment
    }

    /// Starts the copy of `name`; nil when it started, else why not (the line to log).
    func copy(_ name: String) -> String? {
        children.removeAll { pid in
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) != 0
        }
        // The name after `--`: a hero called "--foreground" is a name, not an option.
        let command = ["herobridge", "--db=\(database)", "copy", "--display=\(display)", "--", name]
        var attributes = posix_spawnattr_t.unblockingSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        var strings = command.map { strdup($0) }
        let argumentCount = strings.count
        strings += environment.map { strdup($0.key + "=" + $0.value) }
        defer { strings.forEach { free($0) } }
        let argv = Array(strings[..<argumentCount]) + [nil], envp = Array(strings[argumentCount...]) + [nil]
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, "/proc/self/exe", nil, &attributes, argv, envp)
        guard failure == 0 else { return "cannot run herobridge copy: \(String(cString: strerror(failure)))" }
        children.append(pid)
        return nil
    }
}
