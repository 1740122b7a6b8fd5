#!/usr/bin/python3
"""Issue 11's stress scenarios: "never stall, never bloat". For each scenario, on a private Xvfb, a fresh release
agent (temp database, drop window shown) ingests one large clipboard offer while Tests/Fixtures/xdnd_probe.py
hovers over the drop window and times every XdndPosition to its XdndStatus; the agent's RSS is sampled every
10 ms and its VmHWM read at the end. Targets: every Status within 50 ms, peak RSS under 150 MB.

  png-50MB       a 50 MB PNG (random pixels) and the name "Hulk", over INCR         -> Hulk's portrait
  html-64MB      64,000,000 bytes of text/html ("&&&…"), over INCR                  -> nothing to store
  json-10k       a 10,000-hero array of application/x-herobridge-hero+json          -> 10,000 new favorites
  urilist-1000   a text/uri-list of 1,000 lines, each naming the same 20 MB PNG     -> Loki with that portrait
  portrait-8k    an 8000x8000 RGBA PNG (small file, 256 MB of pixels) and "Thor"    -> Thor's portrait + thumbnail
  busy-worker    the 50 MB PNG again; once its transfer is over and the worker validates it, SIGTERM is timed
                 to the agent's exit (target: 1 s, exit 0), and in another run a PRIMARY copy to its read

usage: bench/stress.py [--only NAME,...] [--record] [--strict] [--from bench/stress.json]
  --record  also put the figures into bench/results.json ("stress") and a section of BENCHMARKS.md
            (what `make bench` does, after bench/bench.py wrote them)
  --strict  exit 1 when a target is missed (default: report it and exit 0, as bench.py does)
STRESS_QUICK=1: smaller data (5 MB PNG, 8 MB HTML, 1,000 heroes, 100 lines, 4000x4000) for trying the harness.
STRESS_TIMEOUT (default 180 s): how long one ingest may take before it is reported unfinished.
STRESS_DRAIN (default 120 s): how long the probe then still waits for a Status it is owed (a stall that outlives
the ingest's log line is measured to its end; a Status never answered counts from its send to the probe's end).
STRESS_RSS_LIMIT_MB (default 2048): the agent is killed when its RSS passes this (the machine is shared; a
scenario that would hold 1,000 copies of a 20 MB file must not take all its memory), and the scenario says so.
Always writes bench/stress.json.
"""
import argparse
import json
import os
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import replace_section  # noqa: E402
from xharness import ROOT, Agent, World, kill, log, wait_until  # noqa: E402

QUICK = os.environ.get("STRESS_QUICK") == "1"
TIMEOUT = float(os.environ.get("STRESS_TIMEOUT", "180"))
RSS_LIMIT_MB = int(os.environ.get("STRESS_RSS_LIMIT_MB", "2048"))
# After the ingest's log line and 1 s more, how long the probe still waits for the Status it is owed: work done
# after the line (the window's thumbnail) stalls the loop too, and that stall is measured to its end.
DRAIN = float(os.environ.get("STRESS_DRAIN", "120"))
TARGET_MS = 50
TARGET_RSS_MB = 150
HERO_JSON = "application/x-herobridge-hero+json"  # Sources/HeroTransfer/Importers/HeroJSONImporter.swift
# The first log line that says an ingest is over, whatever it stored: the report lines come after the whole
# read, decode and store (debug lines "received …", "new owner …" and warnings about one target come earlier).
ORDER = ["png-50MB", "html-64MB", "json-10k", "urilist-1000", "portrait-8k"]
DONE = re.compile(r"^clipboard: (added |updated |ignored |skipped: |nothing to ingest|could not store|import failed|owner \S+ \S+: (announced|sent more than))")


# ---- data --------------------------------------------------------------------------------------------------

