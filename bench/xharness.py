"""What the bench tools (bench.py, stress.py, soak.py, chaos.py) share: a private Xvfb (picked with -displayfd,
never the developer's display), an environment with a temp HOME and XDG directories, the release agent with a
temp database and its log (parsed with its ISO 8601 timestamps), /proc readings, and child processes that are
always killed by PID. Relies only on the agent's command line, its log lines and X, so it measures today's agent
and tomorrow's.

The shell scripts get the same private Xvfb from the command line:
    /usr/bin/python3 bench/xharness.py xvfb [--screen WxHxD] -- CMD [ARG...]
runs CMD with DISPLAY set to a fresh private server (and HEROBRIDGE_PRIVATE_DISPLAY=1), stops the server when CMD
exits, and exits with CMD's status."""
import argparse
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "release", "herobridge")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
PY = "/usr/bin/python3"  # Debian's, with python3-xlib and python3-gi
WINDOW_GEOMETRY = "400x600+600+0"  # where the tests put the drop window: the GTK drag source sits at (50, 50)


def log(message):
    print(message, file=sys.stderr, flush=True)


def wait_until(condition, timeout, step=0.005):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(step)
    return condition()


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered))) - 1))]


class Xvfb:
    """A private X server on a display Xvfb picks itself (-displayfd): never the developer's $DISPLAY, which is
    neither read nor changed. `display` is ":N"; stop() kills the server by PID. The only Xvfb starter: World
    uses it, and so do the shell scripts, through `bench/xharness.py xvfb -- CMD...`."""

    def __init__(self, screen="1280x1024x24", log_path=None):
        read_end, write_end = os.pipe()
        # -noreset, and the pipe's read end stays open until stop(): Xvfb writes the display number again at each
        # reset, and a write to a closed pipe is fatal to it ("Cannot write display number to fd").
        self.log_path = log_path
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-noreset", "-nolisten", "tcp",
                                      "-screen", "0", screen], pass_fds=[write_end],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=open(log_path, "w") if log_path else subprocess.DEVNULL,
                                     start_new_session=True)
        os.close(write_end)
        self._displayfd = read_end
        number = os.read(read_end, 64).decode().strip()  # empty when Xvfb exited without picking a display
        if not number:
            self.stop()
            raise RuntimeError("could not start Xvfb (status %s)%s" % (self.proc.returncode, self.tail()))
        self.display = ":" + number

    def tail(self):
        if not self.log_path:
            return ""
        try:
            return ": " + open(self.log_path).read()[-500:]
        except OSError:
            return ""

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        kill(self.proc)
        if self._displayfd is not None:
            os.close(self._displayfd)
            self._displayfd = None


