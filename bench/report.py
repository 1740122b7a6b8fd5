"""bench/bench.py's report: the HeroBridge / other ratios, the machine, bench/results.json, the table (printed) and
BENCHMARKS.md."""
import json
import os
import platform
import re
import time

from xharness import ROOT


def ratio(entry, base, other):
    a, b = entry.get(base), entry.get(other)
    if not a or not b or a.get("failed") or b.get("failed") or not b["median"]:
        return None
    return a["median"] / b["median"]


def add_ratios(results):
    """HeroBridge's median over each other contender's, as HeroBridge's ratio_to, where both have one."""
    for entry in results.values():
        for contender in entry:
            if contender != "HeroBridge" and "HeroBridge" in entry:
                r = ratio(entry, "HeroBridge", contender)
                if r is not None:
                    entry["HeroBridge"].setdefault("ratio_to", {})[contender] = r


def machine(copyq_version, sizes, quick, seconds):
    cpu = re.search(r"model name\s+: (.*)", open("/proc/cpuinfo").read())
    return {"cpu": cpu.group(1) if cpu else platform.processor(), "cores": os.cpu_count(),
            "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
            "os": platform.platform(), "copyq": copyq_version,
            "image_sizes_bytes": sizes, "quick": quick, "duration_s": round(seconds)}


def cell(entry, contender):
    f = entry.get(contender)
    if f is None:
        return ""
    if f.get("failed"):
        return "failed: " + f.get("reason", "no successful run").replace("|", "/")
    text = ("%.2f %s" if f["unit"] == "x" else "%.1f %s") % (f["median"], f["unit"])
    if f.get("runs", 1) > 1:
        text += " (p95 %.1f, n=%d)" % (f["p95"], f["runs"])
    return text


# The table's columns: the floor contender and xclip -o are the references a figure is held against.
COLUMNS = ["HeroBridge", "floor", "xclip -o", "CopyQ"]


def table(results, columns=COLUMNS):
    lines = ["| measure | " + " | ".join(columns) + " | HeroBridge / other |", "|" + " --- |" * (len(columns) + 2)]
    for name, entry in results.items():
        ratios = ", ".join("%.2f× %s" % (v, k) for k, v in entry.get("HeroBridge", {}).get("ratio_to", {}).items())
        lines.append("| %s | %s | %s |" % (name, " | ".join(cell(entry, c) for c in columns), ratios))
    return "\n".join(lines)