def write_png(path, width, height, rows, color_type, level):
    """A PNG from an iterator of raw rows (without the filter byte), 8 bits per sample; streamed, so an
    8000x8000 image never sits in memory."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)))
        compressor = zlib.compressobj(level)
        pending = b""
        for row in rows:
            pending += compressor.compress(b"\x00" + row)
            if len(pending) >= 1 << 20:
                f.write(chunk(b"IDAT", pending))
                pending = b""
        pending += compressor.flush()
        f.write(chunk(b"IDAT", pending))
        f.write(chunk(b"IEND", b""))


def noise_png(path, side):
    write_png(path, side, side, (os.urandom(side * 3) for _ in range(side)), 2, 1)


def flat_png(path, side):
    """RGBA, eight horizontal bands of one colour each: highly compressible."""
    colours = [bytes([40 * i % 256, 255 - 30 * i, 90, 255]) for i in range(8)]
    rows = (colours[y * 8 // side] * side for y in range(side))
    write_png(path, side, side, rows, 6, 6)


def make_data(world):
    data = world.path("data")
    os.makedirs(data)
    files = {}
    log("stress: writing the data")
    files["png"] = os.path.join(data, "big.png")
    noise_png(files["png"], 1300 if QUICK else 4100)  # 5 MB / 50 MB of incompressible pixels
    files["html"] = os.path.join(data, "big.html")
    with open(files["html"], "wb") as f:
        f.write(b"&" * (8_000_000 if QUICK else 64_000_000))  # under the default --max-bytes (64 MiB): read whole
    files["json"] = os.path.join(data, "heroes.json")
    count = 1000 if QUICK else 10_000
    with open(files["json"], "w") as f:
        json.dump([{"name": "Stress Hero %05d" % i, "description": "hero %d of the stress array" % i}
                   for i in range(count)], f)
    files["json_count"] = count
    files["loki"] = os.path.join(data, "Loki.png")
    noise_png(files["loki"], 820 if QUICK else 2600)  # 2 MB / 20 MB
    files["uris"] = os.path.join(data, "list.uris")
    with open(files["uris"], "w") as f:
        f.write("".join("file://%s\r\n" % files["loki"] for _ in range(100 if QUICK else 1000)))
    files["portrait"] = os.path.join(data, "portrait.png")
    flat_png(files["portrait"], 4000 if QUICK else 8000)
    return files


def scenarios(files):
    def size(key):
        return os.path.getsize(files[key])
    return [
        ("png-50MB", "%.1f MB image/png + UTF8_STRING Hulk" % (size("png") / 1e6),
         ["image/png=@" + files["png"], "UTF8_STRING=Hulk"]),
        ("html-64MB", "%.1f MB text/html of '&'" % (size("html") / 1e6), ["text/html=@" + files["html"]]),
        ("json-10k", "%d heroes, %.1f MB of %s" % (files["json_count"], size("json") / 1e6, HERO_JSON),
         [HERO_JSON + "=@" + files["json"]]),
        ("urilist-1000", "text/uri-list, %d lines naming one %.1f MB PNG" % (
            open(files["uris"]).read().count("\n"), size("loki") / 1e6), ["text/uri-list=@" + files["uris"]]),
        ("portrait-8k", "%s RGBA PNG (%.2f MB file) + UTF8_STRING Thor, window shown" % (
            "4000x4000" if QUICK else "8000x8000", size("portrait") / 1e6),
         ["image/png=@" + files["portrait"], "UTF8_STRING=Thor"]),
    ]


# ---- one scenario ------------------------------------------------------------------------------------------

class Sampler(threading.Thread):
    """VmRSS every 10 ms; kills the agent past RSS_LIMIT_MB."""

    def __init__(self, agent):
        super().__init__(daemon=True)
        self.agent, self.peak_kb, self.killed_at_kb, self.running = agent, 0, None, True

    def run(self):
        while self.running:
            rss = self.agent.status("VmRSS")
            if rss is not None:
                self.peak_kb = max(self.peak_kb, rss)
                if rss > RSS_LIMIT_MB * 1024 and self.killed_at_kb is None:
                    self.killed_at_kb = rss
                    kill(self.agent.proc)
            time.sleep(0.01)


def run_scenario(world, index, name, what, offers):
    log("stress %s: %s" % (name, what))
    world.check()
    agent = Agent(world, "agent-%d-%s" % (index, name))
    agent.start()
    time.sleep(0.5)  # the window's first paint
    sampler = Sampler(agent)
    sampler.start()
    probe_out = world.path("probe-%s.json" % name)
    probe = world.spawn(["/usr/bin/python3", os.path.join(ROOT, "Tests", "Fixtures", "xdnd_probe.py"),
                         "--duration", str(TIMEOUT + 60), "--drain", str(DRAIN)], stdout=open(probe_out, "w"),
                        stderr=open(probe_out + ".err", "w"))
    if not wait_until(lambda: "ready" in open(probe_out + ".err").read(), 15):
        raise RuntimeError("the probe did not start: " + open(probe_out + ".err").read())
    time.sleep(0.3)  # a baseline of idle answers
    already = len(agent.read())
    owner_out = world.path("owner-%s.out" % name)
    owner = world.fixture("bulk_owner.py", offers, owner_out)
    if not wait_until(lambda: "ready" in open(owner_out).read(), 60, 0.001):
        raise RuntimeError("the owner did not start: " + open(owner_out).read())
    owned = time.time()
    done = None

    def finished():
        nonlocal done
        for when, text, raw in agent.read()[already:]:
            if DONE.match(text):
                done = (when, raw)
                return True
        return not agent.alive()

    wait_until(finished, TIMEOUT, 0.01)
    time.sleep(1.0 if done else 0)  # what follows the log line (the window's thumbnail, freeing) is measured too
    hwm = agent.status("VmHWM")
    kill(probe, 15)  # SIGTERM: the probe waits for the Status it is owed, sends XdndLeave, prints its JSON
    try:
        probe.wait(DRAIN + 15)
    except Exception:
        kill(probe)
    sampler.running = False
    sampler.join()
    try:
        figures = json.loads(open(probe_out).read().strip().splitlines()[-1])
    except (IndexError, ValueError):
        figures = {"error": "no probe output: " + open(probe_out + ".err").read()[-300:]}
    lines = [raw for _, text, raw in agent.lines[already:] if not text.startswith("clipboard: received")]
    alive = agent.alive()
    exit_status = agent.stop()
    kill(owner)
    peak_kb = max(hwm or 0, sampler.peak_kb)
    result = {
        "what": what,
        "finished": done is not None,
        "ingest_s": round(done[0] - owned, 2) if done else None,
        "done_line": done[1] if done else None,
        "probe": figures,
        "peak_rss_mb": round(peak_kb / 1024, 1),
        "peak_rss_source": "VmHWM" if hwm and hwm >= sampler.peak_kb else "sampled VmRSS",
        "agent_alive_at_end": alive,
        "agent_exit": exit_status if alive else (agent.proc.returncode if agent.proc else None),
        "log_head": lines[:6],
        "log_tail": lines[-3:],
    }
    if sampler.killed_at_kb is not None:
        result["killed_by_harness_at_mb"] = round(sampler.killed_at_kb / 1024, 1)
    elif not alive:
        result["agent_died"] = True
    result["meets_targets"] = bool(
        result["finished"] and figures.get("max_ms") is not None and figures["max_ms"] <= TARGET_MS
        and not figures.get("unanswered") and result["peak_rss_mb"] < TARGET_RSS_MB)
    log("  finished=%s in %s s, probe max %s ms p99 %s ms, unanswered %s, peak RSS %.1f MB%s" % (
        result["finished"], result["ingest_s"], figures.get("max_ms"), figures.get("p99_ms"),
        figures.get("unanswered"), result["peak_rss_mb"],
        (", KILLED at %s MB by the harness" % result["killed_by_harness_at_mb"]) if sampler.killed_at_kb else ""))
    return result


# ---- while a 50 MB portrait is validated ---------------------------------------------------------------------

RECEIVED_PNG = re.compile(r"^clipboard: received image/png, ")


def wait_for_line(agent, since, pattern, timeout):
    """(epoch seconds, text) of the first log line after index `since` matching `pattern`, None on timeout."""
    found = []

    def seen():
        for when, text, _ in agent.read()[since:]:
            if pattern.match(text):
                found.append((when, text))
                return True
        return not agent.alive()

    wait_until(seen, timeout, 0.001)
    return found[0] if found else None


def run_busy_worker(world, index, files):
    """The X thread's promise while the worker validates the 50 MB PNG (its transfer is over, its ingest is not),
    with two fresh agents: SIGTERM the moment the PNG is received ends the agent within 1 s with exit 0; and a
    PRIMARY copy made at that moment is read (timed from xclip's start to the agent's "received" line, PRIMARY's
    400 ms settle included)."""
    log("stress busy-worker: SIGTERM, then a PRIMARY copy, while the 50 MB PNG is validated")
    world.check()
    result = {"what": "during the png-50MB ingest, after its transfer: SIGTERM; a PRIMARY copy"}
    for phase in ("sigterm", "primary"):
        agent = Agent(world, "agent-%d-busy-%s" % (index, phase))
        agent.start(["--selections", "clipboard,primary"])
        already = len(agent.read())
        owner_out = world.path("owner-busy-%s.out" % phase)
        owner = world.fixture("bulk_owner.py", ["image/png=@" + files["png"], "UTF8_STRING=Hulk"], owner_out)
        xclip = None
        try:
            if not wait_until(lambda: "ready" in open(owner_out).read(), 60, 0.001):
                raise RuntimeError("the owner did not start: " + open(owner_out).read())
            if wait_for_line(agent, already, RECEIVED_PNG, TIMEOUT) is None:
                raise RuntimeError("the agent never received the PNG")
            if phase == "sigterm":
                signalled = time.time()
                agent.proc.send_signal(signal.SIGTERM)
                try:
                    result["sigterm_exit"] = agent.proc.wait(10)
                except subprocess.TimeoutExpired:
                    result["sigterm_exit"] = "still running after 10 s"
                result["sigterm_to_exit_ms"] = round((time.time() - signalled) * 1000, 1)
                texts = [text for _, text, _ in agent.read()[already:]]
                result["sigterm_cut_an_ingest"] = any(t.startswith("stopping with an ingest still running") for t in texts)
            else:
                copied = time.time()
                xclip = world.spawn(["xclip", "-selection", "primary", "-quiet"], stdin=subprocess.PIPE,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                xclip.stdin.write(b"Thor")
                xclip.stdin.close()
                primary = wait_for_line(agent, already, re.compile(r"^primary: received UTF8_STRING"), 10)
                wait_for_line(agent, already, re.compile(r"^clipboard: added Hulk"), TIMEOUT)
                added = [when for when, text, _ in agent.read()[already:] if text.startswith("clipboard: added Hulk")]
                result["primary_read_ms"] = round((primary[0] - copied) * 1000, 1) if primary else None
                result["primary_read_before_hulk_stored"] = bool(primary) and (not added or primary[0] < added[0])
        finally:
            kill(xclip)
            kill(owner)
            if agent.alive():
                kill(agent.proc)
    result["meets_targets"] = bool(result.get("primary_read_ms") is not None and result.get("sigterm_exit") == 0
                                   and result["sigterm_to_exit_ms"] <= 1000)
    log("  SIGTERM to exit %s ms, exit %s (an ingest was cut: %s); PRIMARY read in %s ms (before Hulk was stored: %s)" % (
        result.get("sigterm_to_exit_ms"), result.get("sigterm_exit"), result.get("sigterm_cut_an_ingest"),
        result.get("primary_read_ms"), result.get("primary_read_before_hulk_stored")))
    return result


# ---- report ------------------------------------------------------------------------------------------------

def table(report):
    rows = ["| scenario | ingest finished | probe p50 / p99 / max (ms) | Positions (unanswered) | peak RSS | targets |",
            "| --- | --- | --- | --- | --- | --- |"]
    order = [name for name in ORDER if name in report["scenarios"]]
    order += [name for name in report["scenarios"] if name not in order]
    notes = []
    for name in order:
        r = report["scenarios"][name]
        if r.get("note"):
            notes.append("%s: %s." % (name, r["note"]))
        p = r["probe"]
        if r.get("killed_by_harness_at_mb"):
            finished = "no: agent killed at %.0f MB RSS" % r["killed_by_harness_at_mb"]
        elif r.get("agent_died"):
            finished = "no: agent died (%s)" % r.get("agent_exit")
        else:
            finished = ("yes, %.2f s" % r["ingest_s"]) if r["finished"] else "no, not within %d s" % report["timeout_s"]
        probe = "%s / %s / %s" % (p.get("p50_ms"), p.get("p99_ms"), p.get("max_ms")) if "error" not in p else p["error"]
        rows.append("| %s: %s | %s | %s | %s (%s) | %.1f MB | %s |" % (
            name, r["what"], finished, probe, p.get("count"), p.get("unanswered"), r["peak_rss_mb"],
            "met" if r["meets_targets"] else "MISSED"))
    busy = report.get("busy_worker")
    if busy:
        notes.append("busy-worker, the moment the 50 MB PNG's transfer was over (the worker then validates it): SIGTERM "
                     "ended the agent in %s ms with exit %s (%s; target: within 1 s, exit 0); in another run a PRIMARY "
                     "copy was read in %s ms from xclip's start (PRIMARY's 400 ms settle included), %s Hulk was "
                     "stored: %s." % (
                         busy.get("sigterm_to_exit_ms"), busy.get("sigterm_exit"),
                         "the ingest was cut, nothing partial stored" if busy.get("sigterm_cut_an_ingest")
                         else "the ingest had ended", busy.get("primary_read_ms"),
                         "before" if busy.get("primary_read_before_hulk_stored") else "after",
                         "met" if busy.get("meets_targets") else "MISSED"))
    return "\n".join(rows) + "".join("\n\n" + note for note in notes)


def summary_line(report):
    worst = report["longest_stall"]
    return ("longest loop stall seen: %s ms (%s); highest peak RSS: %.1f MB (%s); targets (every Status within %d ms, "
            "peak RSS under %d MB) %s" % (worst["ms"], worst["scenario"], report["highest_rss"]["mb"],
                                          report["highest_rss"]["scenario"], TARGET_MS, TARGET_RSS_MB,
                                          "met" if report["all_met"] else "MISSED"))


def markdown(report):
    return """## Stress: loop stalls and peak RSS (issue 11)

