import Foundation
import Testing
import TestSupport

/// The agent as a systemd user service under a real `systemd --user` (started in a private mount namespace, see
/// Fixtures/systemd_user_session.sh): `herobridge service install` starts it with the unit's hardening, a copy
/// becomes a favorite, a crash is restarted, `service uninstall` removes it.
@Suite(.serialized) struct SystemdServiceTests {
    @Test func installRunsTheAgentUnderSystemdAndUninstallRemovesIt() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let dir = try TempDirectory("herobridge-systemd")
        // Root (as in CI) may make a mount namespace directly; anyone else needs a user namespace for it.
        let namespace = getuid() == 0 ? ["--mount", "--propagation", "private"]
                                      : ["--user", "--map-root-user", "--mount", "--propagation", "private"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = namespace + ["/bin/bash", AgentHarness.fixtures + "/systemd_user_session.sh",
                                         HeroBridgeProcess.binary, xvfb.display, dir.path]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // Output to a file, not a pipe: if anything the script started outlived it, reading a pipe to its end
        // would wait for that too.
        let outputPath = dir.file("script.out")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        if !eventually(timeout: 90, { !process.isRunning }) {
            kill(process.processIdentifier, SIGTERM) // the script's trap stops the user manager
            if !eventually(timeout: 10, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let log = (try? String(contentsOfFile: dir.file("manager.log"), encoding: .utf8)) ?? ""
        let context = "script output:\n\(text)\nmanager log:\n\(log)"

        var steps: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            steps[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        #expect(steps["install"] == "exit 0: herobridge.service is enabled and started; see it with: herobridge service status", Comment(rawValue: context))
        #expect(steps["active"] == "active running", Comment(rawValue: "Type=notify: active only after READY=1\n" + context))
        #expect(steps["enabled"] == "enabled", Comment(rawValue: context))
        #expect(steps["hardening"]?.contains("NoNewPrivs: 1") == true, Comment(rawValue: context))
        #expect(steps["hardening"]?.contains("Seccomp: 2") == true, Comment(rawValue: "SystemCallFilter= is in force\n" + context))
        #expect(steps["favorites"] == "Spider-Man,", Comment(rawValue: "a copy became a favorite under the hardened unit\n" + context))
        #expect(steps["status"]?.hasPrefix("exit 0: herobridge.service: active (running), pid ") == true, Comment(rawValue: context))
        #expect(steps["status when paused"] == "agent on display \(xvfb.display): paused (until herobridge resume), 1 favorite",
                Comment(rawValue: context))
        #expect(steps["after crash"] == "active, restarts 1, new pid yes", Comment(rawValue: "Restart=on-failure\n" + context))
        #expect(steps["show when stopped"] == "exit 0: no agent was running: started herobridge.service", Comment(rawValue: context))
        #expect(steps["after show"] == "active", Comment(rawValue: context))
        #expect(steps["uninstall"] == "exit 0: herobridge.service is stopped, disabled and removed", Comment(rawValue: context))
        #expect(steps["files left"] == "0", Comment(rawValue: context))
        #expect(steps["status after uninstall"] == "exit 3: herobridge.service: not installed (install it with: herobridge service install)", Comment(rawValue: context))
    }
}
