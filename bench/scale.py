#!/usr/bin/python3
"""Issue 30's scale rows of `make bench`: what a copy, a start and the agent's memory cost as the favorites pile up.
For each store size (1,000, 10,000 and 100,000 favorites, all custom heroes, made with `herobridge add --new`, as a
heavy user's `add --new` and `--accept-unknown` copies make them):

  copy-to-stored   `xclip -selection clipboard` of a new name to the agent's `CLIPBOARD: added NAME` log line (the
                   agent runs with --accept-unknown, so each copy adds a custom hero, the path whose cost grew with
                   the store), with `--no-window` and with the window shown, a fresh agent per block of 10 copies
  start to READY   spawning `herobridge agent` (window shown) to its READY=1 datagram (measures.ready_times)
  rows read        spawning the window-shown agent to its `window: N rows read` line (every page of rows in the
                   window), each window block's agent
  RSS              the window-shown agent's VmRSS after its copies (measures.proc_stats, as the text copy row)
  peak RSS         the same agent's VmHWM then: the most it held at any moment since its start (its first read
                   of the rows included)

The method is the text copy row's: all stores are made first, then rounds; each round starts the agent once per size
and runs a block of copies per size and mode, the order rotated round by round. A run lasts minutes and the
machine drifts over them (the first runs that measured each size in turn, 1,000 first and 100,000 last, gave a
100,000 / 1,000 ratio of 1.23 where alternating runs of the same binaries gave 1.04).

The targets: a copy at the largest size within 1.2x of the same at the smallest (each mode, medians), READY at the
largest under 100 ms (median), RSS and peak RSS at the largest under 60 MB (the highest round). bench.py runs
`measure` inside `make bench` (its rows go to the main table, its targets to their own table and to results.json's
"scale_targets"); run alone, `/usr/bin/python3 bench/scale.py [SIZE...]` prints them and records nothing
(BENCH_QUICK=1 for one round)."""
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
# Copies per agent: a block, as the text copy row's.
BLOCK = 10


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
    """The scale rows into `results` (a measures.Results); returns the targets (name: target, value, met), as
    report.targets_table prints them. Every store is made first; then rounds, each a READY start and a block of
    copies per size and mode, the order rotated round by round, as the text copy row rotates its contenders: the
    machine's drift over the minutes of a run falls on every size alike, and the largest store is not always the
    one measured last."""
    dbs = {}
    for size in plan.scale_sizes:
        log("scale: a store of %d favorites" % size)
        dbs[size] = make_store(world, size)
    blocks = [(size, window) for size in plan.scale_sizes for window in (False, True)]
    rounds = max(plan.scale_copies // BLOCK, 1)
    log("scale: %d rounds of %d starts and %d blocks of %d copies (sizes %s, without and with the window), rotating"
        % (rounds, len(plan.scale_sizes), len(blocks), BLOCK, ", ".join(map(str, plan.scale_sizes))))
    ready = {size: [] for size in plan.scale_sizes}
    figures = {key: {"copy": [], "rows read": [], "RSS": [], "peak RSS": []} for key in blocks}
    reasons = {}
    for n in range(max(rounds, plan.scale_start_runs)):
        order = plan.scale_sizes[n % len(plan.scale_sizes):] + plan.scale_sizes[:n % len(plan.scale_sizes)]
        for size in order:
            times, reason = measures.ready_times(world, dbs[size], 1)
            ready[size] += times
            reasons.setdefault(("ready", size), reason)
        if n >= rounds:
            continue
        for size, window in blocks[n % len(blocks):] + blocks[:n % len(blocks)]:
            reason = block(world, dbs[size], size, window, "%d" % n, figures[(size, window)])
            if reason:
                reasons.setdefault((size, window), reason)
    record(results, plan, ready, figures, reasons)
    return targets(plan, results)


def block(world, db, size, window, label, into):
    """A fresh agent on db (--accept-unknown, with or without the window) and BLOCK copies of new names into it;
    their times, and with the window the time to every row read and the RSS after the copies, go into `into`.
    Returns the first failure's reason, or None."""
    hb = contenders.HeroBridge(world)
    hb.db = db
    hb.log_path = world.path("scale-%d-%s-%s.log" % (size, "window" if window else "nowindow", label))
    t0 = time.perf_counter()
    hb.start(window=window, extra=["--accept-unknown"])
    try:
        if settled(world, db, hb, window) and window:
            # READY=1 waits for no row: the window reads them a page per worker job after it.
            into["rows read"].append((time.perf_counter() - t0) * 1000)
        times, reason = copies(world, hb, "%d %s %s" % (size, "w" if window else "n", label), BLOCK)
        into["copy"] += times
        if window:
            time.sleep(0.5)
            into["RSS"].append(measures.proc_stats(hb.pids())[2] / 1024)
            into["peak RSS"].append(peak_kb(hb.pids()) / 1024)
    finally:
        hb.stop()
    return reason


def mode(window):
    return "window shown" if window else "--no-window"


def record(results, plan, ready, figures, reasons):
    """The rows, size by size, in the order a reader compares them."""
    for size in plan.scale_sizes:
        results.record(ready_name(size), "HeroBridge", ready[size], "ms",
                       reasons.get(("ready", size)))
        for window in (False, True):
            f = figures[(size, window)]
            results.record(copy_name(size, window), "HeroBridge", f["copy"], "ms", reasons.get((size, window)))
            if window:
                results.record("scale: agent start to every row read into the window, %d favorites" % size,
                               "HeroBridge", f["rows read"], "ms", "the rows were not all read within 60 s")
                results.record(memory_name("RSS", size), "HeroBridge", f["RSS"], "MB")
                results.record(memory_name("peak RSS (VmHWM)", size), "HeroBridge", f["peak RSS"], "MB")
    small, large = min(plan.scale_sizes), max(plan.scale_sizes)
    for window in (False, True):
        a, b = (results.results[copy_name(s, window)]["HeroBridge"] for s in (large, small))
        if not a.get("failed") and not b.get("failed"):
            results.single(ratio_name(large, small, window), "HeroBridge", "x", a["median"] / b["median"])


def ratio_name(large, small, window):
    return "scale: copy-to-stored %d / %d favorites, %s" % (large, small, mode(window))


def copy_name(size, window):
    return "scale: copy-to-stored, %d favorites, %s" % (size, mode(window))


def ready_name(size):
    return "scale: agent start to READY=1, %d favorites" % size


def memory_name(label, size):
    """The row of `label` ("RSS" or "peak RSS (VmHWM)") at `size`: recorded by `record`, read by `targets`."""
    return "scale: %s, %d favorites, window shown, after %d copies" % (label, size, BLOCK)


def targets(plan, results):
    """Issue 30's targets from the recorded rows: the copy ratio in each mode, READY and memory at the largest
    size (for RSS and peak RSS, the highest of the rounds, not the median). A figure that failed misses."""
    small, large = min(plan.scale_sizes), max(plan.scale_sizes)

    def figure(name, key="median"):
        f = results.results.get(name, {}).get("HeroBridge")
        return None if not f or f.get("failed") else f[key]

    def target(text, value, digits, met):
        return {"target": text, "value": None if value is None else round(value, digits),
                "met": value is not None and met(value)}

    out = {}
    for window in (False, True):
        out["copy-to-stored at %d / at %d favorites, %s" % (large, small, mode(window))] = target(
            "<= %.1f×" % TARGETS["copy ratio"], figure(ratio_name(large, small, window)), 3,
            lambda v: v <= TARGETS["copy ratio"])
    out["start to READY=1 at %d favorites (median)" % large] = target(
        "< %d ms" % TARGETS["ready ms"], figure(ready_name(large)), 1, lambda v: v < TARGETS["ready ms"])
    for label in ("RSS", "peak RSS (VmHWM)"):
        out["%s at %d favorites (highest round)" % (label, large)] = target(
            "< %d MB" % TARGETS["rss mb"], figure(memory_name(label, large), "max"), 1, lambda v: v < TARGETS["rss mb"])
    return out


def main():
    plan = measures.plan(os.environ.get("BENCH_QUICK") == "1")
    sizes = tuple(int(arg) for arg in sys.argv[1:]) or plan.scale_sizes
    plan = plan._replace(scale_sizes=sizes)
    world = World("herobridge-scale-")
    results = measures.Results()
    try:
        met = measure(world, plan, results)
    finally:
        world.close()
    from report import table, targets_table
    print(table(results.results, ["HeroBridge"]))
    print("\n" + targets_table(met))
    if results.failures:
        print("\nFAILED: " + "; ".join(results.failures))


if __name__ == "__main__":
    main()
