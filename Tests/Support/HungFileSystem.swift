import Foundation

/// `Tests/Fixtures/hung_fuse.py` mounted on a fresh folder: real files whose open or read never answers, the way
/// a hung FUSE or hard NFS mount behaves. Needs /dev/fuse, python3-fusepy and the right to mount (root, or
/// fusermount); `available` says whether this machine has them. `stop()` (or deinit) kills the file system, which
/// makes every request still waiting fail, and unmounts it.
public final class HungFileSystem: @unchecked Sendable {
    /// Whether the fixture can run here: /dev/fuse readable and writable, python3-fusepy importable by
    /// /usr/bin/python3, and root or fusermount to mount with.
    public static let available: Bool = {
        guard access("/dev/fuse", R_OK | W_OK) == 0, getuid() == 0 || access("/bin/fusermount", X_OK) == 0 else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", "import fusepy"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// The folder the files are in: `HungOpen.png` (open never answers) and `HungRead.png` (read never answers).
    public let mountpoint: String
    private let process = Process()
    private var stopped = false

    /// Mounts the file system and returns once it answers. With `releaseAfter`, a waiting request fails with EIO
    /// after that many seconds instead of never.
    public init(releaseAfter seconds: Double? = nil) throws {
        mountpoint = FileManager.default.temporaryDirectory.appendingPathComponent("herobridge-fuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: mountpoint, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.path("Tests/Fixtures/hung_fuse.py"), mountpoint] + (seconds.map { ["\($0)"] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        guard String(decoding: seen, as: UTF8.self).hasPrefix("ready") else {
            stop()
            throw MountFailure(message: "hung_fuse.py did not mount \(mountpoint): \(String(decoding: seen, as: UTF8.self))")
        }
    }

    /// Kills the file system (its waiting requests fail with ENOTCONN), unmounts it (lazily) and removes the folder.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let unmount = Process()
        unmount.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/bin/umount" : "/bin/fusermount")
        // Lazily: a reader thread of the test may still hold a file open there for a moment after the kill.
        unmount.arguments = getuid() == 0 ? ["-l", mountpoint] : ["-u", "-z", mountpoint]
        unmount.standardError = FileHandle.nullDevice
        if (try? unmount.run()) != nil { unmount.waitUntilExit() }
        rmdir(mountpoint)
    }

    deinit { stop() }

    /// The fixture could not be mounted.
    public struct MountFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
