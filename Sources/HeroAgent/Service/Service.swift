#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroBase
import HeroTransfer

/// The files and commands behind `herobridge service install | uninstall | start | stop | status`: the agent
/// as a systemd user service.
///
/// install writes the unit with this binary's real path into `$XDG_CONFIG_HOME/systemd/user` (where it wins
/// over a packaged unit of the same name) and an autostart entry into `$XDG_CONFIG_HOME/autostart`, then has
/// the user manager import DISPLAY/XAUTHORITY/WAYLAND_DISPLAY (saying what it still lacks), reload, and
/// `enable --now` the unit. Every step is a file
/// write or a `systemctl --user` call, so `--dry-run` can print exactly what would happen.
public struct Service: Sendable {
    public let environment: [String: String]
    /// Print each file and `systemctl` command instead of writing or running it.
    public let dryRun: Bool
    public let console: ServiceConsole

    public init(environment: [String: String], dryRun: Bool, console: ServiceConsole) {
        self.environment = environment
        self.dryRun = dryRun
        self.console = console
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config }
        return (environment["HOME"] ?? "") + "/.config"
    }
    public var unitPath: String { configHome + "/systemd/user/" + ServiceUnit.name }
    public var autostartPath: String { configHome + "/autostart/herobridge.desktop" }

    /// The running binary with symlinks resolved, so the unit keeps working when a symlink on PATH moves.
    public static func executablePath() throws -> String {
        guard let resolved = realpath("/proc/self/exe", nil) else {
            throw ServiceError("cannot find this program's path: \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func install(start: Bool) throws -> Int32 {
        let executable = try Self.executablePath()
        if executable.contains("/.build/") {
            console.err("herobridge: note: \(executable) is a build folder; the service breaks when it is cleaned. "
                         + "`make install` or the .deb give a stable path.\n")
        }
        try write(ServiceUnit.text(executable: executable), to: unitPath)
        try write(ServiceUnit.autostartEntry(executable: executable), to: autostartPath)
        try importDisplay()
        try checkManagerEnvironment()
        try checked(["daemon-reload"], what: "reload the user manager")
        try checked(start ? ["enable", "--now", ServiceUnit.name] : ["enable", ServiceUnit.name], what: "enable the service")
        if !dryRun {
            console.out(start && environment["DISPLAY"] != nil
                ? "herobridge.service is enabled and started; see it with: herobridge service status\n"
                : "herobridge.service is enabled; it starts at your next graphical login\n")
        }
        return 0
    }

    public func uninstall() throws -> Int32 {
        // Disabling a unit the manager never loaded fails; that is not a reason to keep the files.
        if let result = try systemctlResult(["disable", "--now", ServiceUnit.name]), !result.succeeded {
            console.err("herobridge: note: systemctl --user disable: \(result.summary)\n")
        }
        var removed = 0
        for path in [unitPath, autostartPath] where access(path, F_OK) == 0 {
            guard isOurs(path) else {
                console.err("herobridge: \(path) was not written by herobridge service install; left in place\n")
                continue
            }
            if dryRun { console.out("would remove \(path)\n") }
            else if unlink(path) != 0 { throw ServiceError("cannot remove \(path): \(String(cString: strerror(errno)))") }
            removed += 1
        }
        try checked(["daemon-reload"], what: "reload the user manager")
        if !dryRun {
            console.out(removed > 0 ? "herobridge.service is stopped, disabled and removed\n"
                                     : "herobridge.service is stopped and disabled; no user unit was installed\n")
        }
        return 0
    }

    /// What the autostart entry runs at login: this session's display into the user manager, then start.
    public func start() throws -> Int32 {
        try importDisplay()
        return try systemctl(["start", ServiceUnit.name], what: "start the service")
    }

    public func stop() throws -> Int32 {
        try systemctl(["stop", ServiceUnit.name], what: "stop the service")
    }

    /// `start` when the user manager knows the unit; false (and nothing printed) when it does not, or when there is
    /// no user manager or systemctl at all.
    public func startIfInstalled() -> Bool {
        guard let loaded = try? Subprocess.run(["systemctl", "--user", "show", ServiceUnit.name, "--property=LoadState",
                                                "--value"], environment: environment),
              loaded.succeeded, loaded.output.trimmed() == "loaded" else { return false }
        return (try? start()) == 0
    }

    /// Whether the unit is installed, enabled and active, then its last log lines. Exit 0 when active, 3 when
    /// not (as `systemctl status` does), 1 when the user manager cannot be asked.
    public func status() throws -> Int32 {
        let show = try checked(["show", ServiceUnit.name, "--property=LoadState,ActiveState,SubState,UnitFileState,"
                                + "FragmentPath,MainPID,ExecMainStartTimestamp,Result"], what: "ask the user manager")
        guard let show else { return 0 }
        var properties: [String: String] = [:]
        for line in show.output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let value = { (key: String) in properties[key].flatMap { $0.isEmpty ? nil : $0 } ?? "-" }
        if value("LoadState") == "not-found" {
            console.out("herobridge.service: not installed (install it with: herobridge service install)\n")
            return ExitStatus.notRunning.rawValue
        }
        var text = "herobridge.service: \(value("ActiveState")) (\(value("SubState")))"
        if value("ActiveState") == "active", value("MainPID") != "0" {
            text += ", pid \(value("MainPID")), since \(value("ExecMainStartTimestamp"))"
        }
        if value("Result") != "success" && value("Result") != "-" { text += ", last result: \(value("Result"))" }
        text += "\nunit: \(value("FragmentPath")) (\(value("UnitFileState")))\n"
        // The agent itself, when one answers on this session's display: whether it is paused is not something
        // systemd knows. Said only when it answers (the service may run on another display, or not at all).
        if environment["DISPLAY"] != nil,
           let agent = try? AgentControl.request(.status, display: nil, environment: environment) {
            text += "agent on display \(agent.display): \(agent.pauseText)"
                + (agent.favorites.map { ", \($0) favorite\($0 == 1 ? "" : "s")" } ?? "") + "\n"
        }
        console.out(text)
        if Subprocess.find("journalctl", environment: environment) != nil {
            let journal = try Subprocess.run(["journalctl", "--user", "--unit", ServiceUnit.name, "--lines", "10",
                                              "--no-pager", "--output", "short-iso", "--quiet"], environment: environment)
            let lines = journal.output.split(separator: "\n")
            console.out(lines.isEmpty ? "no log lines in the journal yet\n"
                                       : "last log lines:\n" + lines.map { "  \($0)\n" }.joined())
        } else {
            console.out("journalctl is not installed: the log lines cannot be shown\n")
        }
        return value("ActiveState") == "active" ? 0 : 3
    }

    // MARK: - Steps

    /// Puts this session's DISPLAY, XAUTHORITY and WAYLAND_DISPLAY into the user manager's environment, which
    /// every service it starts inherits. Without DISPLAY the agent has no display to open; without WAYLAND_DISPLAY
    /// it watches a Wayland session through Xwayland only.
    private func importDisplay() throws {
        let names = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY"].filter { environment[$0].map { !$0.isEmpty } ?? false }
        guard names.contains("DISPLAY") else {
            console.err("herobridge: note: DISPLAY is not set here; the service gets it from your next graphical login\n")
            return
        }
        try checked(["import-environment"] + names, what: "give the user manager this session's display")
    }

    /// Says what the user manager lacks for the agent to see this session: DISPLAY always, WAYLAND_DISPLAY on a
    /// Wayland session (`WAYLAND_DISPLAY` here, or `XDG_SESSION_TYPE=wayland`), and how a session gives them to it.
    private func checkManagerEnvironment() throws {
        guard !dryRun, let shown = try systemctlResult(["show-environment"]), shown.succeeded else { return }
        let missing = Self.missingFromManager(shown.output, session: environment)
        guard !missing.isEmpty else { return }
        let names = missing.joined(separator: " ")
        console.err("herobridge: note: the user manager's environment has no \(missing.joined(separator: " or ")), so the "
                    + "service cannot see this session's \(missing == ["DISPLAY"] ? "X display" : "displays"). Have the "
                    + "session give it at login, for instance in the compositor's or the X session's start-up:\n"
                    + "  systemctl --user import-environment \(names)\n"
                    + "or\n  dbus-update-activation-environment --systemd \(names)\n")
    }

    /// The names among DISPLAY and WAYLAND_DISPLAY that the manager's environment (`systemctl --user
    /// show-environment`'s `NAME=value` lines) lacks while this session needs them.
    static func missingFromManager(_ shown: String, session: [String: String]) -> [String] {
        var manager: Set<String> = []
        for line in shown.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), line.index(after: equals) < line.endIndex else { continue }
            manager.insert(String(line[..<equals]))
        }
        let waylandSession = !(session["WAYLAND_DISPLAY"] ?? "").isEmpty || session["XDG_SESSION_TYPE"] == "wayland"
        return ["DISPLAY"].filter { !manager.contains($0) }
            + (waylandSession && !manager.contains("WAYLAND_DISPLAY") ? ["WAYLAND_DISPLAY"] : [])
    }

    private func write(_ text: String, to path: String) throws {
        if dryRun {
            console.out("would write \(path):\n\(text)")
            return
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try makeFolders(folder)
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ServiceError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        DescriptorWriter.writeAll(fd, Data(text.utf8))
        let closed = close(fd)
        guard closed == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw ServiceError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func makeFolders(_ folder: String) throws {
        var current = ""
        for part in folder.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw ServiceError("cannot create \(current): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Whether `path` is a file `install` wrote: its unit or autostart entry, recognised by their first line.
    private func isOurs(_ path: String) -> Bool {
        guard let data = try? FileReader.readAll(path, limit: 1 << 16), let text = String(validating: data, as: UTF8.self)
        else { return false }
        let marker = path == unitPath ? ServiceUnit.text(executable: "").prefix { $0 != "\n" }
                                      : ServiceUnit.autostartEntry(executable: "").prefix { $0 != "\n" }
        return text.hasPrefix(marker + "\n") && (path == unitPath || text.contains("Name=HeroBridge agent\n"))
    }

    /// Runs `systemctl --user ARGUMENTS` (or prints it under --dry-run); nil under --dry-run.
    private func systemctlResult(_ arguments: [String]) throws -> Subprocess.Result? {
        let command = ["systemctl", "--user"] + arguments
        if dryRun {
            console.out("would run: \(command.joined(separator: " "))\n")
            return nil
        }
        return try Subprocess.run(command, environment: environment)
    }

    /// `systemctl --user ARGUMENTS`, with a failure turned into one error line saying what could not be done.
    @discardableResult
    private func checked(_ arguments: [String], what: String) throws -> Subprocess.Result? {
        let result: Subprocess.Result?
        do { result = try systemctlResult(arguments) } catch {
            throw ServiceError("cannot \(what): \(error)")
        }
        if let result, !result.succeeded {
            var reason = result.summary.isEmpty ? "exit status \(result.status)" : result.summary
            if reason.contains("Failed to connect to bus") {
                reason += " (no systemd user manager is reachable: run this inside your desktop login, "
                    + "where XDG_RUNTIME_DIR is set)"
            }
            throw ServiceError("cannot \(what): systemctl --user \(arguments.joined(separator: " ")): \(reason)")
        }
        return result
    }

    /// `checked`, returning the exit status for commands whose result is all there is to say.
    private func systemctl(_ arguments: [String], what: String) throws -> Int32 {
        try checked(arguments, what: what)
        return 0
    }
}
