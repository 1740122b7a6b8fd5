#!/usr/bin/python3
"""Where the time of a large INCR transfer goes. The same GTK owner of a PNG (50 MB by default) is read by
`xclip -o`, the reference reader, and by the release agent, on a private Xvfb, alternately: each run under
`perf stat` (time on CPU, context switches), the last one under `perf record` (cpu-clock samples with stacks),
whose report by library and symbol is printed for both.

usage: /usr/bin/python3 bench/transfer_profile.py [MEGABYTES]   (RUNS=3; KEEP=DIR keeps perf's files)"""
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measures import gtk_owner, make_png, stop  # noqa: E402
from xharness import BIN, World, wait_until  # noqa: E402


def perf(world, args, out, record):
    """Runs args under perf stat (task-clock, context switches) or perf record (cpu-clock samples with stacks)."""
    if record:
        return ["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-g", "-o", out, "--"] + args
    return ["perf", "stat", "-x", ",", "-e", "task-clock,context-switches", "-o", out, "--"] + args


def stat_line(path):
    values = {}
    for raw in open(path):
        parts = raw.strip().split(",")
        if len(parts) > 2 and parts[0].replace(".", "").isdigit():
            values[parts[2]] = float(parts[0])
    return "%.1f ms on CPU, %d context switches" % (values.get("task-clock", 0), values.get("context-switches", 0))


def main():
    megabytes = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    runs = int(os.environ.get("RUNS", "3"))
    side = int((megabytes * 1e6 / 3) ** 0.5)
    world = World("herobridge-profile-")
    keep = os.environ.get("KEEP")  # a folder to copy the perf.data files to
    try:
        path = world.path("big.png")
        make_png(path, side, side)
        print("PNG: %d bytes" % os.path.getsize(path))
        xclip = ["xclip", "-o", "-selection", "clipboard", "-t", "image/png"]
        log_path = world.path("agent.log")
        for run in range(runs):
            owner = gtk_owner(world, path, "Thor")
            t0 = time.perf_counter()
            subprocess.run(xclip, env=world.env, stdout=subprocess.DEVNULL, check=True)
            plain = (time.perf_counter() - t0) * 1000
            out = world.path("xclip.stat")
            t0 = time.perf_counter()
            subprocess.run(perf(world, xclip, out, False), env=world.env, stdout=subprocess.DEVNULL, check=True)
            print("xclip -o: %.1f ms wall; under perf stat %.1f ms (%s)" % (plain, (time.perf_counter() - t0) * 1000,
                                                                        stat_line(out)))
            if run == runs - 1:
                subprocess.run(perf(world, xclip, world.path("xclip.perf"), True), env=world.env,
                               stdout=subprocess.DEVNULL, check=True)
            stop(owner)

            record = run == runs - 1
            db = world.path("db%d.sqlite3" % run)
            out = world.path("agent.perf" if record else "agent.stat")
            agent = world.spawn([BIN, "--db", db, "agent", "--verbose", "--no-window"], stderr=open(log_path, "w"))
            wait_until(lambda: "ready: display" in open(log_path).read(), 20, 0.005)
            watcher = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-g", "-o", out,
                                        "-p", str(agent.pid)] if record else
                                       ["perf", "stat", "-x", ",", "-e", "task-clock,context-switches", "-o", out,
                                        "-p", str(agent.pid)], stderr=subprocess.DEVNULL)
            time.sleep(0.3)
            owner = gtk_owner(world, path, "Thor")
            wait_until(lambda: re.search(r"received image/png, \d+ bytes in \d+ ms", open(log_path).read()), 60,
                       0.002)
            watcher.send_signal(2)
            watcher.wait(30)
            got = re.findall(r"received image/png, (\d+) bytes in (\d+) ms", open(log_path).read())
            print("agent: image/png %s ms by its log%s" % (got[-1][1] if got else "not received",
                                                         "" if record else " (perf stat: %s)" % stat_line(out)))
            agent.terminate()
            agent.wait(10)
            stop(owner)
        for name in ("xclip.perf", "agent.perf"):
            report = subprocess.run(["perf", "report", "-i", world.path(name), "--stdio", "--no-children",
                                     "--sort", "dso,sym", "--percent-limit", "1.5", "-g", "none"],
                                    capture_output=True, text=True).stdout
            print("==== %s\n%s" % (name, "\n".join(l for l in report.split("\n") if l and not l.startswith("#"))))
        if keep:
            os.makedirs(keep, exist_ok=True)
            for name in ("xclip.perf", "agent.perf"):
                shutil.copy(world.path(name), keep)
    finally:
        world.close()


if __name__ == "__main__":
    main()
