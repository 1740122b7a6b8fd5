#!/usr/bin/python3
"""`make bench`'s Wayland section (issue 26): HeroBridge watching the clipboard over data control on a private
headless sway, held against the floor (bench/wayland_floor_reader.c, the least a data-control reader does) and
against wl-clipboard's own watcher (`wl-paste --watch cat`), in one run, rotating blocks of 10 copies so that the
machine's drift cancels out; then the agent's longest event-loop stall, its peak RSS and its wakeups while idle.
Every figure is measured in this run; a contender that fails is reported as failed.

  copy-to-stored   from spawning `wl-copy NAME` (as the sway user) to: the hero in the SQLite file (HeroBridge,
                   queried after each line the agent logs, as bench.py does on X11); the floor reader's last byte
                   (its own CLOCK_REALTIME); the first byte `wl-paste --watch cat` passes on (read by a thread here)
  stall, RSS       `status --json`'s longestStallMs and VmHWM, per agent run (one per block of 10 copies)
  idle             a fresh agent, one copy stored, 10 s, then IDLE seconds with nothing happening: CPU ticks and
                   voluntary context switches from /proc (the main thread's, as bench.py counts; and every
                   thread's, sampled so that a thread which ends in the window is seen): wakeups are every thread's
                   switches plus one per thread started or ended

Targets: HeroBridge's median at most 1.25x the floor's; every stall under 50 ms; peak RSS under 150 MB; 0 wakeups
a minute idle. A missed target is reported, not failed on (as bench.py); --strict exits 1 then.

usage: bench/wlbench.py [--record] [--strict]
  --record  also put the figures into bench/results.json ("wayland") and a section of BENCHMARKS.md
BENCH_QUICK=1: 20 copies per contender and 15 s idle, for trying the harness. Writes bench/wlbench.json always.
Needs the release binary (make release), sway, xwayland, wl-clipboard, libwayland-dev, wayland-scanner and cc,
and, as root, the user herobridge-wl (Tests/Fixtures/wayland_test_user.sh)."""
import argparse
import collections
import json
import os
import re
import select
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contenders  # noqa: E402
import measures  # noqa: E402
import report  # noqa: E402
from wlharness import ThreadSwitches, WlWorld, wait_for_text  # noqa: E402
from xharness import ROOT, log, wait_until  # noqa: E402

TARGET_RATIO = 1.25
TARGET_STALL_MS = 50
TARGET_RSS_MB = 150
TARGET_WAKEUPS = 0
TEXT_TYPE = "text/plain;charset=utf-8"  # what wl-copy offers first, and what the floor reads
CONTENDERS = ["HeroBridge", "floor", "wl-paste --watch"]
MEASURE = "Wayland copy-to-stored"

Plan = collections.namedtuple("Plan", "quick copies idle_seconds")


def plan(quick):
    return Plan(True, 20, 15) if quick else Plan(False, 100, 60)


class WlHeroBridge(contenders.HeroBridge):
    """contenders.HeroBridge, checked to be watching over Wayland (not X11 through Xwayland) at each start."""

    def start(self, window=False):
        super().start(window)
        ready = [line for line in self.log().split("\n") if "ready: display" in line][-1]
        if "over Wayland" not in ready:
            raise RuntimeError("the agent is not watching over Wayland: " + ready)
        self.ready_line = ready.split(" ", 1)[1]

    def peak_kb(self):
        try:
            return int(re.search(r"^VmHWM:\s+(\d+)", open("/proc/%d/status" % self.proc.pid).read(), re.M).group(1))
        except (AttributeError, OSError, ValueError):
            return None


class Floor:
    """bench/wayland_floor_reader.c as the sway user: one line per copy, timed by itself."""

    def __init__(self, world):
        self.world, self.proc = world, None
        self.out = world.sway.file("floor.out")

    def start(self):
        self.proc = self.world.sway.spawn([self.world.clients["wayland_floor_reader"], TEXT_TYPE],
                                          stdout=open(self.out, "w"), stderr=subprocess.STDOUT)
        if not wait_for_text(self.out, "ready", 10):
            raise RuntimeError("the floor reader did not start: " + open(self.out).read()[-300:])

    def lines(self):
        return [line for line in open(self.out).read().split("\n") if line.startswith(("got ", "missed "))]

    def copy_text(self, text):
        before = len(self.lines())
        t0 = time.time()
        self.world.wl_copy(text)
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


