#!/usr/bin/python3
"""`make bench`: HeroBridge measured side by side with xclip (the reference reader) and CopyQ (the most complete
X11 clipboard manager), in one run on a private Xvfb, alternating the contenders run by run so that the machine's
drift cancels out. Writes bench/results.json and BENCHMARKS.md; prints a table. Nothing here is hard-coded: every
figure is measured in this run, and a contender that fails is reported as failed."""
import json
import os
import platform
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "release", "herobridge")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
PY = "/usr/bin/python3"
QUICK = os.environ.get("BENCH_QUICK") == "1"  # fewer runs, for trying the harness itself
IDLE_SECONDS = 15 if QUICK else 60
TEXT_COPIES = 20 if QUICK else 200
IMAGE_RUNS = 2 if QUICK else 5
MEMORY_IMAGES = 4 if QUICK else 20
CLI_RUNS = 5 if QUICK else 20
DROP_RUNS = 3 if QUICK else 10

work = tempfile.mkdtemp(prefix="herobridge-bench-")
results = {}
failures = []


def log(message):
    print(message, file=sys.stderr, flush=True)


def wait_until(condition, timeout, step=0.001):
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if condition():
            return True
        time.sleep(step)
    return condition()


def summary(values, unit):
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, int(round(0.95 * len(ordered))) - 1))]
    return {"unit": unit, "runs": len(values), "median": statistics.median(values), "p95": p95,
            "min": ordered[0], "max": ordered[-1]}


def record(name, contender, values, unit):
    if not values:
        failures.append("%s / %s: no successful run" % (name, contender))
        results.setdefault(name, {})[contender] = {"failed": True, "unit": unit}
        return
    results.setdefault(name, {})[contender] = summary(values, unit)


# ---- the X server and the environment every client gets -------------------------------------------------

read_end, write_end = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "1280x1024x24"],
                        pass_fds=[write_end], stderr=subprocess.DEVNULL)
display = ":" + os.read(read_end, 64).decode().strip()
home = os.path.join(work, "home")
runtime = os.path.join(work, "run")
os.makedirs(home)
os.makedirs(runtime, mode=0o700)
ENV = {"PATH": "/usr/bin:/bin", "DISPLAY": display, "HOME": home, "XDG_CONFIG_HOME": home + "/.config",
       "XDG_DATA_HOME": home + "/.local/share", "XDG_RUNTIME_DIR": runtime, "LANG": "C.UTF-8"}


def run(args, **kwargs):
    return subprocess.run(args, env=ENV, capture_output=True, **kwargs)


def proc_stats(pids):
    """CPU ticks (utime+stime), voluntary context switches and RSS (kB), summed over pids."""
    ticks = switches = rss = 0
    for pid in pids:
        try:
            stat = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
            status = open("/proc/%d/status" % pid).read()
        except FileNotFoundError:
            continue
        ticks += int(stat[11]) + int(stat[12])
        switches += int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
        rss += int(re.search(r"^VmRSS:\s+(\d+)", status, re.M).group(1))
    return ticks, switches, rss


class HeroBridge:
    name = "HeroBridge"

    def __init__(self):
        self.db = os.path.join(work, "hb", "favorites.sqlite3")
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        self.proc = None
        self.log_path = os.path.join(work, "hb-agent.log")

    def start(self, window=False):
        args = [BIN, "--db", self.db, "agent", "--verbose"]
        args += ["--geometry", "400x600+600+0"] if window else ["--no-window"]
        starts = self.log().count("ready: display")  # the log is appended to: wait for this start's line
        self.proc = subprocess.Popen(args, env=ENV, stderr=open(self.log_path, "a"))
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
            if getattr(self, "reader", None) is None:
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
        if getattr(self, "reader", None) is not None:
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
        names = run([BIN, "--db", self.db, "list"]).stdout.decode().split("\n")
        names = [n for n in names if n]
        if names:
            run([BIN, "--db", self.db, "remove"] + names)