BENCHMARKS_MD = """# Benchmarks

The last `make bench` run (%s). Medians; p95 and run count in brackets; times in ms.
Machine: %s, %d cores, %s GB; %s; %s. Run time: %d s.

%s
%s
How it is measured (bench/bench.py): a private Xvfb; the release build of `herobridge agent` (the Swift runtime
linked statically, as in the .deb) with a temp
database; CopyQ with a temp home; xclip as the reference reader. Contenders alternate run by run (blocks of 10
copies for text, a rotation per image run), and only the contender being measured watches the clipboard
(CopyQ is disabled, HeroBridge and the floor reader are stopped). Text copy-to-stored: from spawning `xclip -i`
to the hero in the SQLite file (queried after each line the agent logs, inotify on its log, and at least every
20 ms, not a 0.5 ms poll, which costs CPU on two cores); to CopyQ's newest item being the name, as a `copyq eval`
script inside CopyQ sees it (it checks every 2 ms and prints `Date.now()`); to the floor reader's last byte
(bench/floor_reader.py: python3-xlib, XFixes notify, TARGETS, UTF8_STRING, nothing stored: the physical floor of
this machine's X round trips).
Image ingest: HeroBridge from the GTK owner (image/png + the hero's name) taking CLIPBOARD to the portrait committed
and listed (queried the same way); CopyQ from `xclip -t image/png` taking it to an item with image/png in its
history (offered text beside the image, CopyQ 6.4 keeps only the text). Image transfer: HeroBridge's own log, from its conversion
request to the last byte in memory, vs the wall time of `xclip -o` on the same owner (process start included);
where a transfer's time goes: `/usr/bin/python3 bench/transfer_profile.py` (perf stat and perf record of both
readers). Idle: CPU
ticks and voluntary context switches from /proc over %d s, summed over every CopyQ process. RSS: VmRSS, summed
the same way. CLI: `herobridge list --json` over 1000 favorites, 500 with portraits (10 of 1300×1300), beside
`herobridge --version` (the process-start floor); peak RSS from `/usr/bin/time -v`; bytes read from strace's
read/pread64 (the portraits are never read). Start: from spawning `herobridge agent` (window shown) on that
database to the READY=1 datagram on a $NOTIFY_SOCKET the bench binds. Longest event-loop stall: `status --json`'s
longestStallMs, the agent's longest turn from poll() to poll(), read before each image run's agent and the drop
runs' agent stop. Drop: a GTK3 drag source driven by xdotool onto the window, from mouseup to the portrait
committed.
Scale (bench/scale.py, issue 30): stores of 1,000, 10,000 and 100,000 favorites, all custom heroes (`add --new`),
all made first; then rounds, each with a start per size and a block of 10 copies per size and mode, the order
rotated round by round (as the text row rotates its contenders, so that the machine's drift falls on every size
alike). Start to READY=1 as above; copy-to-stored with `--accept-unknown`, from spawning `xclip -selection
clipboard` of a new name to the agent's `CLIPBOARD: added NAME` line (inotify on its log), with `--no-window` and
with the window shown, a fresh agent per block, its rows all read and `status` answered first (its worker done
with what the start queued); rows read: from spawning the window-shown agent to its `rows read` line; RSS and peak
RSS (VmRSS, VmHWM) of the window-shown agent after its copies. Targets: a copy at 100,000 within 1.2x of the same
at 1,000 in each mode (the `/` rows), READY under 100 ms and RSS and peak RSS under 60 MB (the highest round) at
100,000.

Reproduce: `make bench` (installs what it needs, builds release, runs for about 10 minutes).
"""


# BENCHMARKS.md's section written by hand (the figures behind choices in the code), which a run keeps as it is.
KEPT_HEADING = "## Measurements behind choices in the code"


def kept_section(path):
    """Every "## " section of the BENCHMARKS.md at path, with a blank line before them; "" when there is none:
    the hand-kept one (KEPT_HEADING) and those the other tools write (stress.py's, wlbench.py's, wlstress.py's),
    which each of them replaces in place (`replace_section`). bench.py writes only what comes before them."""
    try:
        text = open(path).read()
    except FileNotFoundError:
        return ""
    start = text.find("\n## ")
    if start < 0:
        return ""
    return "\n" + text[start + 1:].rstrip("\n") + "\n"


def replace_section(heading, body):
    """Puts body (starting with its "## " heading line) in BENCHMARKS.md in place of the section whose heading
    starts with `heading` (up to the next "## " heading), or at the end when there is none."""
    path = os.path.join(ROOT, "BENCHMARKS.md")
    try:
        text = open(path).read()
    except FileNotFoundError:
        text = "# Benchmarks\n"
    body = body.strip("\n") + "\n"
    start = text.find("\n" + heading)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + body
    else:
        end = text.find("\n## ", start + 1)
        text = text[:start + 1] + body + ("\n" + text[end + 1:] if end >= 0 else "")
    with open(path, "w") as f:
        f.write(text)


