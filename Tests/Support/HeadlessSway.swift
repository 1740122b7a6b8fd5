import Foundation
import Synchronization

/// A real Wayland compositor for one test: sway 1.7 headless (wlroots' headless backend, the pixman renderer, no
/// input devices) with Xwayland started at once, in a fresh `XDG_RUNTIME_DIR` of its own. The developer's
/// `WAYLAND_DISPLAY`, `DISPLAY` and `XDG_RUNTIME_DIR` are never read or touched: every process gets an environment
/// built here.
///
/// sway refuses to run as root, so when the tests run as root, sway and the clients started through `run`/`spawn`
/// run as `HeadlessSway.testUser` (created by `Tests/Fixtures/wayland_test_user.sh`, which `make test` runs);
/// otherwise as the current user. The user is switched by `setpriv`, which execs in place: the pid of a `Child`
/// from `spawn` is the client's own, so killing it kills the client (runuser would fork and leave it running).
/// See `Launch` for what else every child needs, and for the guardian that ends sway if the test process dies.
///
/// Root, where the agent under test runs, reaches both servers: the Wayland socket by file permission (root
/// passes them), Xwayland because the harness adds `SI:localuser:root` to its access list (wlroots starts
/// Xwayland with no cookie and only its own user allowed, so root's X clients are refused until then).
public final class HeadlessSway: @unchecked Sendable {
    /// The unprivileged account sway runs as when the tests run as root.
    public static let testUser = "herobridge-wl"

    /// The account sway and its clients run as; nil when that is the current (non-root) user.
    public let user: String?
    /// The compositor's own `XDG_RUNTIME_DIR` (mode 0700, owned by the sway user), removed by `stop()`.
    public let runtimeDirectory: String
    /// The Wayland socket's name inside `runtimeDirectory`, e.g. `wayland-1`.
    public let waylandDisplay: String
    /// Xwayland's display, e.g. `:1`.
    public let x11Display: String
    /// sway's IPC socket (for `swaymsg -s`), found in `runtimeDirectory`; nil if sway made none.
    public let ipcSocket: String?

    /// The guardian (see `Launch.guarded`) whose child is sway.
    private let process: Process
    private let swayPid: Int32
    /// Every `Child` from `spawn`, kept alive (and running) until `stop()`, so a test may drop its reference.
    private let children = Mutex<[Child]>([])
    private let home: String
    private let errorPath: String

    /// Starts sway and waits (up to `timeout` seconds, a guard against a hang, never a speed check) until its
    /// `exec` line has run and Xwayland's window manager is up. Throws a `HarnessError` with sway's stderr if not.
    public init(timeout: Double = 30) throws {
        let root = getuid() == 0
        if root {
            guard Self.userExists(Self.testUser) else {
                throw HarnessError("user \(Self.testUser) is missing: run Tests/Fixtures/wayland_test_user.sh as root (make test does)")
            }
            try Self.prepareX11SocketDirectory()
        }
        user = root ? Self.testUser : nil
        guard let directory = Self.temporaryDirectory("/tmp/herobridge-sway-") else {
            throw HarnessError("cannot make a runtime directory in /tmp")
        }
        runtimeDirectory = directory
        home = directory + "/home"
        errorPath = directory + "/sway.err"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: directory + "/files", withIntermediateDirectories: false)
        let ready = directory + "/displays"
        // sway runs `exec` lines with WAYLAND_DISPLAY and DISPLAY set; the rename makes the file appear whole.
        let config = """
            xwayland force
            exec sh -c 'printf "%s\\n%s\\n" "$WAYLAND_DISPLAY" "$DISPLAY" > \(ready).new && mv \(ready).new \(ready)'

            """
        try config.write(toFile: directory + "/config", atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        if let user {
            for path in [directory, home, directory + "/files"] { try Self.chown(path, to: user) }
        }
        chmod(directory, 0o700)

        let process = Process()
        self.process = process
        let pidFile = directory + "/sway.pid"
        let (executable, arguments) = Self.command(as: user, "sway", ["-c", directory + "/config"], .guarded(pidFile: pidFile))
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": directory,
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()

        let started = eventually(timeout: timeout) {
            FileManager.default.fileExists(atPath: ready) || !process.isRunning
        }
        let lines = ((try? String(contentsOfFile: ready, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        guard started, lines.count == 2, lines[1].hasPrefix(":") else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            Self.terminate(process, runtimeDirectory: directory)
            try? FileManager.default.removeItem(atPath: directory)
            throw HarnessError("sway did not start within \(Int(timeout)) s (\(process.isRunning ? "still running" : "exited")); its stderr:\n\(stderr)")
        }
        waylandDisplay = lines[0]
        x11Display = lines[1]
        let ipc = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.first { $0.hasPrefix("sway-ipc.") }
        ipcSocket = ipc.map { directory + "/" + $0 }
        // The guardian's note, else the pid in the IPC socket's name (sway-ipc.UID.PID.sock).
        guard let swayPid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({ Int32($0) })
                ?? ipc.flatMap({ $0.split(separator: ".").dropFirst(2).first.flatMap { Int32($0) } }) else {
            Self.terminate(process, runtimeDirectory: directory)
            try? FileManager.default.removeItem(atPath: directory)
            throw HarnessError("sway's pid is unknown: \(pidFile) is empty and there is no IPC socket")
        }
        self.swayPid = swayPid

        // Xwayland is up once its window manager (wlroots' XWM) has marked the root window; then let root in.
        let windowManagerUp = eventually(timeout: timeout) {
            (try? self.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], timeout: timeout))?.stdout.contains("window id") == true
        }
        guard windowManagerUp else {
            let stderr = self.errors
            stop()
            throw HarnessError("Xwayland on \(x11Display) did not get its window manager within \(Int(timeout)) s; sway's stderr:\n\(stderr)")
        }
        if user != nil {
            let grant = try run("xhost", ["+SI:localuser:root"], timeout: timeout)
            guard grant.status == 0 else {
                let stderr = self.errors
                stop()
                throw HarnessError("xhost +SI:localuser:root failed (\(grant.stderr)); sway's stderr:\n\(stderr)")
            }
        }
    }

