#!/usr/bin/python3
"""`make bench`'s hostile Wayland sources (issue 26): for each, a fresh release agent (its defaults: --timeout 5 s,
--max-bytes 64M) on a private headless sway (bench/wlharness.py) meets Tests/Fixtures/wayland_source.c in one
hostile mode; once the agent has logged the line that ends that offer, the source is stopped and a normal copy
(`wl-copy NAME`) must be stored. Measured: the agent's longest event-loop stall (`status --json`), its peak RSS
(VmHWM, and VmRSS sampled every 10 ms) and the next copy's time to `clipboard: added NAME`.
Targets: stall under 50 ms, peak RSS under 150 MB, the next copy stored.

  never-write     takes the pipe, never writes, never closes                 -> "sent nothing for 5 s"
  never-close     writes 8 bytes, never closes                               -> "sent nothing for 5 s"
  huge-100MB      100,000,000 bytes of text/plain;charset=utf-8              -> cut at the text cap (1 MiB)
  huge-100MB-png  100,000,000 bytes offered as image/png                     -> cut at --max-bytes (64 MiB)
  many-types-10k  text plus 10,000 MIME types                                -> "… types; not read", or sway
                  (libwayland-server 1.21) drops the agent's full socket and the agent connects again
  half-close      "Spider-Man" cut after half its bytes                      -> "no hero named "Spide""

usage: bench/wlstress.py [--only NAME,...] [--record] [--strict]
  --record  also put the figures into bench/results.json ("wayland_stress") and a section of BENCHMARKS.md
  --strict  exit 1 when a target is missed
Always writes bench/wlstress.json (with each case's agent log)."""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measures  # noqa: E402
import report  # noqa: E402
from stress import Sampler  # noqa: E402
from wlharness import WlWorld, wait_for_text  # noqa: E402
from xharness import BIN, ROOT, Agent, kill, log, wait_until  # noqa: E402

TARGET_STALL_MS = 50
TARGET_RSS_MB = 150
TIMEOUT = float(os.environ.get("STRESS_TIMEOUT", "60"))  # how long the agent may take to end one hostile offer
NEXT_COPY_TIMEOUT = 40  # the agent may be waiting out a reconnection back-off (many-types)

CASES = [
    ("never-write", "never writes, never closes", ["--never-write", "--text", "Thor"], ["sent nothing for"]),
    ("never-close", "writes 8 bytes, never closes", ["--never-close", "--text", "Thor"], ["sent nothing for"]),
    ("huge-100MB", "100,000,000 bytes of text/plain;charset=utf-8",
     ["--huge", "100000000", "--type", "text/plain;charset=utf-8"], ["transfer abandoned", "sent more than"]),
    ("huge-100MB-png", "100,000,000 bytes offered as image/png",
     ["--huge", "100000000", "--type", "image/png"], ["transfer abandoned", "sent more than"]),
    ("many-types-10k", "text plus 10,000 MIME types", ["--many-types", "10000", "--text", "Thor"],
     ["types; not read", "dropped this agent's connection"]),
    ("half-close", "\"Spider-Man\", closed after half its bytes", ["--half-close", "Spider-Man"],
     ["no hero named", "could not store", "ignored"]),
]


def longest_stall(world, agent):
    result = world.run([BIN, "--db", agent.db, "status", "--display", world.display, "--json"])
    try:
        return json.loads(result.stdout).get("longestStallMs")
    except ValueError:
        return None