class WlPasteWatch:
    """`wl-paste --watch cat` as the sway user: at each new selection wl-paste forks `cat` with the offer's pipe
    as its stdin; cat's output comes to a thread here, which notes when each chunk arrives."""

    def __init__(self, world):
        self.world, self.proc, self.thread = world, None, None
        self.chunks = []  # (time.time() on arrival, bytes)
        self.lock = threading.Lock()

    def start(self):
        self.chunks = []
        self.proc = self.world.sway.spawn(["wl-paste", "--watch", "cat"], stdout=subprocess.PIPE)
        self.thread = threading.Thread(target=self.pump, args=(self.proc,), daemon=True)
        self.thread.start()
        time.sleep(0.3)  # it passes on the selection already there (the last copy) at once: not counted
        with self.lock:
            self.chunks = []

    def pump(self, proc):
        fd = proc.stdout.fileno()
        while True:
            select.select([fd], [], [])
            data = os.read(fd, 65536)
            if not data:
                return
            with self.lock:
                self.chunks.append((time.time(), data))

    def arrived(self, text, since):
        """When the text had arrived whole (its first byte, for one this short), None before."""
        with self.lock:
            seen = b""
            for when, data in self.chunks[since:]:
                seen += data
                if text.encode() in seen:
                    return when
        return None

    def copy_text(self, text):
        with self.lock:
            since = len(self.chunks)
        t0 = time.time()
        self.world.wl_copy(text)
        found = []
        if not wait_until(lambda: found.append(self.arrived(text, since)) or found[-1] is not None, 5, 0.0005):
            return None, "%r not passed on within 5 s" % text
        return (found[-1] - t0) * 1000, None

    def stop(self):
        if self.proc:
            self.proc.kill()
            self.proc.wait()
            self.thread.join(5)
            self.proc = None


