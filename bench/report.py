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
    text = "%.1f %s" % (f["median"], f["unit"])
    if f.get("runs", 1) > 1:
        text += " (p95 %.1f, n=%d)" % (f["p95"], f["runs"])
    return text


# The table's columns: the floor contender and xclip -o are the references a figure is held against.
COLUMNS = ["HeroBridge", "floor", "xclip -o", "CopyQ"]


def table(results):
    lines = ["| measure | " + " | ".join(COLUMNS) + " | HeroBridge / other |", "|" + " --- |" * (len(COLUMNS) + 2)]
    for name, entry in results.items():
        ratios = ", ".join("%.2f× %s" % (v, k) for k, v in entry.get("HeroBridge", {}).get("ratio_to", {}).items())
        lines.append("| %s | %s | %s |" % (name, " | ".join(cell(entry, c) for c in COLUMNS), ratios))
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

Reproduce: `make bench` (installs what it needs, builds release, runs for about 10 minutes).
"""


# BENCHMARKS.md's section written by hand (the figures behind choices in the code), which a run keeps as it is:
# from its heading to the next heading of its level (stress.py's section, which comes after it, is written anew).
KEPT_HEADING = "## Measurements behind choices in the code"


def kept_section(path):
    """The hand-kept section of the BENCHMARKS.md at path, with a blank line before it; "" when there is none."""
    try:
        text = open(path).read()
    except FileNotFoundError:
        return ""
    if KEPT_HEADING not in text:
        return ""
    section = text[text.index(KEPT_HEADING):]
    end = section.find("\n## ", len(KEPT_HEADING))
    return "\n" + (section if end < 0 else section[:end + 1]).rstrip("\n") + "\n"


def write(results, failures, machine_info, seconds, idle_seconds):
    """Writes bench/results.json, prints the table (and what failed), writes BENCHMARKS.md."""
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump({"machine": machine_info, "results": results, "failures": failures}, f, indent=2, sort_keys=True)
    text = table(results)
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