class World:
    """A temp directory, a private Xvfb and the environment every child gets. Kills what it started, by PID."""

    def __init__(self, prefix):
        self.work = tempfile.mkdtemp(prefix=prefix)
        self.children = []
        self.xvfb = Xvfb(log_path=os.path.join(self.work, "xvfb.log"))
        self.display = self.xvfb.display
        home = os.path.join(self.work, "home")
        runtime = os.path.join(self.work, "run")
        os.makedirs(home)
        os.makedirs(runtime, mode=0o700)
        self.env = {"PATH": "/usr/bin:/bin", "DISPLAY": self.display, "HOME": home,
                    "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                    "XDG_CACHE_HOME": home + "/.cache", "XDG_RUNTIME_DIR": runtime, "LANG": "C.UTF-8"}

    def check(self):
        """Raises when the X server is gone (it is a private one: nothing else should stop it)."""
        if not self.xvfb.alive():
            raise RuntimeError("Xvfb %s exited (status %s)%s" % (self.display, self.xvfb.proc.returncode,
                                                               self.xvfb.tail()))

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def spawn(self, args, **kwargs):
        """A child killed (by PID) at close."""
        kwargs.setdefault("env", self.env)
        proc = subprocess.Popen(args, **kwargs)
        self.children.append(proc)
        return proc

    def fixture(self, name, args, out_path, **kwargs):
        return self.spawn([PY, os.path.join(FIXTURES, name)] + list(args), stdout=open(out_path, "w"),
                          stderr=subprocess.STDOUT, **kwargs)

    def run(self, args, **kwargs):
        return subprocess.run(args, env=self.env, capture_output=True, **kwargs)

    def close(self):
        for proc in self.children:
            kill(proc)
        self.xvfb.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def kill(proc, sig=signal.SIGKILL):
    if proc is None or proc.poll() is not None:
        return
    try:
        os.kill(proc.pid, sig)
        proc.wait(5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass


def parse_time(stamp):
    """The agent's ISO 8601 UTC timestamp (`2026-12-01T07:33:12.925Z`) as epoch seconds, None when not one."""
    try:
        return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


class Agent:
    """`herobridge agent --verbose` with a temp database; the log is a file, read incrementally."""

    def __init__(self, world, name="agent"):
        self.world = world
        self.db = world.path(name, "favorites.sqlite3")
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        self.log_path = world.path(name + ".log")
        self.proc = None
        self._offset = 0
        self.lines = []  # (epoch seconds from the log line, or arrival time; text without the timestamp; raw)

    def start(self, extra=(), window=True):
        args = [BIN, "--db", self.db, "agent", "--verbose"]
        args += ["--geometry", WINDOW_GEOMETRY] if window else ["--no-window"]
        args += list(extra)
        starts = sum(1 for _, text, _ in self.read() if text.startswith("ready: display"))
        self.proc = self.world.spawn(args, stderr=open(self.log_path, "a"))
        if not wait_until(lambda: sum(1 for _, t, _ in self.read() if t.startswith("ready: display")) > starts, 15):
            raise RuntimeError("the agent did not start: " + "".join(r for _, _, r in self.lines[-5:]))

    def read(self):
        """Every complete log line so far."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(self._offset)
                chunk = f.read()
        except FileNotFoundError:
            return self.lines
        end = chunk.rfind(b"\n") + 1
        self._offset += end
        arrived = time.time()
        for raw in chunk[:end].decode("utf-8", "replace").splitlines():
            stamp, _, text = raw.partition(" ")
            when = parse_time(stamp)
            self.lines.append((when if when is not None else arrived, text if when is not None else raw, raw))
        return self.lines

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def status(self, field):
        """A /proc/PID/status field in kB (VmRSS, VmHWM), None when the agent is gone."""
        if not self.alive():
            return None
        try:
            match = re.search(r"^%s:\s+(\d+)" % field, open("/proc/%d/status" % self.proc.pid).read(), re.M)
            return int(match.group(1)) if match else None
        except (FileNotFoundError, ProcessLookupError):
            return None

    def stop(self):
        if not self.alive():
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(10)
        except subprocess.TimeoutExpired:
            kill(self.proc)
            return "killed after 10 s"

    def favorites(self):
        result = self.world.run([BIN, "--db", self.db, "list", "--json"])
        if result.returncode != 0:
            raise RuntimeError("herobridge list --json failed: " + result.stderr.decode())
        return json.loads(result.stdout or b"[]")


def xvfb_main(argv):
    """`xharness.py xvfb [--screen WxHxD] -- CMD...`: CMD on a private Xvfb, the server stopped when CMD exits."""
    parser = argparse.ArgumentParser(prog="xharness.py xvfb", description=xvfb_main.__doc__)
    parser.add_argument("--screen", default="1280x1024x24", help="Xvfb's screen 0 (default 1280x1024x24)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- CMD [ARG...]")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command: xharness.py xvfb [--screen WxHxD] -- CMD [ARG...]")
    try:
        server = Xvfb(args.screen)
    except (OSError, RuntimeError) as error:
        print("xharness: %s" % error, file=sys.stderr)
        return 1
    # Ctrl-C reaches CMD (it shares the terminal's process group; Xvfb has its own session): wait for CMD to
    # exit, as a shell would, then stop the server. SIGTERM and SIGHUP are passed on to CMD.
    child = None

    def forward(signum, _frame):
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, forward)
    try:
        env = dict(os.environ, DISPLAY=server.display, HEROBRIDGE_PRIVATE_DISPLAY="1")
        try:
            child = subprocess.Popen(command, env=env,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        except OSError as error:
            print("xharness: %s: %s" % (command[0], error), file=sys.stderr)
            return 127
        status = child.wait()
    finally:
        server.stop()
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    if sys.argv[1:2] != ["xvfb"]:
        sys.exit("usage: xharness.py xvfb [--screen WxHxD] -- CMD [ARG...]")
    sys.exit(xvfb_main(sys.argv[2:]))
