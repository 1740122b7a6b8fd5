#!/usr/bin/python3
"""Issue 30's scale rows of `make bench`: what a copy, a start and the agent's memory cost as the favorites pile up.
For each store size (1,000, 10,000 and 100,000 favorites, all custom heroes, made with `herobridge add --new`, as a
heavy user's `add --new` and `--accept-unknown` copies make them):

  copy-to-stored   `xclip -selection clipboard` of a new name to the agent's `CLIPBOARD: added NAME` log line (the
                   agent runs with --accept-unknown, so each copy adds a custom hero, the path whose cost grew with
                   the store), with `--no-window` and with the window shown, a fresh agent for each
  start to READY   spawning `herobridge agent` (window shown) to its READY=1 datagram (measures.ready_times)
  RSS              the window-shown agent's VmRSS after its copies (measures.proc_stats, as the text copy row)
  rows read        spawning the window-shown agent to its `window: N rows read` line (every page of rows in the
                   window), one start
  peak RSS         the same agent's VmHWM then: the most it held at any moment since its start (its first read
                   of the rows included)

and the targets: a copy at the largest size within 1.2x of the same at the smallest (each mode), READY at the
largest under 100 ms, RSS and peak RSS at the largest under 60 MB. bench.py runs `measure` inside `make bench` (its rows go to
the main table); run alone, `/usr/bin/python3 bench/scale.py [SIZE...]` prints them and records nothing
(BENCH_QUICK=1 for fewer runs)."""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contenders  # noqa: E402
import measures  # noqa: E402
from xharness import BIN, World, log  # noqa: E402

TARGETS = {"copy ratio": 1.2, "ready ms": 100, "rss mb": 60}


def make_store(world, size):
    """A database of `size` favorites, all custom heroes, made by the CLI in batches (a command line holds some
    thousands of names)."""
    db = world.path("scale-%d" % size, "favorites.sqlite3")
    os.makedirs(os.path.dirname(db), exist_ok=True)
    names = ["Scale Hero %06d" % i for i in range(size)]
    for start in range(0, size, 5000):
        world.run([BIN, "--db", db, "add", "--new"] + names[start:start + 5000], check=True)
    return db


def copies(world, hb, label, count):
    """`count` copies of new names into the running agent: the ms from spawning xclip to its `added` line each, and
    the first failure's reason."""
    times, reason = [], None
    for i in range(count):
        name = "Scale Copy %s %03d" % (label, i)
        line = ": added %s" % name
        t0 = time.perf_counter()
        subprocess.run(["xclip", "-selection", "clipboard"], input=name.encode(), env=world.env)
        if hb.wait_for(lambda: line in hb.log(), 5):
            times.append((time.perf_counter() - t0) * 1000)
        elif reason is None:
            reason = "%r not added within 5 s (agent log: %s)" % (name, " | ".join(hb.log().strip().split("\n")[-3:]))
    return times, reason


def peak_kb(pids):
    """VmHWM (kB), summed over pids: the most each held at any moment since it started."""
    total = 0
    for pid in pids:
        with open("/proc/%d/status" % pid) as status:
            total += int(re.search(r"^VmHWM:\s+(\d+)", status.read(), re.M).group(1))
    return total


def settled(world, db, hb, window):
    """Returns once the agent's worker has done what its start queued: with the window, every page of its rows
    (the agent's `rows read` line: it reads them a page per job, so `status` alone would come between two pages);
    then `status`, which is answered from the worker after the jobs before it. Returns whether the rows came."""
    read = not window or hb.wait_for(lambda: " rows read" in hb.log(), 60)
    if not read:
        log("scale: the window's rows were not all read within 60 s")
    world.run([BIN, "--db", db, "status"], timeout=60)
    return read


def measure(world, plan, results):
    """The scale rows into `results` (a measures.Results), and the targets' figures."""
    copy_ms = {}
    for size in plan.scale_sizes:
        log("scale: %d favorites: the store, %d starts, %d copies without and with the window"
            % (size, plan.scale_start_runs, plan.scale_copies))
        db = make_store(world, size)
        times, reason = measures.ready_times(world, db, plan.scale_start_runs)
        results.record("scale: agent start to READY=1, %d favorites" % size, "HeroBridge", times, "ms", reason)
        for window in (False, True):
            mode = "window shown" if window else "--no-window"
            hb = contenders.HeroBridge(world)
            hb.db = db
            hb.log_path = world.path("scale-%d-%s.log" % (size, "window" if window else "nowindow"))
            t0 = time.perf_counter()
            hb.start(window=window, extra=["--accept-unknown"])
            if settled(world, db, hb, window) and window:
                # READY=1 waits for no row: the window reads them a page per worker job after it.
                results.single("scale: agent start to every row read into the window, %d favorites" % size,
                               "HeroBridge", "ms", (time.perf_counter() - t0) * 1000)
            times, reason = copies(world, hb, "%d %s" % (size, "w" if window else "n"), plan.scale_copies)
            name = "scale: copy-to-stored, %d favorites, %s" % (size, mode)
            results.record(name, "HeroBridge", times, "ms", reason)
            if times:
                copy_ms[(size, mode)] = sorted(times)[len(times) // 2]
            if window:
                time.sleep(0.5)
                results.single("scale: RSS, %d favorites, window shown, after %d copies" % (size, plan.scale_copies),
                               "HeroBridge", "MB", measures.proc_stats(hb.pids())[2] / 1024)
                results.single("scale: peak RSS (VmHWM), %d favorites, window shown, after %d copies"
                               % (size, plan.scale_copies), "HeroBridge", "MB", peak_kb(hb.pids()) / 1024)
            hb.stop()
    small, large = min(plan.scale_sizes), max(plan.scale_sizes)
    for mode in ("--no-window", "window shown"):
        if (small, mode) in copy_ms and (large, mode) in copy_ms:
            results.single("scale: copy-to-stored %d / %d favorites, %s" % (large, small, mode), "HeroBridge", "x",
                           copy_ms[(large, mode)] / copy_ms[(small, mode)])


def main():
    plan = measures.plan(os.environ.get("BENCH_QUICK") == "1")
    sizes = tuple(int(arg) for arg in sys.argv[1:]) or plan.scale_sizes
    plan = plan._replace(scale_sizes=sizes)
    world = World("herobridge-scale-")
    results = measures.Results()
    try:
        measure(world, plan, results)
    finally:
        world.close()
    from report import table
    print(table(results.results, ["HeroBridge"]))
    if results.failures:
        print("\nFAILED: " + "; ".join(results.failures))


if __name__ == "__main__":
    main()
