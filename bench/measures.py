"""bench/bench.py's measures: text copy-to-stored, large images, idle CPU and wake-ups, memory, the CLI and
drop-to-stored. Each drives the contenders in a World and adds its figures to a Results; the run counts come
from a Plan."""
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import time

from xharness import BIN, FIXTURES, PY, log, percentile, wait_until

Plan = collections.namedtuple("Plan", "quick idle_seconds text_copies image_runs memory_images cli_runs drop_runs "
                                       "start_runs scale_sizes scale_copies scale_start_runs")

# The store sizes bench/scale.py measures a copy, a start and the RSS at (issue 30): the same sizes in a quick run,
# since the figure that matters is how the largest compares with the smallest.
SCALE_SIZES = (1000, 10000, 100000)


def plan(quick):
    """The run counts: quick (BENCH_QUICK=1) is fewer runs, for trying the harness itself."""
    if quick:
        return Plan(True, idle_seconds=15, text_copies=20, image_runs=2, memory_images=4, cli_runs=5, drop_runs=3,
                    start_runs=5, scale_sizes=SCALE_SIZES, scale_copies=10, scale_start_runs=3)
    return Plan(False, idle_seconds=60, text_copies=200, image_runs=5, memory_images=20, cli_runs=20, drop_runs=10,
                start_runs=20, scale_sizes=SCALE_SIZES, scale_copies=40, scale_start_runs=10)


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
    make_pngs([(path, width, height)])


def make_pngs(specs):
    """PNGs of random pixels (so none compresses to nothing and every portrait has its own SHA-256), one per
    (path, width, height), all from one python3 process: 500 portraits in a second or two, not a minute."""
    subprocess.run([PY, "-c", """
import os, sys, gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib
args = sys.argv[1:]
for path, w, h in zip(args[0::3], map(int, args[1::3]), map(int, args[2::3])):
    data = GLib.Bytes.new(os.urandom(w * h * 3))
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(data, GdkPixbuf.Colorspace.RGB, False, 8, w, h, w * 3)
    pixbuf.savev(path, "png", ["compression"], ["1"])
"""] + [str(part) for spec in specs for part in spec], check=True)


def catalog_names(world):
    rows = json.loads(world.run([BIN, "--db", world.path("catalog.sqlite3"), "catalog", "--json"]).stdout)
    names = [r["name"] for r in rows]
    random.Random(7).shuffle(names)
    return names


# ---- 1. text copy-to-stored --------------------------------------------------------------------------------

def text(world, plan, results, hb, copyq, floor, names):
    """From spawning `xclip -i` to the copy being stored: for HeroBridge the hero in the SQLite file (queried after
    each line the agent logs, `HeroBridge.wait_for`), for CopyQ the newest item as a script inside CopyQ sees it (polled every 2 ms), for the floor the
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
                if hb.wait_for(lambda: hb.stored(name), 5):
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
        whole, transfer, xclip, cq, stalls = [], [], [], [], []
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
            if hb.wait_for_portrait(name, 60):
                whole.append((time.perf_counter() - t0) * 1000)
                received = re.findall(r"received image/png, (\d+) bytes in (\d+) ms", hb.log())
                if len(received) > before:
                    transfer.append(float(received[-1][1]))
            else:
                reasons["HeroBridge"] = "no portrait within 60 s (agent log: %s)" % " | ".join(
                    hb.log().strip().split("\n")[-3:])
            stalls.append(hb.longest_stall())
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
        record_stall(results, "image ingest %s (per agent run)" % label, stalls)


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

def favorites_db(world):
    """A database of 1000 favorites, every second one (500) with a portrait of its own: 490 PNGs of 120×120 and 10
    of 1300×1300 (about 5 MB each), random pixels. Built with the CLI: one `add --new` of the 1000 names, then the
    500 `portrait NAME --set FILE`, four at a time (each is its own write transaction; SQLite's busy timeout
    orders them). What `list --json` and the agent's start are measured on."""
    db = world.path("many", "favorites.sqlite3")
    folder = os.path.dirname(db)
    os.makedirs(folder)
    names = ["Bench Hero %04d" % i for i in range(1000)]
    specs = [(os.path.join(folder, "portrait-%03d.png" % i), *((1300, 1300) if i % 50 == 0 else (120, 120)))
             for i in range(500)]
    log("a database of 1000 favorites, 500 with portraits (10 of 1300×1300)")
    make_pngs(specs)
    world.run([BIN, "--db", db, "add", "--new"] + names, check=True)

    def set_portrait(index):
        return world.run([BIN, "--db", db, "portrait", names[2 * index], "--set", specs[index][0]]).returncode

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        if any(pool.map(set_portrait, range(len(specs)))):
            raise RuntimeError("herobridge portrait --set failed while building the 1000-favorite database")
    for spec in specs:
        os.unlink(spec[0])
    return db