class CopyQ:
    name = "CopyQ"

    def __init__(self):
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(["copyq"], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_until(lambda: run(["copyq", "count"]).returncode == 0, 20, 0.1):
            raise RuntimeError("CopyQ did not start")

    def stop(self):
        if self.proc:
            run(["copyq", "exit"])
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def cli(self, *args):
        result = run(["copyq"] + list(args))
        return result.stdout.decode() if result.returncode == 0 else None

    def count(self):
        text = self.cli("count")
        return int(text) if text and text.strip().isdigit() else -1

    def enable(self, on):
        self.cli("enable" if on else "disable")
        time.sleep(0.5)  # `copyq enable` returns before monitoring resumes

    def pids(self):
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                cmd = open("/proc/%s/cmdline" % entry, "rb").read().split(b"\0")[0]
                environ = open("/proc/%s/environ" % entry, "rb").read()
            except OSError:
                continue
            if cmd.endswith(b"copyq") and ("HOME=" + home).encode() in environ:
                pids.append(int(entry))
        return pids


def gtk_owner(path, name):
    """Starts the GTK owner offering image/png from path plus the name; returns it once it owns CLIPBOARD."""
    out = open(os.path.join(work, "owner.out"), "w+")
    proc = subprocess.Popen([PY, os.path.join(FIXTURES, "gtk_owner.py"), "image", path, name], env=ENV,
                            stdout=out, stderr=subprocess.DEVNULL)
    wait_until(lambda: "ready" in open(out.name).read(), 10, 0.001)
    return proc


def make_png(path, width, height):
    subprocess.run([PY, "-c", """
import os, sys, gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib
w, h = int(sys.argv[2]), int(sys.argv[3])
data = GLib.Bytes.new(os.urandom(w * h * 3))
pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(data, GdkPixbuf.Colorspace.RGB, False, 8, w, h, w * 3)
pixbuf.savev(sys.argv[1], "png", ["compression"], ["1"])
""", path, str(width), str(height)], check=True)


def catalog_names():
    rows = json.loads(run([BIN, "--db", os.path.join(work, "catalog.sqlite3"), "catalog", "--json"]).stdout)
    names = [r["name"] for r in rows]
    random.Random(7).shuffle(names)
    return names


# ---- 1. text copy-to-stored --------------------------------------------------------------------------------

def bench_text(hb, copyq, names):
    log("text copy-to-stored: %d copies each, alternating blocks of 10" % TEXT_COPIES)
    values = {"HeroBridge": [], "CopyQ": []}
    index = 0
    for block in range(TEXT_COPIES // 10 * 2):
        contender = "HeroBridge" if block % 2 == 0 else "CopyQ"
        if contender == "HeroBridge":
            copyq.enable(False)
            hb.remove_all()  # names repeat across blocks: a copy must always be a new favorite
            hb.start()
        else:
            copyq.enable(True)
        for _ in range(10):
            name = names[index % len(names)]
            index += 1
            t0 = time.perf_counter()
            subprocess.run(["xclip", "-selection", "clipboard"], input=name.encode(), env=ENV)
            if contender == "HeroBridge":
                ok = wait_until(lambda: hb.stored(name), 5, 0.0005)
            else:
                ok = wait_until(lambda: (copyq.cli("read", "0") or "") == name, 5, 0)
            if ok:
                values[contender].append((time.perf_counter() - t0) * 1000)
            else:
                detail = ""
                if contender == "HeroBridge":  # the agent's own account of this copy, to tell why it was missed
                    detail = " (agent log: %s)" % " | ".join(hb.log().strip().split("\n")[-4:])
                failures.append("text copy-to-stored / %s: %r not stored within 5 s%s" % (contender, name, detail))
        if contender == "HeroBridge":
            hb.stop()
    copyq.enable(True)
    for contender, vals in values.items():
        record("text copy-to-stored", contender, vals, "ms")


# ---- 2. large images ---------------------------------------------------------------------------------------

def bench_images(hb, copyq, files):
    heroes = ["Thor", "Hulk", "Storm", "Rogue", "Gambit", "Beast", "Vision", "Groot", "Loki", "Falcon"]
    for label, path in files:
        size = os.path.getsize(path)
        log("image ingest %s (%d bytes): %d runs each, rotating HeroBridge / xclip / CopyQ" % (label, size, IMAGE_RUNS))
        whole, transfer, xclip, cq = [], [], [], []
        for run_index in range(IMAGE_RUNS):
            name = heroes[(run_index + (IMAGE_RUNS if label == "50 MB" else 0)) % len(heroes)]
            # HeroBridge: from the owner taking the selection to the portrait committed and listed.
            copyq.enable(False)
            hb.remove_all()
            before = hb.log().count("received image/png")
            hb.start()
            owner = gtk_owner(path, name)
            t0 = time.perf_counter()
            if wait_until(lambda: hb.sha(name), 60, 0.001):
                whole.append((time.perf_counter() - t0) * 1000)
                received = re.findall(r"received image/png, (\d+) bytes in (\d+) ms", hb.log())
                if len(received) > before:
                    transfer.append(float(received[-1][1]))
            hb.stop()
            # xclip -o, the reference reader, on the same owner.
            t0 = time.perf_counter()
            result = subprocess.run(["xclip", "-o", "-selection", "clipboard", "-t", "image/png"], env=ENV,
                                    stdout=subprocess.DEVNULL)
            if result.returncode == 0:
                xclip.append((time.perf_counter() - t0) * 1000)
            owner.kill()
            owner.wait()
            # CopyQ: from xclip taking the selection with the image alone (CopyQ keeps only the text when text is
            # offered beside an image) to an item holding image/png in its history.
            copyq.enable(True)
            if len(cq) == run_index:  # after a failed run, CopyQ is not waited for again at this size
                if copyq_has_image(copyq, path, timeout=30):
                    cq.append(copyq.last_image_ms)
        record("image ingest %s" % label, "HeroBridge", whole, "ms")
        record("image transfer %s" % label, "HeroBridge", transfer, "ms")
        record("image transfer %s" % label, "xclip -o", xclip, "ms")
        record("image ingest %s" % label, "CopyQ", cq, "ms")


def copyq_has_image(copyq, path, timeout):
    """Puts `path` on CLIPBOARD with xclip (image/png only) and waits for CopyQ's newest item to hold image/png."""
    copyq.cli("add", "marker %f" % time.time())  # the newest item is now this text, not an earlier image
    subprocess.run(["xclip", "-selection", "clipboard", "-t", "image/png", "-i", path], env=ENV)
    t0 = time.perf_counter()
    ok = wait_until(lambda: "image/png" in (copyq.cli("read", "?", "0") or ""), timeout, 0)
    copyq.last_image_ms = (time.perf_counter() - t0) * 1000
    return ok


# ---- 3/4. idle and memory ----------------------------------------------------------------------------------

def bench_idle(hb, copyq, label):
    log("idle %s: %d s" % (label, IDLE_SECONDS))
    a_hb, a_cq = proc_stats(hb.pids()), proc_stats(copyq.pids())
    time.sleep(IDLE_SECONDS)
    b_hb, b_cq = proc_stats(hb.pids()), proc_stats(copyq.pids())
    for contender, a, b in (("HeroBridge", a_hb, b_hb), ("CopyQ", a_cq, b_cq)):
        results.setdefault("idle %s: CPU ticks per minute" % label, {})[contender] = {
            "unit": "ticks/min", "runs": 1, "median": (b[0] - a[0]) * 60 / IDLE_SECONDS}
        results.setdefault("idle %s: voluntary switches per minute" % label, {})[contender] = {
            "unit": "switches/min", "runs": 1, "median": (b[1] - a[1]) * 60 / IDLE_SECONDS}


def rss_entry(label, contender, kb):
    results.setdefault("RSS " + label, {})[contender] = {"unit": "MB", "runs": 1, "median": kb / 1024}


def bench_memory_text(hb, copyq, names):
    log("RSS after %d text copies" % TEXT_COPIES)
    for i in range(TEXT_COPIES):
        name = names[i % len(names)]
        subprocess.run(["xclip", "-selection", "clipboard"], input=name.encode(), env=ENV)
        wait_until(lambda: hb.stored(name), 5, 0.001)
        wait_until(lambda: (copyq.cli("read", "0") or "") == name, 5, 0)
    time.sleep(1)
    rss_entry("after %d texts" % TEXT_COPIES, "HeroBridge", proc_stats(hb.pids())[2])
    rss_entry("after %d texts" % TEXT_COPIES, "CopyQ", proc_stats(copyq.pids())[2])


def bench_memory_images(hb, copyq, path, names):
    log("RSS over %d images of 5 MB" % MEMORY_IMAGES)
    for i in range(MEMORY_IMAGES):
        name = names[i]
        owner = gtk_owner(path, name)  # HeroBridge stores the portrait (CopyQ keeps the name only)
        wait_until(lambda: hb.sha(name), 60, 0.005)
        time.sleep(0.2)
        owner.kill()
        owner.wait()
        copyq_has_image(copyq, path, timeout=30)  # CopyQ stores the image (HeroBridge reads it, finds no name)
        if i == 0:
            rss_entry("after the first 5 MB image", "HeroBridge", proc_stats(hb.pids())[2])
            rss_entry("after the first 5 MB image", "CopyQ", proc_stats(copyq.pids())[2])
    rss_entry("after %d images of 5 MB" % MEMORY_IMAGES, "HeroBridge", proc_stats(hb.pids())[2])
    rss_entry("after %d images of 5 MB" % MEMORY_IMAGES, "CopyQ", proc_stats(copyq.pids())[2])


# ---- 5. CLI list -------------------------------------------------------------------------------------------

def bench_cli(small_png):
    log("herobridge list --json with 1000 favorites (100 with portraits): %d runs" % CLI_RUNS)
    db = os.path.join(work, "cli", "favorites.sqlite3")
    os.makedirs(os.path.dirname(db))
    names = ["Bench Hero %04d" % i for i in range(1000)]
    run([BIN, "--db", db, "add", "--new"] + names, check=True)
    for name in names[:100]:
        run([BIN, "--db", db, "portrait", name, "--set", small_png], check=True)
    times = []
    for _ in range(CLI_RUNS):
        t0 = time.perf_counter()
        result = run([BIN, "--db", db, "list", "--json"])
        times.append((time.perf_counter() - t0) * 1000)
        if result.returncode != 0 or result.stdout.count(b'"name"') != 1000:
            failures.append("list --json did not list 1000 favorites")
    record("CLI list --json, 1000 favorites", "HeroBridge", times, "ms")
    peak = run(["/usr/bin/time", "-v", BIN, "--db", db, "list", "--json"]).stderr.decode()
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", peak)
    if match:
        results.setdefault("CLI list --json peak RSS", {})["HeroBridge"] = {
            "unit": "MB", "runs": 1, "median": int(match.group(1)) / 1024}


# ---- 6. drop-to-stored -------------------------------------------------------------------------------------

def bench_drop(hb, names, png):
    log("drop-to-stored, 5 MB PNG: %d runs" % DROP_RUNS)
    hb.start(window=True)
    times = []
    for i in range(DROP_RUNS):
        name = names[i]
        path = os.path.join(work, "drop", name + ".png")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copy(png, path)
        out = os.path.join(work, "source.out")
        source = subprocess.Popen([PY, os.path.join(FIXTURES, "gtk_drag_source.py"), "uris", path], env=ENV,
                                  stdout=open(out, "w"), stderr=subprocess.DEVNULL)
        wait_until(lambda: "ready" in open(out).read(), 10, 0.01)
        time.sleep(0.3)
        subprocess.run(["xdotool", "mousemove", "150", "110", "sleep", "0.05", "mousedown", "1", "sleep", "0.05",
                        "mousemove", "170", "115", "sleep", "0.05", "mousemove", "800", "120", "sleep", "0.05",
                        "mousemove", "802", "122", "sleep", "0.15", "mouseup", "1"], env=ENV)
        t0 = time.perf_counter()
        if wait_until(lambda: hb.sha(name), 30, 0.001):
            times.append((time.perf_counter() - t0) * 1000)
        source.kill()
        source.wait()
    hb.stop()
    record("drop-to-stored 5 MB PNG (from mouseup)", "HeroBridge", times, "ms")


# ---- the run -----------------------------------------------------------------------------------------------

def main():
    started = time.time()
    images = os.path.join(work, "images")
    os.makedirs(images)
    five, fifty, small = (os.path.join(images, n) for n in ("5mb.png", "50mb.png", "small.png"))
    make_png(five, 1300, 1300)
    make_png(fifty, 4100, 4100)
    make_png(small, 120, 120)
    names = catalog_names()
    hb, copyq = HeroBridge(), CopyQ()
    try:
        copyq.start()
    except RuntimeError as error:
        failures.append("CopyQ: %s" % error)
    bench_text(hb, copyq, names)
    bench_images(hb, copyq, [("5 MB", five), ("50 MB", fifty)])
    # Fresh processes for memory and idle.
    copyq.stop()
    shutil.rmtree(home + "/.config/copyq", ignore_errors=True)
    hb.forget_db()
    copyq.start()
    hb.start()
    time.sleep(2)
    rss_entry("at start", "HeroBridge", proc_stats(hb.pids())[2])
    rss_entry("at start", "CopyQ", proc_stats(copyq.pids())[2])
    bench_idle(hb, copyq, "after start")
    bench_memory_text(hb, copyq, names)
    bench_memory_images(hb, copyq, five, names[TEXT_COPIES % len(names):] + names)
    owner = gtk_owner(fifty, "Wolverine")
    wait_until(lambda: hb.sha("Wolverine"), 60, 0.01)
    copyq_has_image(copyq, fifty, timeout=30)
    # The new owner takes over before the idle window, so its arrival and the old owner's exit are not counted.
    subprocess.run(["xclip", "-selection", "clipboard"], input=b"idle", env=ENV)
    owner.kill()
    owner.wait()
    time.sleep(3)
    bench_idle(hb, copyq, "after the 50 MB ingest")
    hb.stop()
    copyq.stop()
    bench_cli(small)
    bench_drop(hb, names[-DROP_RUNS:], five)
    write_outputs(time.time() - started, {"5 MB": os.path.getsize(five), "50 MB": os.path.getsize(fifty)})


def ratio(entry, base, other):
    a, b = entry.get(base), entry.get(other)
    if not a or not b or a.get("failed") or b.get("failed") or not b["median"]:
        return None
    return a["median"] / b["median"]


def write_outputs(seconds, sizes):
    for name, entry in results.items():
        for contender, figure in entry.items():
            if contender != "HeroBridge" and "HeroBridge" in entry:
                r = ratio(entry, "HeroBridge", contender)
                if r is not None:
                    entry["HeroBridge"].setdefault("ratio_to", {})[contender] = r
    cpu = re.search(r"model name\s+: (.*)", open("/proc/cpuinfo").read())
    machine = {"cpu": cpu.group(1) if cpu else platform.processor(), "cores": os.cpu_count(),
               "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
               "os": platform.platform(), "copyq": run(["copyq", "--version"]).stdout.decode().split("\n")[0],
               "image_sizes_bytes": sizes, "quick": QUICK, "duration_s": round(seconds)}
    os.makedirs(os.path.join(ROOT, "bench"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump({"machine": machine, "results": results, "failures": failures}, f, indent=2, sort_keys=True)
    lines = ["| measure | HeroBridge | xclip -o | CopyQ | HeroBridge / other |", "| --- | --- | --- | --- | --- |"]

    def cell(entry, contender):
        f = entry.get(contender)
        if f is None:
            return ""
        if f.get("failed"):
            return "failed"
        text = "%.1f %s" % (f["median"], f["unit"])
        if f.get("runs", 1) > 1:
            text += " (p95 %.1f, n=%d)" % (f["p95"], f["runs"])
        return text

    for name, entry in results.items():
        ratios = ", ".join("%.2f× %s" % (v, k) for k, v in entry.get("HeroBridge", {}).get("ratio_to", {}).items())
        lines.append("| %s | %s | %s | %s | %s |" % (name, cell(entry, "HeroBridge"), cell(entry, "xclip -o"),
                                                     cell(entry, "CopyQ"), ratios))
    table = "\n".join(lines)
    print(table)
    if failures:
        print("\nFAILED: " + "; ".join(failures))
    with open(os.path.join(ROOT, "BENCHMARKS.md"), "w") as f:
        f.write("""# Benchmarks

The last `make bench` run (%s). Medians; p95 and run count in brackets; times in ms.
Machine: %s, %d cores, %s GB; %s; %s. Run time: %d s.

%s
%s
How it is measured (bench/bench.py): a private Xvfb; the release build of `herobridge agent` (the Swift runtime
linked statically, as in the .deb) with a temp
database; CopyQ with a temp home; xclip as the reference reader. Contenders alternate run by run (blocks of 10
copies for text, a rotation per image run), and only the contender being measured watches the clipboard
(CopyQ is disabled, HeroBridge is stopped). Text copy-to-stored: from spawning `xclip -i` to the hero in the
SQLite file (polled every 0.5 ms) / to `copyq read 0` returning it (each poll is a `copyq` process, about 30 ms).
Image ingest: HeroBridge from the GTK owner (image/png + the hero's name) taking CLIPBOARD to the portrait committed
and listed; CopyQ from `xclip -t image/png` taking it to an item with image/png in its history (offered text
beside the image, CopyQ 6.4 keeps only the text). Image transfer: HeroBridge's own log of the bytes in memory vs the wall time of `xclip -o`. Idle: CPU
ticks and voluntary context switches from /proc over %d s, summed over every CopyQ process. RSS: VmRSS, summed
the same way. CLI: `herobridge list --json` over 1000 favorites, 100 with portraits; peak RSS from
`/usr/bin/time -v`. Drop: a GTK3 drag source driven by xdotool onto the window, from mouseup to the portrait
committed.

Reproduce: `make bench` (installs what it needs, builds release, runs for about 10 minutes).
""" % (time.strftime("%%Y-%%m-%%d %%H:%%M UTC", time.gmtime()) if False else time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
       machine["cpu"], machine["cores"], machine["memory_gb"], machine["os"], machine["copyq"], seconds, table,
       ("\nFailed: " + "; ".join(failures) + "\n") if failures else "", IDLE_SECONDS))


try:
    main()
finally:
    subprocess.run(["pkill", "-f", "copyq"], env=ENV, capture_output=True) if False else None
    for pid in CopyQ().pids():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    xvfb.kill()
    shutil.rmtree(work, ignore_errors=True)
