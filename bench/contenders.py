"""bench/bench.py's contenders: HeroBridge (the release agent with a temp database, read back from the SQLite file),
CopyQ (with the World's temp home, driven through its command line and timed from a script inside it), and the
floor (bench/floor_reader.py: XFixes, TARGETS, the one target, nothing stored). xclip -o, the reference reader,
needs no class: the measures run it. Every process is started through the World, in its environment."""
import ctypes
import json
import os
import select
import shutil
import signal
import sqlite3
import subprocess
import time

from xharness import BIN, PY, ROOT, wait_until

# Runs inside CopyQ (`copyq eval`): says it is armed (a file, since what a script prints arrives only when it
# ends), then checks the newest item every 2 ms and prints Date.now() when it is the name expected, 0 after 5 s.
# Timing CopyQ from the outside would need a `copyq read` process per poll, about 30 ms each.
COPYQ_WATCH = ("var want = str(arguments[1]); var armed = new File(str(arguments[2])); armed.openWriteOnly(); "
               "armed.write('armed'); armed.close(); var end = Date.now() + 5000; var seen = 0; "
               "while (Date.now() < end) { if (size() > 0 && str(read(0)) == want) { seen = Date.now(); break; } "
               "sleep(2); } print(seen)")


class HeroBridge:
    def __init__(self, world):
        self.world = world
        self.db = world.path("hb", "favorites.sqlite3")
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        self.proc = None
        self.reader = None  # one read-only connection to the database, kept open between polls
        self.log_path = world.path("hb-agent.log")
        self.log_events = None  # an inotify descriptor on the log, made by the first wait_for

    def start(self, window=False, extra=()):
        args = [BIN, "--db", self.db, "agent", "--verbose"]
        args += ["--geometry", "400x600+600+0"] if window else ["--no-window"]
        args += list(extra)
        starts = self.log().count("ready: display")  # the log is appended to: wait for this start's line
        self.proc = self.world.spawn(args, stderr=open(self.log_path, "a"))
        if not wait_until(lambda: self.log().count("ready: display") > starts, 10, 0.005):
            raise RuntimeError("HeroBridge agent did not start: " + self.log()[-500:])

    def stop(self):
        if self.proc:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(5)
            self.proc = None

    def longest_stall(self):
        """The running agent's longest event-loop turn so far in ms (`status --json`), None when it gave none."""
        result = self.world.run([BIN, "--db", self.db, "status", "--json"])
        try:
            return json.loads(result.stdout).get("longestStallMs")
        except ValueError:
            return None

    def wait_for(self, condition, timeout):
        """Waits until `condition()` (a query of the database) holds; True when it did within `timeout` s.
        Event-driven: it is asked again after each line the agent logs (inotify on its log; the agent logs an
        ingest's outcome right after the commit), and at the latest every 20 ms. Polling the database every 0.5 or
        1 ms instead took CPU from the agent on this 2-core machine, and added half a polling step on average.
        The inotify descriptor is made once and kept: closing one waits for the kernel's SRCU grace period,
        10 to 15 ms measured here, which a close inside the timed wait added to every copy it ended."""
        if self.log_events is None:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
            if fd >= 0 and libc.inotify_add_watch(fd, self.log_path.encode(), 0x2) >= 0:  # IN_MODIFY
                self.log_events = fd
            else:
                if fd >= 0:
                    os.close(fd)
                return wait_until(condition, timeout, 0.001)
        fd = self.log_events
        end = time.monotonic() + timeout
        while True:
            try:  # what was logged before this check is seen by it
                os.read(fd, 65536)
            except BlockingIOError:
                pass
            if condition():
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            select.select([fd], [], [], min(left, 0.02))

    def wait_for_portrait(self, name, timeout):
        """Waits until `name` is a favorite with a portrait (`wait_for`)."""
        return self.wait_for(lambda: self.sha(name), timeout)

    def log(self):
        try:
            return open(self.log_path).read()
        except FileNotFoundError:
            return ""

    def pids(self):
        return [self.proc.pid] if self.proc else []

    def sha(self, name):
        """The stored portrait's sha256 ('' without one), None when `name` is no favorite. One connection is kept
        open, so a poll costs a query, not an open."""
        try:
            if self.reader is None:
                if not os.path.exists(self.db):
                    return None
                self.reader = sqlite3.connect("file:%s?mode=ro" % self.db, uri=True, timeout=1)
            row = self.reader.execute("SELECT coalesce(p.sha256, '') FROM favorites f LEFT JOIN portraits p "
                                      "ON p.favorite_key = f.key WHERE f.name = ?", (name,)).fetchone()
            return row[0] if row else None
        except sqlite3.Error:
            self.reader = None
            return None

    def forget_db(self):
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(self.db + suffix)
            except FileNotFoundError:
                pass
        shutil.rmtree(self.db + "-portraits", ignore_errors=True)

    def stored(self, name):
        return self.sha(name) is not None

    def remove_all(self):
        names = self.world.run([BIN, "--db", self.db, "list"]).stdout.decode().split("\n")
        names = [n for n in names if n]
        if names:
            self.world.run([BIN, "--db", self.db, "remove"] + names)