def run_case(world, index, name, what, args, endings, next_name):
    log("Wayland stress %s: %s" % (name, what))
    world.check()
    agent = Agent(world, "agent-%d-%s" % (index, name))
    agent.start(window=False)
    ready = [text for _, text, _ in agent.read() if text.startswith("ready: display")][-1]
    if "over Wayland" not in ready:
        raise RuntimeError("the agent is not watching over Wayland: " + ready)
    sampler = Sampler(agent)
    sampler.start()
    already = len(agent.read())
    out = world.sway.file("source-%s.out" % name)
    source = world.source(args, out)
    offered = time.time()
    # The many-types source may itself be dropped by sway before it can say "ready": the agent's line tells.
    source_ready = wait_for_text(out, "ready", 30) if name != "many-types-10k" else None
    done = []

    def ended():
        for when, text, raw in agent.read()[already:]:
            if any(e in text for e in endings):
                done.append((when, raw))
                return True
        return not agent.alive()

    wait_until(ended, TIMEOUT, 0.01)
    time.sleep(0.5)  # what follows the line is measured too
    kill(source)
    source_output = open(out).read()[-300:]
    # The next copy: wl-copy is a data-control client too, so it comes only once the hostile source is gone.
    since = len(agent.read())
    t0 = time.time()
    status = world.wl_copy(next_name)
    stored = wait_until(lambda: any(text == "clipboard: added " + next_name for _, text, _ in agent.read()[since:])
                        or not agent.alive(), NEXT_COPY_TIMEOUT, 0.002) and agent.alive()
    added = [when for when, text, _ in agent.read()[since:] if text == "clipboard: added " + next_name]
    time.sleep(0.2)
    stall = longest_stall(world, agent)
    hwm = agent.status("VmHWM")
    sampler.running = False
    sampler.join()
    alive = agent.alive()
    lines = [raw for _, _, raw in agent.lines[already:]]
    exit_status = agent.stop()
    peak_kb = max(hwm or 0, sampler.peak_kb)
    result = {
        "what": what, "source_args": args, "source_ready": source_ready, "source_output": source_output,
        "done_line": done[0][1] if done else None,
        "done_after_s": round(done[0][0] - offered, 2) if done else None,
        "stall_ms": stall, "peak_rss_mb": round(peak_kb / 1024, 1) if peak_kb else None,
        "peak_rss_source": "VmHWM" if hwm and hwm >= sampler.peak_kb else "sampled VmRSS",
        "next_copy": next_name, "next_copy_ms": round((added[0] - t0) * 1000, 1) if stored and added else None,
        "agent_alive_at_end": alive, "agent_exit": exit_status, "log": lines[-40:],
        "reconnections": sum(1 for line in lines if "dropped this agent's connection" in line),
    }
    if status != 0:
        result["next_copy_problem"] = "wl-copy exited %d" % status
    elif not stored:
        result["next_copy_problem"] = "not stored within %d s (agent log: %s)" % (
            NEXT_COPY_TIMEOUT, " | ".join(lines[-3:]))
    if sampler.killed_at_kb is not None:
        result["killed_by_harness_at_mb"] = round(sampler.killed_at_kb / 1024, 1)
    if result["reconnections"]:
        result["note"] = "sway dropped the agent's connection %d time(s); it connected again" % result["reconnections"]
    result["meets_targets"] = bool(done and stall is not None and stall < TARGET_STALL_MS and peak_kb
                                   and peak_kb / 1024 < TARGET_RSS_MB and result["next_copy_ms"] is not None)
    log("  ended: %s; stall %s ms, peak RSS %s MB, next copy %s ms%s" % (
        result["done_line"], stall, result["peak_rss_mb"], result["next_copy_ms"],
        ", reconnections %d" % result["reconnections"] if result["reconnections"] else ""))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--strict", action="store_true")
    options = parser.parse_args()
    wanted = options.only.split(",") if options.only else None
    started = time.time()
    section = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cases": {}, "timeout_s": TIMEOUT,
               "targets": {"stall_ms": TARGET_STALL_MS, "peak_rss_mb": TARGET_RSS_MB}}
    world = WlWorld("herobridge-wlstress-")
    try:
        section["compositor"] = world.sway.run(["sway", "--version"]).stdout.decode().strip()
        names = measures.catalog_names(world)
        for index, (name, what, args, endings) in enumerate(CASES):
            if wanted and name not in wanted:
                continue
            try:
                section["cases"][name] = run_case(world, index, name, what, args, endings, names[index])
            except RuntimeError as error:
                log("  %s: harness error: %s" % (name, error))
                section["cases"][name] = {"what": what, "harness_error": str(error), "meets_targets": False,
                                          "stall_ms": None, "peak_rss_mb": None, "next_copy_problem": str(error)}
    finally:
        world.close()
    if not section["cases"]:
        sys.exit("wlstress: no case ran")
    stalls = [r["stall_ms"] for r in section["cases"].values() if r.get("stall_ms") is not None]
    peaks = [r["peak_rss_mb"] for r in section["cases"].values() if r.get("peak_rss_mb") is not None]
    section["longest_stall_ms"] = round(max(stalls), 2) if stalls else None
    section["highest_rss_mb"] = max(peaks) if peaks else None
    section["order"] = [name for name, _, _, _ in CASES if name in section["cases"]]
    section["all_met"] = all(r["meets_targets"] for r in section["cases"].values())
    section["duration_s"] = round(time.time() - started)
    with open(os.path.join(ROOT, "bench", "wlstress.json"), "w") as f:
        json.dump(section, f, indent=2, sort_keys=True)
    if options.record:
        report.record_wayland_stress(section)
    print(report.wayland_stress_table(section))
    print("\nlongest stall %s ms, highest peak RSS %s MB: targets %s" % (
        section["longest_stall_ms"], section["highest_rss_mb"], "met" if section["all_met"] else "MISSED"))
    if options.strict and not section["all_met"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
