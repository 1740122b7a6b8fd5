import Foundation

/// A private X server for one test: Xvfb on a free display found by `-displayfd`, no TCP, killed (SIGKILL, see
/// docs/SWIFT-XLIB.md §7.3 on blocked SIGTERM) when the test is done. Never the developer's `$DISPLAY`.
public final class XvfbServer: @unchecked Sendable {
    public let display: String
    private let process: Process

    public init(width: Int = 1280, height: Int = 1024) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "\(width)x\(height)x24", "-noreset"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display number and a newline once it accepts connections.
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number.append(chunk)
        }
        let text = String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, Int(text) != nil else {
            kill(process.processIdentifier, SIGKILL)
            throw HarnessError("Xvfb did not start (is the xvfb package installed?)")
        }
        display = ":" + text
    }

    public var pid: Int32 { process.processIdentifier }

    /// Kills the server (and so disconnects every client of it).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A test harness problem (a tool missing, a process that did not start), as opposed to a product failure.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

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

/// Polls `condition` every 20 ms until it holds (true) or `timeout` seconds pass (false).
@discardableResult
public func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
