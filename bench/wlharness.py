"""What the Wayland bench tools (wlbench.py, wlstress.py) share, in xharness.py's style: a private headless sway
per run (with Xwayland, in an XDG_RUNTIME_DIR of its own, never the developer's), the Wayland clients started as
the unprivileged sway user, the C clients built from source, and a WlWorld that has the attributes xharness's
Agent and contenders.HeroBridge use (path, spawn, run, env, check, close), so the agent is driven and read back
exactly as on X11.

It does what Tests/Support/HeadlessSway.swift does: sway 1.7 refuses to run as root, so when the bench runs as
root, sway and its clients run as `herobridge-wl` (Tests/Fixtures/wayland_test_user.sh creates it) through
setpriv, which execs in place (a child's pid is the client's own, and SIGKILL to it kills the client); wlroots
starts Xwayland with only its own user allowed, so `xhost +SI:localuser:root` (run as the sway user) lets the agent,
which runs as root, in. The agent reaches the Wayland socket by file permission (root passes them)."""
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time

from xharness import ROOT, kill, log, wait_until  # noqa: F401 (log: for the tools that import it from here)

USER = "herobridge-wl"
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
# sway's headless backend: no outputs to open, no input devices, the software renderer.
SWAY_ENV = {"WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"}


def prepare_x11_socket_directory():
    """wlroots makes /tmp/.X11-unix when it is missing, as the sway user and mode 0755, which would keep every
    other user's X server out of it: as root, make it first the way a booted system has it (root, 1777)."""
    path = "/tmp/.X11-unix"
    if not os.path.isdir(path):
        os.mkdir(path, 0o1777)
    info = os.stat(path)
    if info.st_uid != 0 or info.st_mode & 0o7777 != 0o1777:
        os.chown(path, 0, 0)
        os.chmod(path, 0o1777)


