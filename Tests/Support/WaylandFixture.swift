import Foundation
import Synchronization

/// Tests/Fixtures/wayland_source.c, our own data-control source (its modes are listed at the top of the file),
/// compiled on first use and kept for the life of the test process: wayland-scanner turns protocols/*.xml into the
/// client glue in a private folder, cc links it with libwayland-client (libwayland-dev, libwayland-bin).
public enum WaylandFixture {
    private static let built = Mutex<String?>(nil)
    /// The folder of the build, removed when the test process exits (read from the atexit handler).
    nonisolated(unsafe) private static var folderForExit: String?

    /// The fixture's executable (world-readable and executable, so the sway user can run it).
    public static func build() throws -> String {
        try built.withLock { cached in
            if let cached { return cached }
            guard let folder = HeadlessSway.temporaryDirectory("/tmp/herobridge-wayland-source-") else {
                throw HarnessError("cannot make a folder in /tmp for the Wayland fixture")
            }
            folderForExit = folder
            atexit {
                guard let folder = WaylandFixture.folderForExit else { return }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { unlink(folder + "/" + name) }
                rmdir(folder)
            }
            chmod(folder, 0o755)
            var glue: [String] = []
            for name in ["wlr-data-control-unstable-v1", "ext-data-control-v1"] {
                let xml = Repository.path("protocols/\(name).xml")
                try tool("/usr/bin/wayland-scanner", ["client-header", xml, "\(folder)/\(name)-client.h"])
                try tool("/usr/bin/wayland-scanner", ["private-code", xml, "\(folder)/\(name)-protocol.c"])
                glue.append("\(folder)/\(name)-protocol.c")
            }
            let binary = folder + "/wayland_source"
            try tool("/usr/bin/cc", ["-std=c11", "-O2", "-Wall", "-Wextra", "-I", folder, "-o", binary,
                                     Repository.path("Tests/Fixtures/wayland_source.c")] + glue + ["-lwayland-client"])
            chmod(binary, 0o755)
            cached = binary
            return binary
        }
    }

    private static func tool(_ executable: String, _ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is missing (make test-deps installs libwayland-dev, libwayland-bin and a C compiler)")
        }
        let result = try HeroBridgeProcess.run(arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                                               executable: executable, timeout: 120)
        guard result.status == 0, !result.timedOut else {
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.stderr)")
        }
    }
}

extension HeadlessSway {
    /// Starts the wayland_source fixture with `arguments` (as the sway user) and waits, up to `timeout` seconds,
    /// for its "ready": the compositor has its selection. Throws with the fixture's stderr if it exits first.
    public func startSource(_ arguments: [String], timeout: Double = 30) throws -> Child {
        let source = try spawn(try WaylandFixture.build(), arguments, label: "wayland_source")
        guard eventually(timeout: timeout, { source.output.contains("ready\n") || !source.isRunning }),
              source.output.contains("ready\n") else {
            source.stop()
            throw HarnessError("wayland_source \(arguments.prefix(4).joined(separator: " ")) did not set the selection: \(source.errors)")
        }
        return source
    }
}