def merge_results(key, value):
    """Puts value into bench/results.json under key, keeping the rest."""
    path = os.path.join(ROOT, "bench", "results.json")
    try:
        results = json.load(open(path))
    except (FileNotFoundError, ValueError):
        results = {}
    results[key] = value
    with open(path, "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)


def write(results, failures, machine_info, seconds, idle_seconds, scale_targets):
    """Writes bench/results.json, prints the table, the scale targets (bench/scale.py's) and what failed, writes
    BENCHMARKS.md."""
    path = os.path.join(ROOT, "bench", "results.json")
    try:  # the other tools' keys (stress, wayland, wayland_stress) stay until they write them again
        others = {k: v for k, v in json.load(open(path)).items()
                  if k not in ("machine", "results", "failures", "scale_targets")}
    except (FileNotFoundError, ValueError):
        others = {}
    with open(path, "w") as f:
        json.dump(dict(others, machine=machine_info, results=results, failures=failures, scale_targets=scale_targets),
                  f, indent=2, sort_keys=True)
    text = table(results) + "\n\nScale targets (issue 30):\n\n" + targets_table(scale_targets)
    print(text)
    if failures:
        print("\nFAILED: " + "; ".join(failures))
    path = os.path.join(ROOT, "BENCHMARKS.md")
    kept = kept_section(path)
    with open(path, "w") as f:
        f.write(BENCHMARKS_MD % (
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), machine_info["cpu"], machine_info["cores"],
            machine_info["memory_gb"], machine_info["os"], machine_info["copyq"], seconds, text,
            ("\nFailed: " + "; ".join(failures) + "\n") if failures else "", idle_seconds) + kept)


# ---- the Wayland sections (bench/wlbench.py, bench/wlstress.py) ----------------------------------------------

WAYLAND_HEADING = "## Wayland: copy-to-stored, stalls, RSS and idle (issue 26)"
WAYLAND_COLUMNS = ["HeroBridge", "floor", "wl-paste --watch"]


def targets_table(targets):
    lines = ["| target | value | met |", "| --- | --- | --- |"]
    for name, t in targets.items():
        lines.append("| %s %s | %s | %s |" % (name, t["target"], t["value"], "met" if t["met"] else "MISSED"))
    return "\n".join(lines)


def wayland_table(section):
    text = table(section["results"], WAYLAND_COLUMNS) + "\n\n" + targets_table(section["targets"])
    threads = section.get("idle_threads") or {}
    if threads.get("started") or threads.get("ended") or threads.get("by_thread"):
        text += ("\n\nIn the idle window (from %s s after the copy was stored): threads ended: %s; started: %s; "
                 "voluntary switches by thread: %s." % (
                     threads.get("window_started_s_after_the_copy"), ", ".join(threads.get("ended", [])) or "none",
                     ", ".join(threads.get("started", [])) or "none",
                     ", ".join("%s %d" % kv for kv in threads.get("by_thread", {}).items()) or "none"))
    if section["failures"]:
        text += "\n\nFailed: " + "; ".join(section["failures"])
    return text


def record_wayland(section):
    """bench/wlbench.py's run into bench/results.json ("wayland") and its section of BENCHMARKS.md."""
    merge_results("wayland", section)
    replace_section(WAYLAND_HEADING, """%s

%s%s; %s; the agent said `%s`. Run time: %d s.

%s

How it is measured (bench/wlbench.py, bench/wlharness.py): a private headless sway per run (wlroots' headless
backend, the pixman renderer, Xwayland started at once) as the unprivileged user herobridge-wl, in an
XDG_RUNTIME_DIR of its own, as Tests/Support/HeadlessSway.swift starts it; the release agent runs as root with
`--no-window`, a temp database and that compositor's WAYLAND_DISPLAY and DISPLAY. Copies are `wl-copy NAME` (as the
sway user), %d per contender, in blocks of 10 rotating the contenders; only the one measured watches (a fresh
agent per block, as on X11). Copy-to-stored: from spawning wl-copy to the hero in the SQLite file (queried after
each line the agent logs, inotify on its log, as bench.py does on X11); to the last byte read by the floor,
bench/wayland_floor_reader.c (zwlr_data_control v1, `receive` of text/plain;charset=utf-8, the pipe read to its
end, nothing stored: its own CLOCK_REALTIME); to the first byte `wl-paste --watch cat` passes on (wl-clipboard's
data-control watcher: a fork and exec of cat per copy; read by a thread of the bench). Stall: `status --json`'s
longestStallMs, read before each agent stops (one event loop serves Wayland and X). Peak RSS: VmHWM, per agent.
Idle: a fresh agent, one copy stored, 2 s, then %d s with nothing happening: CPU ticks and voluntary context
switches from /proc/PID/status (the main thread, as bench.py counts) and /proc/PID/task/*/status (every thread,
sampled every 0.25 s so that a thread which ends is counted); wakeups: every thread's voluntary switches plus one
for each thread that started or ended in the window.
Reproduce alone: `/usr/bin/python3 bench/wlbench.py --record` (BENCH_QUICK=1 for a short trial).
""" % (WAYLAND_HEADING, "Quick run (BENCH_QUICK=1). " if section["quick"] else "", section["date"],
       section["compositor"], (section["agent_ready"] or "").split(", database ")[0], section["duration_s"],
       wayland_table(section),
       section["copies"], section["idle_seconds"]))