class Sway:
    """sway 1.7 headless with Xwayland started at once (`xwayland force`), in a fresh /tmp/herobridge-sway-XXXX
    (mode 0700, owned by the sway user). `wayland_display` (e.g. wayland-1) and `x11_display` (e.g. :1) come from
    the config's `exec` line, which runs once sway is up; Xwayland counts as up once wlroots' window manager has
    marked its root window. stop() kills, by PID, sway and every process whose XDG_RUNTIME_DIR is this directory
    (all started for this run: the directory is new), wl-copy's background servers included."""

    def __init__(self, timeout=30):
        root = os.getuid() == 0
        if root:
            try:
                pwd.getpwnam(USER)
            except KeyError:
                raise RuntimeError("user %s is missing: run Tests/Fixtures/wayland_test_user.sh as root" % USER)
            prepare_x11_socket_directory()
        self.user = USER if root else None
        self.dir = tempfile.mkdtemp(prefix="herobridge-sway-", dir="/tmp")
        self.home = os.path.join(self.dir, "home")
        self.files = os.path.join(self.dir, "files")
        self.err_path = os.path.join(self.dir, "sway.err")
        self.children = []
        self.proc = None
        os.mkdir(self.home)
        os.mkdir(self.files)
        ready = os.path.join(self.dir, "displays")
        with open(os.path.join(self.dir, "config"), "w") as f:
            f.write("xwayland force\n"
                    "exec sh -c 'printf \"%%s\\n%%s\\n\" \"$WAYLAND_DISPLAY\" \"$DISPLAY\" > %s.new && mv %s.new %s'\n"
                    % (ready, ready, ready))
        if self.user:
            entry = pwd.getpwnam(self.user)
            for path in (self.dir, self.home, self.files, os.path.join(self.dir, "config")):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        os.chmod(self.dir, 0o700)
        env = {"PATH": "/usr/bin:/bin", "HOME": self.home, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": self.dir}
        env.update(SWAY_ENV)
        self.proc = subprocess.Popen(self.command(["sway", "-c", os.path.join(self.dir, "config")]), env=env,
                                     cwd=self.dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=open(self.err_path, "w"), start_new_session=True)
        if not wait_until(lambda: os.path.exists(ready) or self.proc.poll() is not None, timeout, 0.02) \
                or not os.path.exists(ready):
            errors = self.errors()
            self.stop()
            raise RuntimeError("sway did not start within %d s; its stderr: %s" % (timeout, errors[-800:]))
        lines = open(ready).read().split("\n")
        self.wayland_display, self.x11_display = lines[0], lines[1]
        if not self.x11_display.startswith(":"):
            self.stop()
            raise RuntimeError("sway started no Xwayland (DISPLAY %r)" % self.x11_display)
        if not wait_until(lambda: "window id" in self.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]).stdout
                          .decode(errors="replace"), timeout, 0.1):
            errors = self.errors()
            self.stop()
            raise RuntimeError("Xwayland on %s got no window manager; sway's stderr: %s" % (self.x11_display, errors[-800:]))
        if self.user:
            grant = self.run(["xhost", "+SI:localuser:root"])
            if grant.returncode != 0:
                self.stop()
                raise RuntimeError("xhost +SI:localuser:root failed: %s" % grant.stderr.decode(errors="replace"))

    def command(self, args):
        """args run as the sway user (setpriv execs in place), or as they are when we are that user."""
        if not self.user:
            return list(args)
        return ["/usr/bin/setpriv", "--reuid=" + self.user, "--regid=" + self.user, "--init-groups", "--"] + list(args)

    @property
    def client_env(self):
        """A sway-user client's whole environment: this compositor's displays, a PATH, C.UTF-8, sway's HOME."""
        return {"PATH": "/usr/bin:/bin", "HOME": self.home, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": self.dir,
                "WAYLAND_DISPLAY": self.wayland_display, "DISPLAY": getattr(self, "x11_display", "")}

    def spawn(self, args, **kwargs):
        """A long-running client as the sway user, killed (by PID) at stop()."""
        kwargs.setdefault("stdin", subprocess.DEVNULL)
        kwargs.setdefault("stdout", subprocess.DEVNULL)
        kwargs.setdefault("stderr", subprocess.DEVNULL)
        proc = subprocess.Popen(self.command(args), env=self.client_env, cwd=self.files, **kwargs)
        self.children.append(proc)
        return proc

    def run(self, args, timeout=30, **kwargs):
        """A client as the sway user, to completion; its output captured."""
        kwargs.setdefault("stdin", subprocess.DEVNULL)
        try:
            return subprocess.run(self.command(args), env=self.client_env, cwd=self.files, capture_output=True,
                                  timeout=timeout, **kwargs)
        except subprocess.TimeoutExpired as error:
            return subprocess.CompletedProcess(args, 124, error.stdout or b"", (error.stderr or b"") + b" (timed out)")

    def file(self, name):
        """A path in a folder the sway user can write."""
        return os.path.join(self.files, name)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def errors(self):
        try:
            return open(self.err_path).read()
        except OSError:
            return ""

    def stop(self):
        for proc in self.children:
            kill(proc)
        self.children = []
        if self.alive():
            kill(self.proc, signal.SIGTERM)
            if self.proc.poll() is None:
                kill(self.proc)
        marker = ("XDG_RUNTIME_DIR=%s\0" % self.dir).encode()
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                if marker in open("/proc/%s/environ" % entry, "rb").read():
                    os.kill(int(entry), signal.SIGKILL)
            except (OSError, ProcessLookupError):
                pass
        number = getattr(self, "x11_display", ":")[1:]
        lock = "/tmp/.X%s-lock" % number
        try:  # after a SIGKILL, wlroots leaves Xwayland's lock file and socket behind, naming sway's dead pid
            if number and self.proc and int(open(lock).read().strip()) == self.proc.pid:
                os.unlink("/tmp/.X11-unix/X" + number)
                os.unlink(lock)
        except (OSError, ValueError):
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def build_clients(folder):
    """Tests/Fixtures/wayland_source.c (the hostile sources) and bench/wayland_floor_reader.c, built as
    Tests/Support/WaylandFixture.swift builds the first: wayland-scanner's client glue from protocols/*.xml, cc with
    -lwayland-client. Returns {"wayland_source": path, "wayland_floor_reader": path}, world-executable."""
    os.makedirs(folder, exist_ok=True)
    os.chmod(folder, 0o755)
    glue = []
    for name in ("wlr-data-control-unstable-v1", "ext-data-control-v1"):
        xml = os.path.join(ROOT, "protocols", name + ".xml")
        for kind, out in (("client-header", "%s-client.h" % name), ("private-code", "%s-protocol.c" % name)):
            subprocess.run(["/usr/bin/wayland-scanner", kind, xml, os.path.join(folder, out)], check=True)
        glue.append(os.path.join(folder, name + "-protocol.c"))
    built = {}
    for name, source in (("wayland_source", os.path.join(FIXTURES, "wayland_source.c")),
                         ("wayland_floor_reader", os.path.join(ROOT, "bench", "wayland_floor_reader.c"))):
        binary = os.path.join(folder, name)
        result = subprocess.run(["/usr/bin/cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-I", folder, "-o", binary,
                                 source] + glue + ["-lwayland-client"], capture_output=True)
        if result.returncode != 0:
            raise RuntimeError("cc %s failed: %s" % (source, result.stderr.decode(errors="replace")[-800:]))
        os.chmod(binary, 0o755)
        built[name] = binary
    return built