%s%s

%s.

How it is measured (bench/stress.py): for each scenario a fresh release agent (temp database, drop window shown)
on a private Xvfb; Tests/Fixtures/bulk_owner.py offers the data on CLIPBOARD (INCR in chunks of 252 KiB);
Tests/Fixtures/xdnd_probe.py hovers over the drop window from before the offer until 1 s after the agent's log
line that ends the ingest (then up to %d s more for a Status still owed), sending an XdndPosition every 10 ms once
the last XdndStatus came (or 2 s passed) and timing each Position to its Status. A Status that takes longer than
2 s counts as unanswered; one never answered counts from its send to the probe's end (a lower bound). Peak RSS: VmHWM of
the agent (one process per scenario), cross-checked with VmRSS sampled every 10 ms; past %d MB the harness kills
the agent and says so. Targets: every Status within %d ms, peak RSS under %d MB. Reproduce alone:
`/usr/bin/python3 bench/stress.py` (about %s).
""" % ("Quick run (STRESS_QUICK=1, smaller data). " if report["quick"] else "", report["date"], table(report) + "\n\n"
       + summary_line(report), report.get("drain_s", DRAIN), report["rss_limit_mb"], TARGET_MS, TARGET_RSS_MB,
       "%d s on the last run" % report["duration_s"])


def record(report):
    """Merges into bench/results.json (key "stress") and replaces the section in BENCHMARKS.md."""
    path = os.path.join(ROOT, "bench", "results.json")
    try:
        results = json.load(open(path))
    except (FileNotFoundError, ValueError):
        results = {}
    compact = json.loads(json.dumps(report))  # results.json gets the figures; bench/stress.json keeps the detail
    for scenario in compact["scenarios"].values():
        scenario.get("probe", {}).pop("stalls", None)
        for key in ("log_head", "log_tail"):
            scenario.pop(key, None)
    results["stress"] = compact
    with open(path, "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
    # In place: the sections after it (bench/wlbench.py's, bench/wlstress.py's) stay.
    replace_section("## Stress: loop stalls and peak RSS", markdown(report))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--from", dest="source", metavar="JSON",
                        help="run nothing: print (and with --record, record) an earlier run's bench/stress.json")
    options = parser.parse_args()
    if options.source:
        report = json.load(open(options.source))
        if options.record:
            record(report)
        print(table(report))
        print("\n" + summary_line(report))
        sys.exit(1 if options.strict and not report["all_met"] else 0)
    started = time.time()
    world = World("herobridge-stress-")
    report = {"quick": QUICK, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "scenarios": {},
              "targets": {"status_ms": TARGET_MS, "peak_rss_mb": TARGET_RSS_MB}, "timeout_s": TIMEOUT,
              "rss_limit_mb": RSS_LIMIT_MB, "drain_s": DRAIN}
    try:
        files = make_data(world)
        wanted = options.only.split(",") if options.only else None
        for index, (name, what, offers) in enumerate(scenarios(files)):
            if wanted and name not in wanted:
                continue
            try:
                report["scenarios"][name] = run_scenario(world, index, name, what, offers)
            except RuntimeError as error:
                log("  %s: harness error: %s" % (name, error))
                report["scenarios"][name] = {"what": what, "finished": False, "probe": {"error": str(error)},
                                             "peak_rss_mb": 0, "meets_targets": False, "harness_error": str(error)}
        if not wanted or "busy-worker" in wanted:
            try:
                report["busy_worker"] = run_busy_worker(world, len(ORDER), files)
            except RuntimeError as error:
                log("  busy-worker: harness error: %s" % error)
                report["busy_worker"] = {"harness_error": str(error), "meets_targets": False}
    finally:
        world.close()
    if not report["scenarios"]:
        if "busy_worker" not in report:
            sys.exit("stress: no scenario ran")
        print(json.dumps(report["busy_worker"], indent=2))  # --only busy-worker: nothing to record
        sys.exit(0 if report["busy_worker"]["meets_targets"] or not options.strict else 1)
    stalls = [(r["probe"].get("max_ms") or 0, n) for n, r in report["scenarios"].items()]
    rss = [(r["peak_rss_mb"], n) for n, r in report["scenarios"].items()]
    report["longest_stall"] = {"ms": max(stalls)[0], "scenario": max(stalls)[1]}
    report["highest_rss"] = {"mb": max(rss)[0], "scenario": max(rss)[1]}
    report["all_met"] = all(r["meets_targets"] for r in report["scenarios"].values()) and \
        report.get("busy_worker", {"meets_targets": True})["meets_targets"]
    report["duration_s"] = round(time.time() - started)
    with open(os.path.join(ROOT, "bench", "stress.json"), "w") as f:
        json.dump(report, f, indent=2, sort_keys=True)
    if options.record:
        record(report)
    print(table(report))
    print("\n" + summary_line(report))
    if options.strict and not report["all_met"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
