import Foundation
import Synchronization

/// Runs the built `herobridge` binary the way a person at a terminal would, capturing its exit status and output.
/// Output goes through temp files rather than pipes, so a chatty child can never deadlock the test.
public enum HeroBridgeProcess {
    public struct Result: Sendable {
        public let status: Int32
        public let stdoutData: Data
        public let stderrData: Data
        /// The child was still running when the caller's `timeout` passed and was killed (SIGKILL).
        public let timedOut: Bool
        /// Decoded on use: a screenshot's megabytes on stdout should not be UTF-8-decoded for nothing.
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrData, as: UTF8.self) }

        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The `herobridge` executable next to the test bundle (SwiftPM builds it for the tests that depend on it),
    /// or `$HEROBRIDGE_BIN`.
    public static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["HEROBRIDGE_BIN"] { return explicit }
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("herobridge").path
    }

    /// A minimal environment: no `$DISPLAY`, no `$HEROBRIDGE_DB`, `HOME` and `XDG_DATA_HOME` inside `home`, so a test
    /// can never touch the developer's data. The sanitizer settings of `make test-asan` are passed on, so every
    /// herobridge a test starts reports its memory errors and leaks the same way.
    public static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "LANG": "C.UTF-8"]
        for name in sanitizerVariables {
            if let value = ProcessInfo.processInfo.environment[name] { env[name] = value }
        }
        env.merge(extra) { $1 }
        return env
    }

    /// What `make test-asan` sets (see the Makefile): the sanitizers' options, the Swift backtracer switched off
    /// (it trips ASan), and `HEROBRIDGE_SANITIZER` so that a test can tell.
    static let sanitizerVariables = ["ASAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE", "HEROBRIDGE_SANITIZER"]

    /// True in `make test-asan`: the binaries are built with AddressSanitizer, which reserves terabytes of address
    /// space for its shadow memory and keeps freed blocks in quarantine, so `ulimit` bounds cannot be used there.
    public static var underAddressSanitizer: Bool {
        ProcessInfo.processInfo.environment["HEROBRIDGE_SANITIZER"] == "address"
    }

    /// Runs `executable` (default: herobridge) with `arguments`, feeding `stdin`, and waits for it. With a
    /// `timeout` (seconds), a child still running then is killed and the result says `timedOut`: a guard so that a
    /// hang fails the test instead of blocking the whole run, never a speed assertion.
    public static func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil,
                           executable: String? = nil, timeout: Double? = nil) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hb-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        process.environment = environment
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let killed = TimeoutFlag()
        let guardian = DispatchWorkItem {
            guard process.isRunning else { return }
            killed.set()
            kill(process.processIdentifier, SIGKILL)
        }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: guardian) }
        process.waitUntilExit()
        guardian.cancel()
        try out.close(); try err.close(); try input.close()
        let outData = try Data(contentsOf: outURL)
        return Result(status: process.terminationStatus, stdoutData: outData, stderrData: try Data(contentsOf: errURL),
                      timedOut: killed.isSet)
    }
}

/// Set once from the timeout's queue, read after the child exited.
private final class TimeoutFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