class WlWorld:
    """A temp directory (root's: the agent's database and log), a private headless sway, the C clients, and the
    environment the agent and the CLI get (this compositor's displays only, a temp HOME). Has what xharness.Agent
    and contenders.HeroBridge use of an xharness.World. Kills what it started, by PID."""

    def __init__(self, prefix):
        self.work = tempfile.mkdtemp(prefix=prefix)
        self.children = []
        self.sway = None
        try:
            self.clients = build_clients(os.path.join(self.work, "clients"))
            self.sway = Sway()
        except BaseException:
            self.close()
            raise
        self.display = self.sway.x11_display
        home = os.path.join(self.work, "home")
        os.makedirs(home)
        self.env = {"PATH": "/usr/bin:/bin", "DISPLAY": self.display, "WAYLAND_DISPLAY": self.sway.wayland_display,
                    "XDG_RUNTIME_DIR": self.sway.dir, "HOME": home, "XDG_CONFIG_HOME": home + "/.config",
                    "XDG_DATA_HOME": home + "/.local/share", "XDG_CACHE_HOME": home + "/.cache", "LANG": "C.UTF-8"}

    def check(self):
        """Raises when sway is gone (a private one: nothing else should stop it)."""
        if not self.sway.alive():
            raise RuntimeError("sway exited (status %s): %s" % (self.sway.proc.returncode, self.sway.errors()[-500:]))

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def spawn(self, args, **kwargs):
        """A child of ours (root, like the agent), killed by PID at close."""
        kwargs.setdefault("env", self.env)
        proc = subprocess.Popen(args, **kwargs)
        self.children.append(proc)
        return proc

    def run(self, args, **kwargs):
        return subprocess.run(args, env=self.env, capture_output=True, **kwargs)

    def wl_copy(self, text):
        """`wl-copy TEXT` as the sway user; returns once wl-copy's first process exits (it forks its server only
        after the compositor has the selection). Its status."""
        return subprocess.run(self.sway.command(["wl-copy", text]), env=self.sway.client_env, cwd=self.sway.files,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode

    def source(self, args, out_path):
        """Tests/Fixtures/wayland_source.c with args, as the sway user, its stdout ("ready") and stderr to out_path."""
        return self.sway.spawn([self.clients["wayland_source"]] + list(args), stdout=open(out_path, "w"),
                               stderr=subprocess.STDOUT)

    def close(self):
        for proc in self.children:
            kill(proc)
        if self.sway:
            self.sway.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def task_switches(pid):
    """{tid: (comm, voluntary, involuntary)} for every thread of pid (/proc/PID/task/*/status); {} when it is
    gone. /proc/PID/status alone counts the main thread's switches only."""
    tasks = {}
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return tasks
    for tid in tids:
        try:
            fields = dict(line.split(":", 1) for line in open("/proc/%d/task/%s/status" % (pid, tid)) if ":" in line)
            tasks[int(tid)] = (fields["Name"].strip(), int(fields["voluntary_ctxt_switches"]),
                               int(fields["nonvoluntary_ctxt_switches"]))
        except (OSError, KeyError, ValueError):
            continue
    return tasks


class ThreadSwitches:
    """Every thread's context switches over a window, sampled every `step` s so that a thread which ends inside the
    window is counted up to its last sample (a thread's counts leave /proc with it), and one that starts inside it
    from zero. `result()`: (voluntary, involuntary, {"started": [comm...], "ended": [comm...],
    "by_thread": {"comm tid": voluntary}}); a thread started or ended is a wakeup the counts may not show."""

    def __init__(self, pid):
        self.pid = pid
        self.first = task_switches(pid)
        self.last = dict(self.first)
        self.alive = set(self.first)
        self.started_at = time.monotonic()
        self.ended_at = {}  # tid: seconds into the window when it was first seen gone

    def sample(self):
        now = task_switches(self.pid)
        self.last.update(now)
        for tid in self.alive - set(now):
            self.ended_at[tid] = round(time.monotonic() - self.started_at, 2)
        self.alive = set(now)

    def watch(self, seconds, step=0.25):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(min(step, max(0, end - time.monotonic())))
            self.sample()

    def result(self):
        voluntary = involuntary = 0
        by_thread = {}
        for tid, (comm, vol, invol) in self.last.items():
            _, vol0, invol0 = self.first.get(tid, (comm, 0, 0))
            voluntary += vol - vol0
            involuntary += invol - invol0
            if vol - vol0:
                by_thread["%s %d" % (comm, tid)] = vol - vol0
        return voluntary, involuntary, {"started": [self.last[t][0] for t in self.last if t not in self.first],
                                        "ended": ["%s, seen gone %s s into the window" % (self.last[t][0], at)
                                                  for t, at in self.ended_at.items()],
                                        "by_thread": by_thread}


def wait_for_text(path, text, timeout, step=0.002):
    def seen():
        try:
            return text in open(path).read()
        except OSError:
            return False
    return wait_until(seen, timeout, step)


def now_ms():
    return time.time() * 1000
