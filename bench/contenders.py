"""bench/bench.py's contenders: HeroBridge (the release agent with a temp database, read back from the SQLite file)
and CopyQ (with the World's temp home, driven through its command line). xclip -o, the reference reader, needs
no class: the measures run it. Every process is started through the World, in its environment."""
import os
import signal
import sqlite3
import subprocess
import time

from xharness import BIN, wait_until


class HeroBridge:
    def __init__(self, world):
        self.world = world
        self.db = world.path("hb", "favorites.sqlite3")
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        self.proc = None
        self.reader = None  # one read-only connection to the database, kept open between polls
        self.log_path = world.path("hb-agent.log")

    def start(self, window=False):
        args = [BIN, "--db", self.db, "agent", "--verbose"]
        args += ["--geometry", "400x600+600+0"] if window else ["--no-window"]
        starts = self.log().count("ready: display")  # the log is appended to: wait for this start's line
        self.proc = self.world.spawn(args, stderr=open(self.log_path, "a"))
        if not wait_until(lambda: self.log().count("ready: display") > starts, 10, 0.005):
            raise RuntimeError("HeroBridge agent did not start: " + self.log()[-500:])

    def stop(self):
        if self.proc:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(5)
            self.proc = None

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

    def copy_image(self, path, timeout):
        """Puts `path` on CLIPBOARD with xclip (image/png only) and waits for CopyQ's newest item to hold
        image/png: the ms that took, None when it did not within `timeout` s."""
        self.cli("add", "marker %f" % time.time())  # the newest item is now this text, not an earlier image
        subprocess.run(["xclip", "-selection", "clipboard", "-t", "image/png", "-i", path], env=self.world.env)
        t0 = time.perf_counter()
        ok = wait_until(lambda: "image/png" in (self.cli("read", "?", "0") or ""), timeout, 0)
        return (time.perf_counter() - t0) * 1000 if ok else None

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
