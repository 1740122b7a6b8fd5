"""bench/bench.py's measures: text copy-to-stored, large images, idle CPU and wake-ups, memory, the CLI and
drop-to-stored. Each drives the contenders in a World and adds its figures to a Results; the run counts come
from a Plan."""
import collections
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import time

from xharness import BIN, FIXTURES, PY, log, percentile, wait_until

Plan = collections.namedtuple("Plan", "quick idle_seconds text_copies image_runs memory_images cli_runs drop_runs")


def plan(quick):
    """The run counts: quick (BENCH_QUICK=1) is fewer runs, for trying the harness itself."""
    if quick:
        return Plan(True, idle_seconds=15, text_copies=20, image_runs=2, memory_images=4, cli_runs=5, drop_runs=3)
    return Plan(False, idle_seconds=60, text_copies=200, image_runs=5, memory_images=20, cli_runs=20, drop_runs=10)


class Results:
    """The figures by measure then contender, in the order they were taken, and what failed."""

    def __init__(self):
        self.results = {}
        self.failures = []

    def fail(self, message):
        self.failures.append(message)

    def figure(self, name, contender, figure):
        self.results.setdefault(name, {})[contender] = figure

    def record(self, name, contender, values, unit, reason=None):
        """The figures of `values`; with none, a failure that says why (`reason`, from the contender's own log or
        output) in the table as well as in the list of failures."""
        if not values:
            self.fail("%s / %s: no successful run%s" % (name, contender, ": " + reason if reason else ""))
            self.figure(name, contender, {"failed": True, "unit": unit, "reason": reason or "no successful run"})
            return
        ordered = sorted(values)
        self.figure(name, contender, {"unit": unit, "runs": len(values), "median": statistics.median(values),
                                      "p95": percentile(values, 95), "min": ordered[0], "max": ordered[-1]})

    def single(self, name, contender, unit, value):
        self.figure(name, contender, {"unit": unit, "runs": 1, "median": value})

    def rss(self, label, contender, kb):
        self.single("RSS " + label, contender, "MB", kb / 1024)


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


def rss_both(results, label, hb, copyq):
    results.rss(label, "HeroBridge", proc_stats(hb.pids())[2])
    results.rss(label, "CopyQ", proc_stats(copyq.pids())[2])


# ---- the data and the X clients the measures use -------------------------------------------------------------

def gtk_owner(world, path, name):
    """Starts the GTK owner offering image/png from path plus the name; returns it once it owns CLIPBOARD."""
    out = open(world.path("owner.out"), "w+")
    proc = world.spawn([PY, os.path.join(FIXTURES, "gtk_owner.py"), "image", path, name],
                       stdout=out, stderr=subprocess.DEVNULL)
    wait_until(lambda: "ready" in open(out.name).read(), 10, 0.001)
    return proc


def stop(proc):
    proc.kill()
    proc.wait()


def xclip_copy(world, text):
    subprocess.run(["xclip", "-selection", "clipboard"], input=text.encode(), env=world.env)


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


def catalog_names(world):
    rows = json.loads(world.run([BIN, "--db", world.path("catalog.sqlite3"), "catalog", "--json"]).stdout)
    names = [r["name"] for r in rows]
    random.Random(7).shuffle(names)
    return names


# ---- 1. text copy-to-stored --------------------------------------------------------------------------------