def bytes_read(world, args):
    """Bytes the process read from files and sockets (read/pread64 results summed, from strace), None without
    strace: SQLite reads with pread64, so a portrait's bytes read show up here."""
    if not shutil.which("strace"):
        return None
    out = world.path("strace.out")
    if world.run(["strace", "-f", "-e", "trace=read,pread64", "-o", out] + args).returncode != 0 or not os.path.exists(out):
        return None
    total = 0
    for line in open(out):
        match = re.search(r"\) = (\d+)$", line.strip())
        if match:
            total += int(match.group(1))
    return total


def cli(world, plan, results, db):
    log("herobridge list --json with 1000 favorites (500 with portraits), and --version: %d runs each" % plan.cli_runs)
    times, floor = [], []
    for _ in range(plan.cli_runs):
        t0 = time.perf_counter()
        result = world.run([BIN, "--db", db, "list", "--json"])
        times.append((time.perf_counter() - t0) * 1000)
        if result.returncode != 0 or result.stdout.count(b'"name"') != 1000:
            results.fail("list --json did not list 1000 favorites")
        # The process-start floor the list is held against: the same binary doing nothing.
        t0 = time.perf_counter()
        world.run([BIN, "--version"])
        floor.append((time.perf_counter() - t0) * 1000)
    results.record("CLI list --json, 1000 favorites", "HeroBridge", times, "ms")
    results.record("CLI --version (process start)", "HeroBridge", floor, "ms")
    peak = world.run(["/usr/bin/time", "-v", BIN, "--db", db, "list", "--json"]).stderr.decode()
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", peak)
    if match:
        results.single("CLI list --json peak RSS", "HeroBridge", "MB", int(match.group(1)) / 1024)
    # The database holds about 60 MB of portraits; a list that read them would show it here.
    read = bytes_read(world, [BIN, "--db", db, "list", "--json"])
    if read is not None:
        log("list --json read %.1f MB of a %.0f MB database" % (read / 2**20, os.path.getsize(db) / 2**20))
        results.single("CLI list --json bytes read", "HeroBridge", "MB", read / 2**20)


# ---- 5b. agent start to READY=1 ----------------------------------------------------------------------------

def start_to_ready(world, plan, results, db):
    """From spawning `herobridge agent` with the window shown to its READY=1, on the 1000-favorite database
    (`ready_times`)."""
    name = "agent start to READY=1, 1000 favorites (500 with portraits)"
    log("%s: %d runs" % (name, plan.start_runs))
    times, reason = ready_times(world, db, plan.start_runs)
    results.record(name, "HeroBridge", times, "ms", reason)


def ready_times(world, db, runs):
    """The ms from spawning `herobridge agent` with the window shown to its READY=1, `runs` times: the bench binds
    the AF_UNIX datagram socket the agent's sd_notify writes to ($NOTIFY_SOCKET, as systemd does), so the time is
    the datagram's arrival, exact. The agent is stopped after each start, once its first rows and thumbnails had a
    moment to be read (they must not be what READY waits for). Returns (times, why a run failed or None)."""
    path = world.path("notify.sock")
    env = dict(world.env, NOTIFY_SOCKET=path)
    agent_log = world.path("start-agent.log")
    times, reason = [], None
    for _ in range(runs):
        if os.path.exists(path):
            os.unlink(path)
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(path)
        notify.settimeout(10)
        t0 = time.perf_counter()
        proc = world.spawn([BIN, "--db", db, "agent", "--verbose", "--geometry", "400x600+600+0"], env=env,
                           stderr=open(agent_log, "a"))
        try:
            while b"READY=1" not in notify.recv(4096).split(b"\n"):
                pass
            times.append((time.perf_counter() - t0) * 1000)
        except socket.timeout:
            reason = "no READY=1 within 10 s (agent log: %s)" % " | ".join(
                open(agent_log).read().strip().split("\n")[-3:])
        finally:
            notify.close()
        time.sleep(0.3)
        proc.terminate()
        proc.wait(10)
    return times, reason


def record_stall(results, phase, values):
    """The agent's own longest event-loop turn (`status --json`'s longestStallMs), one per agent run in `phase`."""
    results.record("longest event-loop stall, %s" % phase, "HeroBridge", [v for v in values if v is not None], "ms",
                   None if any(v is not None for v in values) else "status --json gave no longestStallMs")


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
    stall = hb.longest_stall()
    hb.stop()
    results.record("drop-to-stored 5 MB PNG (from mouseup)", "HeroBridge", times, "ms")
    record_stall(results, "%d drops of 5 MB (one agent)" % plan.drop_runs, [stall])