def copy_to_stored(world, p, results, hb, floor, paste, names):
    """Blocks of 10 copies rotating HeroBridge / floor / wl-paste --watch; only the contender measured watches. A
    fresh agent per HeroBridge block (as bench.py does); its stall and VmHWM are read before it stops."""
    log("Wayland copy-to-stored: %d copies each, rotating blocks of 10 (%s)" % (p.copies, ", ".join(CONTENDERS)))
    values = {name: [] for name in CONTENDERS}
    reasons = {name: [] for name in CONTENDERS}
    stalls, peaks = [], []
    index = 0
    for block in range(p.copies // 10 * len(CONTENDERS)):
        world.check()
        contender = CONTENDERS[block % len(CONTENDERS)]
        if contender == "HeroBridge":
            hb.remove_all()  # names repeat across blocks: a copy must always be a new favorite
            hb.start()
        else:
            (floor if contender == "floor" else paste).start()
        for _ in range(10):
            name = names[index % len(names)]
            index += 1
            if contender == "HeroBridge":
                t0 = time.perf_counter()
                world.wl_copy(name)
                if hb.wait_for(lambda: hb.stored(name), 5):
                    ms, why = (time.perf_counter() - t0) * 1000, None
                else:
                    ms, why = None, "%r not stored within 5 s (agent log: %s)" % (
                        name, " | ".join(hb.log().strip().split("\n")[-4:]))
            else:
                ms, why = (floor if contender == "floor" else paste).copy_text(name)
            if ms is not None:
                values[contender].append(ms)
            else:
                reasons[contender].append(why)
                results.fail("%s / %s: %s" % (MEASURE, contender, why))
        if contender == "HeroBridge":
            stalls.append(hb.longest_stall())
            peaks.append(hb.peak_kb())
            hb.stop()
        else:
            (floor if contender == "floor" else paste).stop()
    for contender, vals in values.items():
        results.record(MEASURE, contender, vals, "ms", reason=(reasons[contender] or [None])[0])
    measures.record_stall(results, "Wayland copy-to-stored (per agent run of 10 copies)", stalls)
    peaks = [kb for kb in peaks if kb]
    if peaks:
        results.single("Wayland peak RSS (VmHWM), highest agent run of the copies", "HeroBridge", "MB", max(peaks) / 1024)
    return stalls, peaks


def idle(world, p, results, hb, name):
    """A fresh agent, one copy stored (wl-copy's server keeps the selection), 10 s to settle, then p.idle_seconds
    with nothing happening. The settling covers the ingest worker's libdispatch thread, which libdispatch ends
    about 5 s after its last job: one wake-up that closes the copy's work, not a periodic one (with 2 s of
    settling it fell in the window and counted as 1 a minute)."""
    log("Wayland idle: %d s" % p.idle_seconds)
    hb.forget_db()
    hb.start()
    world.wl_copy(name)
    if not hb.wait_for(lambda: hb.stored(name), 5):
        results.fail("Wayland idle: the copy before the idle window was not stored")
    stored_at = time.monotonic()
    time.sleep(10)
    pid = hb.proc.pid
    a, threads = measures.proc_stats([pid]), ThreadSwitches(pid)
    threads.watch(p.idle_seconds)
    b = measures.proc_stats([pid])
    voluntary, _, detail = threads.result()
    detail["window_started_s_after_the_copy"] = round(threads.started_at - stored_at, 2)
    # A thread that started or ended in the window woke up at least once, whatever its counts say.
    wakeups = voluntary + len(detail["started"]) + len(detail["ended"])
    per_minute = 60 / p.idle_seconds
    label = "Wayland idle after a stored copy"
    results.single("%s: CPU ticks per minute" % label, "HeroBridge", "ticks/min", (b[0] - a[0]) * per_minute)
    results.single("%s: voluntary switches per minute (main thread)" % label, "HeroBridge", "switches/min",
                   (b[1] - a[1]) * per_minute)
    results.single("%s: voluntary switches per minute (every thread)" % label, "HeroBridge", "switches/min",
                   voluntary * per_minute)
    results.single("%s: wakeups per minute (every thread's switches, threads started or ended)" % label,
                   "HeroBridge", "wakeups/min", wakeups * per_minute)
    if detail["by_thread"] or detail["started"] or detail["ended"]:
        log("  idle: switches by thread %s; threads started %s, ended %s" % (
            detail["by_thread"], detail["started"], detail["ended"]))
    stall, peak = hb.longest_stall(), hb.peak_kb()
    hb.stop()
    return stall, peak, wakeups * per_minute, (b[0] - a[0]) * per_minute, detail


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--strict", action="store_true")
    options = parser.parse_args()
    p = plan(os.environ.get("BENCH_QUICK") == "1")
    started = time.time()
    results = measures.Results()
    world = WlWorld("herobridge-wlbench-")
    hb, floor, paste = WlHeroBridge(world), Floor(world), WlPasteWatch(world)
    try:
        names = measures.catalog_names(world)
        stalls, peaks = copy_to_stored(world, p, results, hb, floor, paste, names)
        idle_stall, idle_peak, wakeups, ticks, idle_threads = idle(world, p, results, hb, names[p.copies % len(names)])
        ready_line = getattr(hb, "ready_line", None)
        sway_version = world.sway.run(["sway", "--version"]).stdout.decode().strip()
    finally:
        floor.stop()
        paste.stop()
        if hb.proc:
            hb.stop()
        world.close()
    report.add_ratios(results.results)
    entry = results.results[MEASURE].get("HeroBridge", {})
    ratio = entry.get("ratio_to", {}).get("floor")
    all_stalls = [s for s in stalls + [idle_stall] if s is not None]
    all_peaks = [kb for kb in peaks + [idle_peak] if kb]
    targets = {
        "copy-to-stored median / floor's": {"target": "<= %.2f×" % TARGET_RATIO,
                                            "value": None if ratio is None else round(ratio, 2),
                                            "met": ratio is not None and ratio <= TARGET_RATIO},
        "longest event-loop stall": {"target": "< %d ms" % TARGET_STALL_MS,
                                     "value": round(max(all_stalls), 2) if all_stalls else None,
                                     "met": bool(all_stalls) and max(all_stalls) < TARGET_STALL_MS},
        "peak RSS": {"target": "< %d MB" % TARGET_RSS_MB,
                     "value": round(max(all_peaks) / 1024, 1) if all_peaks else None,
                     "met": bool(all_peaks) and max(all_peaks) / 1024 < TARGET_RSS_MB},
        "idle wakeups (every thread)": {"target": "%d a minute" % TARGET_WAKEUPS, "value": round(wakeups, 1),
                                        "met": wakeups <= TARGET_WAKEUPS and ticks == 0},
    }
    section = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "quick": p.quick,
               "duration_s": round(time.time() - started), "compositor": sway_version, "agent_ready": ready_line,
               "copies": p.copies, "idle_seconds": p.idle_seconds, "idle_threads": idle_threads, "results": results.results,
               "failures": results.failures, "targets": targets, "all_met": all(t["met"] for t in targets.values())}
    with open(os.path.join(ROOT, "bench", "wlbench.json"), "w") as f:
        json.dump(section, f, indent=2, sort_keys=True)
    if options.record:
        report.record_wayland(section)
    print(report.wayland_table(section))
    if options.strict and not section["all_met"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