    deinit { stop() }

    /// sway's own pid.
    public var pid: Int32 { swayPid }
    public var isRunning: Bool { process.isRunning }
    /// What sway wrote to stderr so far.
    public var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Only what reaches this compositor: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, `DISPLAY`, `SWAYSOCK`. Xwayland here
    /// uses no cookie (no `XAUTHORITY`); access is by local user (see the type's comment). Merge it into the
    /// agent's environment (`HeroBridgeProcess.environment(home:extra:)`).
    public var connectionEnvironment: [String: String] {
        var env = ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": runtimeDirectory, "DISPLAY": x11Display]
        if let ipcSocket { env["SWAYSOCK"] = ipcSocket }
        return env
    }

    /// The whole environment of a client started by `run`/`spawn`: `connectionEnvironment`, a PATH, a C.UTF-8
    /// locale, and a HOME private to this compositor.
    public var environment: [String: String] {
        connectionEnvironment.merging(["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"]) { $1 }
    }

    /// A path in a folder the sway user can write (fixture logs, images to serve); removed with the rest by `stop()`.
    public func file(_ name: String) -> String { runtimeDirectory + "/files/" + name }

    /// Writes `data` to `file(name)`, readable by the sway user, and returns the path.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        return path
    }

    /// Runs `command` (found on PATH) to completion with `environment` plus `extraEnvironment`, as the sway user, or
    /// with `asSwayUser: false` as this test process's own user (root, like the agent). The child is killed after
    /// `timeout` seconds (the result says `timedOut`): a guard against a hang, not a speed assertion.
    public func run(_ command: String, _ arguments: [String] = [], stdin: Data? = nil, asSwayUser: Bool = true,
                    extraEnvironment: [String: String] = [:], timeout: Double = 30) throws -> HeroBridgeProcess.Result {
        let (executable, args) = Self.command(as: asSwayUser ? user : nil, command, arguments, .waited)
        return try HeroBridgeProcess.run(args, environment: environment.merging(extraEnvironment) { $1 }, stdin: stdin,
                                         executable: executable, timeout: timeout)
    }

    /// Starts `command` as a long-running `Child` (output in files under `runtimeDirectory`), as the sway user or,
    /// with `asSwayUser: false`, as this process's user. `Child.stop()` kills the command itself; `stop()` kills
    /// every one still running.
    public func spawn(_ command: String, _ arguments: [String] = [], asSwayUser: Bool = true,
                      extraEnvironment: [String: String] = [:], label: String? = nil) throws -> Child {
        let (executable, args) = Self.command(as: asSwayUser ? user : nil, command, arguments, .inPlace)
        let name = label ?? URL(fileURLWithPath: command).lastPathComponent
        let child = try Child(executable, args, environment: environment.merging(extraEnvironment) { $1 },
                              directory: runtimeDirectory + "/files", label: name)
        children.withLock { $0.append(child) }
        return child
    }

    /// Starts `Tests/Fixtures/<script>` with /usr/bin/python3 (python3-xlib, python3-gi), as the sway user or, with
    /// `asSwayUser: false`, as this process's user.
    public func fixture(_ script: String, _ arguments: [String] = [], asSwayUser: Bool = true) throws -> Child {
        try spawn("/usr/bin/python3", [Repository.path("Tests/Fixtures/" + script)] + arguments, asSwayUser: asSwayUser,
                  label: script)
    }

    /// sway's layout tree as JSON (`swaymsg -t get_tree`): which windows are mapped, which has focus.
    public func tree() throws -> String {
        guard let ipcSocket else { throw HarnessError("sway made no IPC socket in \(runtimeDirectory)") }
        return try run("swaymsg", ["-s", ipcSocket, "-t", "get_tree"]).stdout
    }

    /// Whether an Xwayland window has keyboard focus, as wlroots' XWM publishes it (`_NET_ACTIVE_WINDOW` on the
    /// root window, 0 when a Wayland surface or nothing has focus).
    public var xwaylandHasFocus: Bool {
        guard let line = try? run("xprop", ["-root", "_NET_ACTIVE_WINDOW"]).stdout, let id = line.split(separator: "#").last
        else { return false }
        return id.trimmingCharacters(in: .whitespacesAndNewlines) != "0x0"
    }

    /// Opens an X11 window (xlogo, as the sway user) and waits until it has focus. sway 1.7 gives Xwayland its seat
    /// only when an Xwayland window is first focused, and wlroots then bridges the X11 and Wayland clipboards only
    /// while one has focus (see WaylandHarnessTests' XwaylandClipboardTests). Stop the `Child` to close it.
    public func startFocusedXWindow(timeout: Double = 30) throws -> Child {
        let window = try spawn("xlogo", ["-geometry", "200x100"])
        guard eventually(timeout: timeout, { self.xwaylandHasFocus || !window.isRunning }), window.isRunning else {
            window.stop()
            throw HarnessError("xlogo on \(x11Display) did not get focus within \(Int(timeout)) s: \(window.errors)")
        }
        return window
    }

    /// SIGKILL to sway, as a crash would: the clients lose their connection, the sockets stay behind. Returns once
    /// sway is gone. `stop()` (or deinit) still cleans up.
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(swayPid, SIGKILL)
        process.waitUntilExit()   // the guardian exits with sway
    }

    /// Ends sway (SIGTERM, then SIGKILL after 10 s), kills whatever the harness started that still runs on this
    /// compositor (wl-copy and xclip stay in the background by design), and removes the runtime directory.
    public func stop() {
        for child in children.withLock({ list in defer { list = [] }; return list }) { child.stop() }
        Self.terminate(process, runtimeDirectory: runtimeDirectory)
        removeStaleX11Files()
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", "--", runtimeDirectory]
        if FileManager.default.fileExists(atPath: runtimeDirectory), (try? remove.run()) != nil { remove.waitUntilExit() }
    }

    // MARK: - Helpers

    /// How a command is started: always through a few lines of perl (perl-base is always installed), and through
    /// setpriv when it runs as the sway user. They mend what a child of Foundation's `Process` inherits on Linux:
    /// - the spawning thread's signal mask, with nearly every signal blocked (SIGTERM would do nothing): unblocked;
    /// - the socket by which `Process` learns of the exit: it reports the exit only once every holder has closed
    ///   it, so a command that leaves a daemon behind (wl-copy, xclip) would never "exit". Closing it in the
    ///   command itself is no cure: `Process` would then block its one monitoring thread in waitpid for it.
    enum Launch {
        /// For `spawn`: exec in place, so the pid is the command's own and SIGKILL to it kills the command.
        case inPlace
        /// For `run`: fork the command without that socket and wait for it; the status is the command's (128 +
        /// signal for a signal), and `--pdeathsig` takes the command down if `run`'s timeout kills the waiter.
        case waited
        /// For sway: like `waited`, the guardian writes sway's pid to `pidFile`, passes SIGTERM on, and if the
        /// test process dies (a crash, a killed run) it kills sway and removes the runtime directory, so no
        /// compositor outlives its test.
        case guarded(pidFile: String)
    }

    static func command(as user: String?, _ command: String, _ arguments: [String], _ launch: Launch) -> (String, [String]) {
        let setpriv = user.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--init-groups"] }
            ?? ["/usr/bin/setpriv"]
        switch launch {
        case .inPlace:
            let prefix = user == nil ? [] : setpriv + ["--"]
            return ("/usr/bin/perl", ["-e", execInPlace, "--"] + prefix + [command] + arguments)
        case .waited:
            return ("/usr/bin/perl", ["-e", forkAndWait, "--"] + setpriv + ["--pdeathsig", "KILL", "--", command] + arguments)
        case .guarded(let pidFile):
            return ("/usr/bin/perl", ["-e", guardian, "--", pidFile] + setpriv + ["--", command] + arguments)
        }
    }

    private static let execInPlace = """
        use POSIX ();
        POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new());
        exec { $ARGV[0] } @ARGV or die "cannot run $ARGV[0]: $!\n";
        """

    private static let forkAndWait = """
        use POSIX ();
        my $pid = fork() // die "fork: $!\n";
        if ($pid == 0) {
            POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new());
            POSIX::close($_) for 3 .. 1023;
            exec { $ARGV[0] } @ARGV or do { print STDERR "cannot run $ARGV[0]: $!\n"; POSIX::_exit(127) };
        }
        waitpid($pid, 0);
        exit($? & 127 ? 128 + ($? & 127) : $? >> 8);
        """

    private static let guardian = """
        use POSIX ();
        my $pidfile = shift @ARGV;
        my $parent = getppid();
        POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new());
        my $pid = fork() // die "fork: $!\n";
        if ($pid == 0) { exec { $ARGV[0] } @ARGV or do { print STDERR "cannot run $ARGV[0]: $!\n"; POSIX::_exit(127) } }
        if (open(my $out, '>', $pidfile)) { print $out $pid; close $out }
        $SIG{TERM} = sub { kill 'TERM', $pid };
        $SIG{CHLD} = sub {};
        while (1) {
            if (waitpid($pid, POSIX::WNOHANG()) == $pid) { exit($? & 127 ? 128 + ($? & 127) : $? >> 8) }
            if (getppid() != $parent) {
                kill 'KILL', $pid;
                waitpid($pid, 0);
                system('/bin/rm', '-rf', '--', $ENV{XDG_RUNTIME_DIR}) if $ENV{XDG_RUNTIME_DIR} =~ m{^/tmp/herobridge-sway-};
                exit 1;
            }
            select(undef, undef, undef, 1);
        }
        """

    private static func terminate(_ process: Process, runtimeDirectory: String) {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGTERM)   // the guardian passes it on to sway
            if !eventually(timeout: 10, { !process.isRunning }) { killEverything(on: runtimeDirectory) }
            process.waitUntilExit()
        }
        killEverything(on: runtimeDirectory)
    }

    /// SIGKILL to every process whose XDG_RUNTIME_DIR is this compositor's: all were started for this test (the
    /// directory is new), sway's guardian, sway, Xwayland and the clients (and the daemons wl-copy and xclip leave).
    private static func killEverything(on runtimeDirectory: String) {
        let marker = Data(("XDG_RUNTIME_DIR=" + runtimeDirectory + "\0").utf8)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(),
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  environ.range(of: marker) != nil else { continue }
            Foundation.kill(pid, SIGKILL)
        }
    }

    /// After a SIGKILL, wlroots leaves Xwayland's lock file and socket behind; they name sway's pid, which is dead.
    private func removeStaleX11Files() {
        let number = x11Display.dropFirst()
        let lock = "/tmp/.X\(number)-lock"
        guard let text = try? String(contentsOfFile: lock, encoding: .utf8),
              Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) == swayPid, !process.isRunning else { return }
        unlink("/tmp/.X11-unix/X\(number)")
        unlink(lock)
    }

    /// A new folder `prefix` + six random characters (mkdtemp: mode 0700), or nil.
    static func temporaryDirectory(_ prefix: String) -> String? {
        var template = Array((prefix + "XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    private static func userExists(_ name: String) -> Bool { getpwnam(name) != nil }

    private static func chown(_ path: String, to user: String) throws {
        guard let entry = getpwnam(user), Foundation.chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
            throw HarnessError("cannot give \(path) to \(user)")
        }
    }

    /// wlroots makes /tmp/.X11-unix when it is missing, as the sway user and mode 0755, which would keep every
    /// other user's X server out of it: as root, make it first the way a booted system has it (root, 1777).
    private static func prepareX11SocketDirectory() throws {
        let path = "/tmp/.X11-unix"
        if !FileManager.default.fileExists(atPath: path) { mkdir(path, 0o1777) }
        var info = stat()
        guard stat(path, &info) == 0 else { throw HarnessError("cannot make \(path)") }
        if info.st_uid != 0 || info.st_mode & 0o7777 != 0o1777 {
            Foundation.chown(path, 0, 0)
            chmod(path, 0o1777)
        }
    }
}
