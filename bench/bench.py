#!/usr/bin/python3
"""`make bench`: HeroBridge measured side by side with xclip (the reference reader) and CopyQ (the most complete
X11 clipboard manager), in one run on a private Xvfb, alternating the contenders run by run so that the machine's
drift cancels out. Writes bench/results.json and BENCHMARKS.md; prints a table. Nothing here is hard-coded: every
figure is measured in this run, and a contender that fails is reported as failed.

The pieces: xharness.py (the private Xvfb, the environment, the child processes), contenders.py (HeroBridge and
CopyQ), measures.py (what is measured, and how many times), report.py (results.json, the table, BENCHMARKS.md).
BENCH_QUICK=1: fewer runs, for trying the harness itself."""
import os
import shutil
import time

import contenders
import measures
import report
import scale
from xharness import World


def main():
    plan = measures.plan(os.environ.get("BENCH_QUICK") == "1")
    world = World("herobridge-bench-")
    hb, copyq, floor = contenders.HeroBridge(world), contenders.CopyQ(world), contenders.Floor(world)
    try:
        run(world, plan, hb, copyq, floor)
    finally:
        floor.stop()
        copyq.kill_all()
        world.close()


def run(world, plan, hb, copyq, floor):
    started = time.time()
    results = measures.Results()
    images = world.path("images")
    os.makedirs(images)
    five, fifty = (os.path.join(images, n) for n in ("5mb.png", "50mb.png"))
    measures.make_pngs([(five, 1300, 1300), (fifty, 4100, 4100)])
    names = measures.catalog_names(world)
    try:
        copyq.start()
    except RuntimeError as error:
        results.fail("CopyQ: %s" % error)
    measures.text(world, plan, results, hb, copyq, floor, names)
    measures.images(world, plan, results, hb, copyq, [("5 MB", five), ("50 MB", fifty)])
    # Fresh processes for memory and idle.
    copyq.stop()
    shutil.rmtree(world.env["HOME"] + "/.config/copyq", ignore_errors=True)
    hb.forget_db()
    copyq.start()
    hb.start()
    time.sleep(2)
    measures.rss_both(results, "at start", hb, copyq)
    measures.idle(plan, results, hb, copyq, "after start")
    measures.memory_text(world, plan, results, hb, copyq, names)
    measures.memory_images(world, plan, results, hb, copyq, five, names[plan.text_copies % len(names):] + names)
    measures.settle_after_large_image(world, hb, copyq, fifty)
    measures.idle(plan, results, hb, copyq, "after the 50 MB ingest")
    hb.stop()
    copyq.stop()
    many = measures.favorites_db(world)
    measures.cli(world, plan, results, many)
    measures.start_to_ready(world, plan, results, many)
    measures.drop(world, plan, results, hb, names[-plan.drop_runs:], five)
    scale_targets = scale.measure(world, plan, results)
    seconds = time.time() - started
    report.add_ratios(results.results)
    copyq_version = world.run(["copyq", "--version"]).stdout.decode().split("\n")[0]
    machine = report.machine(copyq_version, {"5 MB": os.path.getsize(five), "50 MB": os.path.getsize(fifty)},
                             plan.quick, seconds)
    report.write(results.results, results.failures, machine, seconds, plan.idle_seconds, scale_targets)


if __name__ == "__main__":
    main()
