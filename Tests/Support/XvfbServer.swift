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