def text(world, plan, results, hb, copyq, floor, names):
    """From spawning `xclip -i` to the copy being stored: for HeroBridge the hero in the SQLite file (polled every
    0.5 ms), for CopyQ the newest item as a script inside CopyQ sees it (polled every 2 ms), for the floor the
    reader's last byte. Blocks of 10 copies rotate; only the contender measured watches the clipboard."""
    contenders = ["HeroBridge", "CopyQ", "floor"]
    log("text copy-to-stored: %d copies each, rotating blocks of 10 (%s)" % (plan.text_copies, ", ".join(contenders)))
    values = {name: [] for name in contenders}
    reasons = {name: [] for name in contenders}
    index = 0
    for block in range(plan.text_copies // 10 * len(contenders)):
        contender = contenders[block % len(contenders)]
        copyq.enable(contender == "CopyQ")
        if contender == "HeroBridge":
            hb.remove_all()  # names repeat across blocks: a copy must always be a new favorite
            hb.start()
        elif contender == "floor":
            floor.start()
        for _ in range(10):
            name = names[index % len(names)]
            index += 1
            if contender == "HeroBridge":
                t0 = time.perf_counter()
                xclip_copy(world, name)
                if wait_until(lambda: hb.stored(name), 5, 0.0005):
                    ms, why = (time.perf_counter() - t0) * 1000, None
                else:  # the agent's own account of this copy, to tell why it was missed
                    ms, why = None, "%r not stored within 5 s (agent log: %s)" % (
                        name, " | ".join(hb.log().strip().split("\n")[-4:]))
            else:
                ms, why = (copyq if contender == "CopyQ" else floor).copy_text(name)
            if ms is not None:
                values[contender].append(ms)
            else:
                reasons[contender].append(why)
                results.fail("text copy-to-stored / %s: %s" % (contender, why))
        if contender == "HeroBridge":
            hb.stop()
        elif contender == "floor":
            floor.stop()
    copyq.enable(True)
    for contender, vals in values.items():
        results.record("text copy-to-stored", contender, vals, "ms", reason=(reasons[contender] or [None])[0])


# ---- 2. large images ---------------------------------------------------------------------------------------

def images(world, plan, results, hb, copyq, files):
    heroes = ["Thor", "Hulk", "Storm", "Rogue", "Gambit", "Beast", "Vision", "Groot", "Loki", "Falcon"]
    for label, path in files:
        size = os.path.getsize(path)
        log("image ingest %s (%d bytes): %d runs each, rotating HeroBridge / xclip / CopyQ"
            % (label, size, plan.image_runs))
        whole, transfer, xclip, cq = [], [], [], []
        reasons = {"HeroBridge": None, "xclip -o": None, "CopyQ": None}
        for run_index in range(plan.image_runs):
            name = heroes[(run_index + (plan.image_runs if label == "50 MB" else 0)) % len(heroes)]
            # HeroBridge: from the owner taking the selection to the portrait committed and listed.
            copyq.enable(False)
            hb.remove_all()
            before = hb.log().count("received image/png")
            hb.start()
            owner = gtk_owner(world, path, name)
            t0 = time.perf_counter()
            if wait_until(lambda: hb.sha(name), 60, 0.001):
                whole.append((time.perf_counter() - t0) * 1000)
                received = re.findall(r"received image/png, (\d+) bytes in (\d+) ms", hb.log())
                if len(received) > before:
                    transfer.append(float(received[-1][1]))
            else:
                reasons["HeroBridge"] = "no portrait within 60 s (agent log: %s)" % " | ".join(
                    hb.log().strip().split("\n")[-3:])
            hb.stop()
            # xclip -o, the reference reader, on the same owner.
            t0 = time.perf_counter()
            result = subprocess.run(["xclip", "-o", "-selection", "clipboard", "-t", "image/png"], env=world.env,
                                    stdout=subprocess.DEVNULL)
            if result.returncode == 0:
                xclip.append((time.perf_counter() - t0) * 1000)
            else:
                reasons["xclip -o"] = "exit status %d" % result.returncode
            stop(owner)
            # CopyQ: from xclip taking the selection with the image alone (CopyQ keeps only the text when text is
            # offered beside an image) to an item holding image/png in its history.
            copyq.enable(True)
            if len(cq) == run_index:  # after a failed run, CopyQ is not waited for again at this size
                ms, why = copyq.copy_image(path, timeout=30)
                if ms is not None:
                    cq.append(ms)
                else:
                    reasons["CopyQ"] = why
        results.record("image ingest %s" % label, "HeroBridge", whole, "ms", reasons["HeroBridge"])
        results.record("image transfer %s" % label, "HeroBridge", transfer, "ms", reasons["HeroBridge"]
                       or "the agent logged no transfer time")
        results.record("image transfer %s" % label, "xclip -o", xclip, "ms", reasons["xclip -o"])
        results.record("image ingest %s" % label, "CopyQ", cq, "ms", reasons["CopyQ"])


# ---- 3/4. idle and memory ----------------------------------------------------------------------------------

def idle(plan, results, hb, copyq, label):
    log("idle %s: %d s" % (label, plan.idle_seconds))
    a_hb, a_cq = proc_stats(hb.pids()), proc_stats(copyq.pids())
    time.sleep(plan.idle_seconds)
    b_hb, b_cq = proc_stats(hb.pids()), proc_stats(copyq.pids())
    for contender, a, b in (("HeroBridge", a_hb, b_hb), ("CopyQ", a_cq, b_cq)):
        results.single("idle %s: CPU ticks per minute" % label, contender, "ticks/min",
                       (b[0] - a[0]) * 60 / plan.idle_seconds)
        results.single("idle %s: voluntary switches per minute" % label, contender, "switches/min",
                       (b[1] - a[1]) * 60 / plan.idle_seconds)


def memory_text(world, plan, results, hb, copyq, names):
    log("RSS after %d text copies" % plan.text_copies)
    for i in range(plan.text_copies):
        name = names[i % len(names)]
        xclip_copy(world, name)
        wait_until(lambda: hb.stored(name), 5, 0.001)
        wait_until(lambda: (copyq.cli("read", "0") or "") == name, 5, 0)
    time.sleep(1)
    rss_both(results, "after %d texts" % plan.text_copies, hb, copyq)


def memory_images(world, plan, results, hb, copyq, path, names):
    log("RSS over %d images of 5 MB" % plan.memory_images)
    for i in range(plan.memory_images):
        name = names[i]
        owner = gtk_owner(world, path, name)  # HeroBridge stores the portrait (CopyQ keeps the name only)
        wait_until(lambda: hb.sha(name), 60, 0.005)
        time.sleep(0.2)
        stop(owner)
        copyq.copy_image(path, timeout=30)  # CopyQ stores the image (HeroBridge reads it, finds no name)
        if i == 0:
            rss_both(results, "after the first 5 MB image", hb, copyq)
    rss_both(results, "after %d images of 5 MB" % plan.memory_images, hb, copyq)


def settle_after_large_image(world, hb, copyq, path):
    """Both contenders store a 50 MB image, then a new owner takes CLIPBOARD before the idle window, so its
    arrival and the old owner's exit are not counted."""
    owner = gtk_owner(world, path, "Wolverine")
    wait_until(lambda: hb.sha("Wolverine"), 60, 0.01)
    copyq.copy_image(path, timeout=30)
    xclip_copy(world, "idle")
    stop(owner)
    time.sleep(3)


# ---- 5. CLI list -------------------------------------------------------------------------------------------

def cli(world, plan, results, small_png):
    log("herobridge list --json with 1000 favorites (100 with portraits): %d runs" % plan.cli_runs)
    db = world.path("cli", "favorites.sqlite3")
    os.makedirs(os.path.dirname(db))
    names = ["Bench Hero %04d" % i for i in range(1000)]
    world.run([BIN, "--db", db, "add", "--new"] + names, check=True)
    for name in names[:100]:
        world.run([BIN, "--db", db, "portrait", name, "--set", small_png], check=True)
    times = []
    for _ in range(plan.cli_runs):
        t0 = time.perf_counter()
        result = world.run([BIN, "--db", db, "list", "--json"])
        times.append((time.perf_counter() - t0) * 1000)
        if result.returncode != 0 or result.stdout.count(b'"name"') != 1000:
            results.fail("list --json did not list 1000 favorites")
    results.record("CLI list --json, 1000 favorites", "HeroBridge", times, "ms")
    peak = world.run(["/usr/bin/time", "-v", BIN, "--db", db, "list", "--json"]).stderr.decode()
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", peak)
    if match:
        results.single("CLI list --json peak RSS", "HeroBridge", "MB", int(match.group(1)) / 1024)


# ---- 6. drop-to-stored -------------------------------------------------------------------------------------

def drop(world, plan, results, hb, names, png):
    log("drop-to-stored, 5 MB PNG: %d runs" % plan.drop_runs)
    hb.start(window=True)
    times = []
    for i in range(plan.drop_runs):
        name = names[i]
        path = world.path("drop", name + ".png")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copy(png, path)
        out = world.path("source.out")
        source = world.spawn([PY, os.path.join(FIXTURES, "gtk_drag_source.py"), "uris", path],
                             stdout=open(out, "w"), stderr=subprocess.DEVNULL)
        wait_until(lambda: "ready" in open(out).read(), 10, 0.01)
        time.sleep(0.3)
        subprocess.run(["xdotool", "mousemove", "150", "110", "sleep", "0.05", "mousedown", "1", "sleep", "0.05",
                        "mousemove", "170", "115", "sleep", "0.05", "mousemove", "800", "120", "sleep", "0.05",
                        "mousemove", "802", "122", "sleep", "0.15", "mouseup", "1"], env=world.env)
        t0 = time.perf_counter()
        if wait_until(lambda: hb.sha(name), 30, 0.001):
            times.append((time.perf_counter() - t0) * 1000)
        stop(source)
    hb.stop()
    results.record("drop-to-stored 5 MB PNG (from mouseup)", "HeroBridge", times, "ms")