class CopyQ:
    def __init__(self, world):
        self.world = world
        self.proc = None

    def start(self):
        self.proc = self.world.spawn(["copyq"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_until(lambda: self.world.run(["copyq", "count"]).returncode == 0, 20, 0.1):
            raise RuntimeError("CopyQ did not start")

    def stop(self):
        if self.proc:
            self.world.run(["copyq", "exit"])
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def cli(self, *args):
        result = self.world.run(["copyq"] + list(args))
        return result.stdout.decode() if result.returncode == 0 else None

    def enable(self, on):
        self.cli("enable" if on else "disable")
        time.sleep(0.5)  # `copyq enable` returns before monitoring resumes

    def copy_text(self, text):
        """Copies `text` with xclip and returns the ms from spawning xclip to CopyQ holding it as its newest item,
        as a script inside CopyQ saw it; (None, reason) when it did not within 5 s."""
        armed = self.world.path("copyq-armed")
        if os.path.exists(armed):
            os.unlink(armed)
        watch = self.world.spawn(["copyq", "eval", COPYQ_WATCH, text, armed], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
        if not wait_until(lambda: os.path.exists(armed), 10, 0.001):
            watch.kill()
            return None, "its watch script did not start: %s" % watch.communicate()[0].decode(errors="replace")[-200:]
        t0 = time.time()
        subprocess.run(["xclip", "-selection", "clipboard"], input=text.encode(), env=self.world.env)
        output = watch.communicate(timeout=15)[0].decode(errors="replace").strip()
        seen = float(output) if output.replace(".", "", 1).isdigit() else 0
        if not seen:
            newest = (self.cli("read", "0") or "")[:40]
            return None, "not its newest item within 5 s (newest: %r; script said %r)" % (newest, output[-120:])
        return seen - t0 * 1000, None

    def copy_image(self, path, timeout):
        """Puts `path` on CLIPBOARD with xclip (image/png only) and waits for CopyQ's newest item to hold
        image/png: (the ms that took, None), or (None, why not) when it did not within `timeout` s."""
        self.cli("add", "marker %f" % time.time())  # the newest item is now this text, not an earlier image
        subprocess.run(["xclip", "-selection", "clipboard", "-t", "image/png", "-i", path], env=self.world.env)
        t0 = time.perf_counter()
        ok = wait_until(lambda: "image/png" in (self.cli("read", "?", "0") or ""), timeout, 0)
        if ok:
            return (time.perf_counter() - t0) * 1000, None
        formats = (self.cli("read", "?", "0") or "").split()
        return None, "no image/png item within %d s (its newest item holds %s)" % (timeout, ", ".join(formats) or "nothing")

    def pids(self):
        """Every CopyQ process with this World's HOME (the server forks helpers)."""
        home = ("HOME=" + self.world.env["HOME"]).encode()
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                cmd = open("/proc/%s/cmdline" % entry, "rb").read().split(b"\0")[0]
                environ = open("/proc/%s/environ" % entry, "rb").read()
            except OSError:
                continue
            if cmd.endswith(b"copyq") and home in environ:
                pids.append(int(entry))
        return pids

    def kill_all(self):
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class Floor:
    """bench/floor_reader.py watching CLIPBOARD for one target: the least a reader does, timed by itself."""

    def __init__(self, world):
        self.world = world
        self.proc = None
        self.out = None

    def start(self, target="UTF8_STRING"):
        self.out = open(self.world.path("floor.out"), "w+")
        self.proc = self.world.spawn([PY, os.path.join(ROOT, "bench", "floor_reader.py"), target], stdout=self.out,
                                     stderr=subprocess.STDOUT)
        if not wait_until(lambda: "ready" in self.output(), 10, 0.001):
            raise RuntimeError("floor reader did not start: " + self.output()[-300:])

    def output(self):
        return open(self.out.name).read()

    def lines(self):
        return [line for line in self.output().split("\n") if line.startswith(("got ", "missed "))]

    def copy_text(self, text):
        """Copies `text` with xclip: (ms from spawning xclip to the reader's last byte, None), or (None, why)."""
        before = len(self.lines())
        t0 = time.time()
        subprocess.run(["xclip", "-selection", "clipboard"], input=text.encode(), env=self.world.env)
        if not wait_until(lambda: len(self.lines()) > before, 5, 0.0005):
            return None, "no answer within 5 s"
        line = self.lines()[before]
        if line.startswith("missed "):
            return None, line
        return float(line.split()[-1]) - t0 * 1000, None

    def stop(self):
        if self.proc:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
