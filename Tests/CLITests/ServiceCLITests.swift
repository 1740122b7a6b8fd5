import Foundation
import Testing
import TestSupport

/// `herobridge service` under --dry-run: the unit it would write is the packaged one with this binary's path,
/// systemd-analyze accepts it with no output, and nothing is written or run.
@Suite struct ServiceCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    var configHome: String { cli.dir.file("config") }

    func service(_ arguments: String..., display: String? = ":9", binary: String? = nil) throws -> HeroBridgeProcess.Result {
        var extra = ["XDG_CONFIG_HOME": configHome]
        if let display { extra["DISPLAY"] = display }
        return try HeroBridgeProcess.run(["service"] + arguments, environment: HeroBridgeProcess.environment(home: cli.dir.path, extra: extra),
                                         executable: binary)
    }

    /// The blocks `would write PATH:` … of a dry run, by path, and its `would run:` lines.
    func plan(_ output: String) -> (files: [String: String], commands: [String]) {
        var files: [String: String] = [:], commands: [String] = [], current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("would write "), line.hasSuffix(":") {
                current = String(line.dropFirst("would write ".count).dropLast())
                files[current!] = ""
            } else if line.hasPrefix("would run: ") {
                current = nil
                commands.append(String(line.dropFirst("would run: ".count)))
            } else if let path = current, !line.isEmpty || files[path] != "" {
                files[path]! += line + "\n"
            }
        }
        return (files.mapValues { $0.hasSuffix("\n\n") ? String($0.dropLast()) : $0 }, commands)
    }

    @Test func installDryRunPrintsThePackagedUnitWithThisBinaryAndTheCommands() throws {
        let result = try service("install", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        let (files, commands) = plan(result.stdout)
        let unitPath = configHome + "/systemd/user/herobridge.service"
        let unit = try #require(files[unitPath])
        let binary = URL(fileURLWithPath: HeroBridgeProcess.binary).resolvingSymlinksInPath().path
        let packaged = try String(contentsOfFile: Repository.path("packaging/systemd/herobridge.service"), encoding: .utf8)
        #expect(unit == packaged.replacingOccurrences(of: "ExecStart=/usr/bin/herobridge agent",
                                                      with: "ExecStart=\(binary) agent"))
        let autostart = try #require(files[configHome + "/autostart/herobridge.desktop"])
        #expect(autostart.contains("\nExec=\(binary) service start\n"))
        #expect(commands == ["systemctl --user import-environment DISPLAY", "systemctl --user daemon-reload",
                             "systemctl --user enable --now herobridge.service"])
        #expect(!FileManager.default.fileExists(atPath: configHome), "a dry run writes nothing")
    }

    @Test func noStartEnablesWithoutStartingAndXAuthorityIsImportedWhenSet() throws {
        let result = try HeroBridgeProcess.run(
            ["service", "install", "--dry-run", "--no-start"],
            environment: HeroBridgeProcess.environment(home: cli.dir.path, extra: [
                "XDG_CONFIG_HOME": configHome, "DISPLAY": ":3", "XAUTHORITY": cli.dir.file("Xauthority")]))
        #expect(plan(result.stdout).commands == ["systemctl --user import-environment DISPLAY XAUTHORITY",
                                                 "systemctl --user daemon-reload",
                                                 "systemctl --user enable herobridge.service"])
    }

    @Test func withoutADisplayTheImportIsSkippedAndSaidSo() throws {
        let result = try service("install", "--dry-run", display: nil)
        #expect(!plan(result.stdout).commands.contains { $0.contains("import-environment") })
        #expect(result.stderr.contains("DISPLAY is not set here"))
    }

    @Test func theDryRunUnitPassesSystemdAnalyzeVerifyWithNoOutput() throws {
        let unit = try #require(plan(try service("install", "--dry-run").stdout).files[configHome + "/systemd/user/herobridge.service"])
        #expect(try SystemdAnalyze.verify(unit: unit, in: cli.dir) == "")
    }

    @Test func systemdAnalyzeReportsAMistypedValueSoTheCheckAboveCanFail() throws {
        let unit = try #require(plan(try service("install", "--dry-run").stdout).files[configHome + "/systemd/user/herobridge.service"])
        let broken = unit.replacingOccurrences(of: "Type=notify", with: "Type=notfy")
        #expect(try SystemdAnalyze.verify(unit: broken, in: cli.dir).contains("notfy"))
    }

    @Test func aBinaryPathWithSpacesIsQuotedAndStillVerifies() throws {
        let folder = cli.dir.file("My Tools")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/herobridge"
        // Copied by cp, not in this process: a program another test spawns meanwhile would inherit our open
        // write descriptor of the copy and hold it, and running the copy then fails with ETXTBSY ("Text file
        // busy"; seen once in five runs under load).
        let copied = try HeroBridgeProcess.run([HeroBridgeProcess.binary, copy], environment: [:], executable: "/bin/cp")
        #expect(copied.status == 0, "cp: \(copied.stderr)")
        let result = try service("install", "--dry-run", binary: copy)
        let unit = try #require(plan(result.stdout).files[configHome + "/systemd/user/herobridge.service"])
        #expect(unit.contains("\nExecStart=\"\(copy)\" agent\n"))
        #expect(try SystemdAnalyze.verify(unit: unit, in: cli.dir) == "")
        #expect(plan(result.stdout).files[configHome + "/autostart/herobridge.desktop"]?.contains("Exec=\"\(copy)\" service start") == true)
    }

    @Test func uninstallRemovesOnlyFilesThatInstallWrote() throws {
        let units = configHome + "/systemd/user"
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try "[Service]\nExecStart=/bin/true\n".write(toFile: units + "/herobridge.service", atomically: true, encoding: .utf8)
        let result = try service("uninstall", "--dry-run")
        #expect(result.status == 0)
        #expect(plan(result.stdout).commands == ["systemctl --user disable --now herobridge.service",
                                                 "systemctl --user daemon-reload"])
        #expect(!result.stdout.contains("would remove"))
        #expect(result.stderr.contains("was not written by herobridge service install; left in place"))
    }

    @Test func uninstallRemovesWhatInstallWrote() throws {
        let unit = try #require(plan(try service("install", "--dry-run").stdout).files[configHome + "/systemd/user/herobridge.service"])
        let units = configHome + "/systemd/user"
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try unit.write(toFile: units + "/herobridge.service", atomically: true, encoding: .utf8)
        let result = try service("uninstall", "--dry-run")
        #expect(result.stdout.contains("would remove \(units)/herobridge.service\n"))
    }

    @Test func withoutAUserManagerStatusSaysSoInOneLine() throws {
        // No XDG_RUNTIME_DIR and no bus: systemctl --user cannot reach a manager, as over ssh or in a plain shell.
        let result = try service("status")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("herobridge: cannot ask the user manager: systemctl --user show herobridge.service"))
        #expect(result.stderr.contains("no systemd user manager is reachable"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anUnknownActionIsAUsageError() throws {
        let result = try service("restart-everything")
        #expect(result.status == 2)
        #expect(result.stderr.contains("service: \"restart-everything\" is not install, uninstall, start, stop or status"))
    }
}

/// `systemd-analyze verify --user` on a unit text, the way the issue asks: outside a login session it needs a
/// private XDG_RUNTIME_DIR, and Documentation=man:herobridge(1) needs the man page on MANPATH. Returns
/// everything it printed: it exits 0 even for a mistyped value, so empty output is the pass.
enum SystemdAnalyze {
    static func verify(unit: String, in dir: TempDirectory) throws -> String {
        let folder = dir.file("verify-\(UUID().uuidString.prefix(8))")
        let runtime = folder + "/runtime", man = folder + "/man/man1"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(atPath: man, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.path("packaging/man/herobridge.1"), toPath: man + "/herobridge.1")
        try unit.write(toFile: folder + "/herobridge.service", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        process.arguments = ["verify", "--user", "herobridge.service"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "MANPATH": folder + "/man",
                               "HOME": dir.path, "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
