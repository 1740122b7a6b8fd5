import Foundation

/// A child process with its output in files, for programs that keep running (the agent, owners, sources).
public final class Child: @unchecked Sendable {
    public let process: Process
    public let outputPath: String
    public let errorPath: String

    /// Starts `executable` with `arguments`; stdout and stderr go to files in `directory`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], directory: String,
                label: String) throws {
        outputPath = directory + "/\(label)-\(UUID().uuidString.prefix(8)).out"
        errorPath = outputPath.replacingOccurrences(of: ".out", with: ".err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// `executable` with `arguments` as a command that first unblocks every signal (Debian's python3 sets the mask,
    /// then execs it): a child inherits the signals the test process's threads block (SIGHUP and SIGTERM among
    /// them), and a program that acts on one (xsettingsd reads its config again on SIGHUP) would never see it.
    public static func unblockingSignals(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        ("/usr/bin/python3", ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                                    + "os.execv(sys.argv[1], sys.argv[1:])", executable] + arguments)
    }

    public var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    public var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
    public var isRunning: Bool { process.isRunning }

    /// Waits until `text` appears in stdout (or stderr with `inErrors`); false after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, inErrors: Bool = false, timeout: Double = 10) -> Bool {
        eventually(timeout: timeout) { (inErrors ? self.errors : self.output).contains(text) }
    }

    /// Sends `signal` and waits up to `timeout` seconds for the exit; the exit status, or nil if still running.
    @discardableResult
    public func stop(signal: Int32 = SIGKILL, timeout: Double = 5) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        guard eventually(timeout: timeout, { !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { stop() }
}
