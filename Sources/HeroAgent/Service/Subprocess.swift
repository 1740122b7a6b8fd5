#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// Runs another program (systemctl, journalctl) and collects what it prints. FoundationEssentials has no
/// `Process`, and the command needs nothing more than spawn, read, wait.
public struct Subprocess {
    public struct Result: Sendable {
        public let status: Int32
        /// stdout and stderr together, in the order written, so a failure's message is never lost.
        public let output: String
        public var succeeded: Bool { status == 0 }
        /// The output as one line, for error messages.
        public var summary: String { output.split(whereSeparator: \.isNewline).map { $0.trimmed() }.joined(separator: "; ") }
    }

    public enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case spawnFailed(String, Int32)

        public var description: String {
            switch self {
            case let .notFound(program): "\(program) is not installed (not found on PATH)"
            case let .spawnFailed(program, code): "\(program) could not be started: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The full path of `program` on `$PATH`, or nil.
    public static func find(_ program: String, environment: [String: String]) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `arguments[0]` with the rest as its arguments, stdin from /dev/null, and waits for it.
    public static func run(_ arguments: [String], environment: [String: String]) throws(Failure) -> Result {
        guard let executable = find(arguments[0], environment: environment) else { throw .notFound(arguments[0]) }
        var pipeEnds: [Int32] = [0, 0]
        // pipe2 is hidden behind _GNU_SOURCE in Glibc's module; close-on-exec is set right after instead.
        guard pipe(&pipeEnds) == 0 else { throw .spawnFailed(arguments[0], errno) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)

        var attributes = posix_spawnattr_t.unblockingSignals()
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw .spawnFailed(arguments[0], spawned)
        }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(pipeEnds[0], &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[..<n]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import: exited normally when the low 7 bits are 0.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, output: String(decoding: output, as: UTF8.self))
    }
}