WAYLAND_STRESS_HEADING = "## Wayland stress: hostile data-control sources (issue 26)"


def wayland_stress_table(section):
    lines = ["| source | agent's line | longest stall | peak RSS | next copy stored | targets |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name in section.get("order") or list(section["cases"]):
        r = section["cases"][name]
        nxt = ("yes, in %.0f ms" % r["next_copy_ms"]) if r.get("next_copy_ms") is not None else \
            "NO" + (": " + r["next_copy_problem"] if r.get("next_copy_problem") else "")
        line = (r.get("done_line") or "none within %d s" % section["timeout_s"]).split(" ", 1)[-1]
        lines.append("| %s: %s | %s | %s | %s | %s | %s |" % (
            name, r["what"], line.replace("|", "/")[:160],
            "%.2f ms" % r["stall_ms"] if r.get("stall_ms") is not None else "?",
            "%.1f MB" % r["peak_rss_mb"] if r.get("peak_rss_mb") is not None else "?", nxt,
            "met" if r["meets_targets"] else "MISSED"))
    return "\n".join(lines)


def record_wayland_stress(section):
    """bench/wlstress.py's run into bench/results.json ("wayland_stress") and its section of BENCHMARKS.md."""
    compact = json.loads(json.dumps(section))
    for case in compact["cases"].values():
        case.pop("log", None)
    merge_results("wayland_stress", compact)
    notes = "".join("\n\n%s: %s." % (name, section["cases"][name]["note"])
                    for name in section.get("order") or list(section["cases"]) if section["cases"][name].get("note"))
    replace_section(WAYLAND_STRESS_HEADING, """%s

%s; %s. Run time: %d s.

%s%s

Longest stall over every source: %s ms; highest peak RSS: %s MB; targets (each source: longest stall under %d ms,
peak RSS under %d MB, the next copy stored) %s.

How it is measured (bench/wlstress.py): for each source a fresh release agent (defaults: `--timeout` 5 s,
`--max-bytes` 64M; temp database, `--no-window`) on the run's private headless sway (bench/wlharness.py);
Tests/Fixtures/wayland_source.c, built from source, sets the clipboard as the sway user and answers the agent's
`receive` as its mode says. Once the agent logs the line that ends the offer, the source is stopped (a source of
10,000 types floods every data-control client while it holds the selection, wl-copy's too) and `wl-copy NAME`
follows; the next copy is stored when the agent logs `clipboard: added NAME` (timed from spawning wl-copy). Stall:
`status --json`'s longestStallMs after that copy (the agent's whole life). Peak RSS: VmHWM, cross-checked with
VmRSS sampled every 10 ms. Reproduce alone: `/usr/bin/python3 bench/wlstress.py --record`.
""" % (WAYLAND_STRESS_HEADING, section["date"], section["compositor"], section["duration_s"],
       wayland_stress_table(section), notes, section["longest_stall_ms"], section["highest_rss_mb"],
       section["targets"]["stall_ms"], section["targets"]["peak_rss_mb"],
       "met" if section["all_met"] else "MISSED"))
