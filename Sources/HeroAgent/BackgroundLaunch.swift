#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// Puts a command in the background the way xclip does, without fork(): forking a Swift process once
/// Foundation or Dispatch may have started threads is unsafe, so the command re-executes itself
/// (`/proc/self/exe`) with a pipe on descriptor 3, and the parent returns once the child has written its
/// outcome there (`owned`, or `error: …`).
public enum BackgroundLaunch {
    /// The descriptor the child reports on.
    public static let reportDescriptor: Int32 = 3

    /// Starts this executable with `arguments` and `environment`, and waits up to `timeout` seconds for the
    /// child's report. Returns nil when the child says it is running, else the message to print.
    public static func start(arguments: [String], environment: [String: String], timeout: Double = 30) -> String? {
        var ends: [Int32] = [-1, -1]
        // pipe2 is not imported; close-on-exec is set right after (no other thread spawns processes here).
        guard pipe(&ends) == 0 else { return "cannot create a pipe: \(String(cString: strerror(errno)))" }
        let readEnd = ends[0]
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        // Moved above 3 first: dup2 onto itself would keep close-on-exec, and the child would never see it.
        let writeEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, reportDescriptor)
        var attributes = posix_spawnattr_t.unblockingSignals()
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = (["herobridge"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, envp)
        close(writeEnd)
        guard spawned == 0 else { return "cannot start the background copy: \(String(cString: strerror(spawned)))" }

        switch readLine(readEnd, timeout: timeout) {
        case "owned"?:
            return nil
        case let line? where line.hasPrefix("error: "):
            return String(line.dropFirst("error: ".count))
        case let line?:
            return "the background copy said \"\(line)\""
        case nil:
            kill(pid, SIGKILL)
            return "the background copy exited (or hung) before it owned the selection"
        }
    }

    /// In the child: a session of its own (no terminal's SIGHUP reaches it), stdin and stdout on /dev/null, and
    /// every inherited descriptor closed but the report pipe. stderr is kept when it is a terminal or a file
    /// (neither can make a reader wait for EOF, as a pipe in `$(herobridge copy …)` would).
    public static func detach() {
        _ = setsid()
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            var status = stat()
            let keepErrors = isatty(2) == 1 || (fstat(2, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
            if !keepErrors { dup2(null, 2) }
            if null > 2 { close(null) }
        }
        for descriptor in openDescriptors() where descriptor > 2 && descriptor != reportDescriptor {
            close(descriptor)
        }
    }

    /// The descriptors open in this process, from /proc/self/fd (a loop up to the descriptor limit could take a
    /// million close calls in a container).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        let own = dirfd(directory)
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor != own { found.append(descriptor) }
        }
        closedir(directory)
        return found
    }

    /// The first line written on `descriptor`, nil on EOF or after `timeout` seconds.
    private static func readLine(_ descriptor: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = EventClock.seconds() + timeout
        var buffer = [UInt8](repeating: 0, count: 256)
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = deadline - EventClock.seconds()
            guard left > 0 else { return nil }
            var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32(left * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let n = read(descriptor, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: bytes[..<newline], as: UTF8.self)
    }
}

extension posix_spawnattr_t {
    /// Spawn attributes that start the program with no signal blocked. A blocked mask survives exec, and the
    /// caller's thread may have one (a test runner's worker does): a daemon or a systemctl started from there
    /// would otherwise ignore SIGTERM. Destroy with `posix_spawnattr_destroy`.
    public static func unblockingSignals() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        return attributes
    }
}
