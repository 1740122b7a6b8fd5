#!/usr/bin/python3
"""`make soak`: issue 11's "never lose a copy", under load. On a private Xvfb, with two CPU hogs (`yes`) running
the whole time, a release agent (--accept-unknown, temp database, drop window shown) sees, in one shuffled
sequence with random 0-30 ms gaps:

  5,000 copies through the forking `xclip -selection clipboard` (stdin = the name; xclip forks to serve it),
  1,000 copies through a GTK3 owner (Tests/Fixtures/gtk_clipboard_loop.py: Gtk.Clipboard.set_text per name),
    200 drops from a GTK3 drag source (Tests/Fixtures/gtk_drag_loop.py), driven by xdotool onto the window.

Every copy and drop carries its own name ("Soak Hero 00042"), so counting is exact. Every SOAK_HOLD_EVERY-th
copy (default 10) is followed by a pause of 100-200 ms instead, so that a known share of copies stays owned long
enough to be required. A copy "stayed owned for 100 ms or more" when the next copy started at least 100 ms after
it started (a drop in between counts as time owned); each such copy must end up in the database
(`herobridge list --json`), and so must every drop the source saw end. Latency: from the copy's start to the
timestamp of the agent's "clipboard: added NAME" log line.

Prints progress every 500 events, then lost / required / total, p50 / p99 latency; writes bench/soak.json with
every lost copy and the agent's log lines around it. Exits 1 when a required copy or a drop was lost.
SOAK_QUICK=1: 500 xclip, 100 GTK, 20 drops. SOAK_XCLIP, SOAK_GTK, SOAK_DROPS, SOAK_HOLD_EVERY, SOAK_SEED override.
"""
import collections
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time

import threading  # noqa: E402

from Xlib import display as xdisplay  # noqa: E402
from Xlib.ext import xfixes  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import ROOT, Agent, World, kill, log, percentile, wait_until  # noqa: E402

QUICK = os.environ.get("SOAK_QUICK") == "1"
N_XCLIP = int(os.environ.get("SOAK_XCLIP", 500 if QUICK else 5000))
N_GTK = int(os.environ.get("SOAK_GTK", 100 if QUICK else 1000))
N_DROPS = int(os.environ.get("SOAK_DROPS", 20 if QUICK else 200))
HOLD_EVERY = int(os.environ.get("SOAK_HOLD_EVERY", 10))
SEED = int(os.environ.get("SOAK_SEED", 11))
OWNED_MS = 100
DETAILED = 25  # lost copies of each diagnosis written to soak.json with their log context
ADDED = re.compile(r"^(clipboard|drop): added (.+?)( with portrait)?$")
CIRCLE = (800, 120)  # the drop window's circle, in root coordinates (window at +600+0)


class OwnerWatch(threading.Thread):
    """The harness's own XFixes view of CLIPBOARD (its own connection): every owner change, owner window destroyed
    and owner client closed, with the time it arrived, to read beside the agent's log when a copy is lost."""

    KINDS = {0: "owner", 1: "owner window destroyed", 2: "owner client closed"}

    def __init__(self, display_name):
        super().__init__(daemon=True)
        self.d = xdisplay.Display(display_name)
        self.d.xfixes_query_version()
        selection = self.d.intern_atom("CLIPBOARD")
        self.d.xfixes_select_selection_input(self.d.screen().root, selection,
                                             xfixes.XFixesSetSelectionOwnerNotifyMask
                                             | xfixes.XFixesSelectionWindowDestroyNotifyMask
                                             | xfixes.XFixesSelectionClientCloseNotifyMask)
        self.event_type = self.d.query_extension("XFIXES").first_event + xfixes.XFixesSelectionNotify
        self.d.flush()
        self.events = []  # (arrival epoch, kind, owner id)
        self.running = True

    def run(self):
        while self.running:
            try:
                e = self.d.next_event()
            except Exception:
                return
            if e.type == self.event_type:
                owner = getattr(e.owner, "id", e.owner) or 0
                self.events.append((time.time(), self.KINDS.get(e.sub_code, str(e.sub_code)), owner))


class Lines:
    """A child's stdout, read line by line with a timeout."""

    def __init__(self, proc):
        self.proc, self.buffer = proc, b""
        os.set_blocking(proc.stdout.fileno(), False)

    def wait_for(self, prefix, timeout):
        end = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                if text.startswith(prefix):
                    return text
            left = end - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = self.proc.stdout.read()
                if not chunk:
                    if self.proc.poll() is not None:
                        return None
                    continue
                self.buffer += chunk


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that `finally` kills the hogs and the children
    started = time.time()
    world = World("herobridge-soak-")
    try:
        return soak(world, started)
    finally:
        world.close()


def soak(world, started):
    hogs = [world.spawn(["yes"], stdout=subprocess.DEVNULL) for _ in range(2)]
    agent = Agent(world)
    agent.start(["--accept-unknown"])
    gtk = world.spawn(["/usr/bin/python3", os.path.join(ROOT, "Tests", "Fixtures", "gtk_clipboard_loop.py")],
                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    drag = world.spawn(["/usr/bin/python3", os.path.join(ROOT, "Tests", "Fixtures", "gtk_drag_loop.py")],
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    gtk_out, drag_out = Lines(gtk), Lines(drag)
    if not gtk_out.wait_for("ready", 20) or not drag_out.wait_for("ready", 20):
        raise RuntimeError("the GTK fixtures did not start")
    time.sleep(0.5)

    xclip_errors = open(world.path("xclip.err"), "ab")
    watch = OwnerWatch(world.display)
    watch.start()
    x_display = xdisplay.Display(world.display)
    clipboard = x_display.intern_atom("CLIPBOARD")

    def owner():
        found = x_display.get_selection_owner(clipboard)
        return getattr(found, "id", found) or 0

    rng = random.Random(SEED)
    kinds = ["xclip"] * N_XCLIP + ["gtk"] * N_GTK + ["drop"] * N_DROPS
    rng.shuffle(kinds)
    events = []
    log("soak: %d xclip copies, %d GTK copies, %d drops, 2 CPU hogs (pids %s), agent pid %d, display %s" % (
        N_XCLIP, N_GTK, N_DROPS, " ".join(str(h.pid) for h in hogs), agent.proc.pid, world.display))
    copies = 0
    last_copy = None
    for index, kind in enumerate(kinds):
        name = "Soak Hero %05d" % index
        event = {"name": name, "kind": kind}
        if kind != "drop":
            current = owner()
            if last_copy is not None:  # did the last copy's owner hold CLIPBOARD until now?
                last_copy["owner_at_next"] = "0x%x" % current
        if kind == "xclip":
            mark = len(watch.events)
            event["start"] = time.time()
            # No pipe but stdin: the forked xclip keeps its stdout and stderr open as long as it owns CLIPBOARD.
            # Its stderr is a file shared by all the xclips: an xclip that dies of an X error says so there.
            result = subprocess.run(["xclip", "-selection", "clipboard"], input=name.encode(), env=world.env,
                                    stdout=subprocess.DEVNULL, stderr=xclip_errors)
            event["returned"] = time.time()
            if result.returncode != 0:
                event["error"] = "xclip exit %d" % result.returncode
            else:
                # xclip's parent exits before its child has flushed XSetSelectionOwner: the copy is made when the
                # server says so (the harness's XFixes watch), and the next copy waits for that, else two xclips
                # could take CLIPBOARD out of order.
                # Any owner after the mark is this xclip's: the last copy's owner was seen before, and nothing
                # else copies. (Not "an owner other than the last one": a dead xclip's window id is reused.)
                def took():
                    return next((e for e in watch.events[mark:] if e[1] == "owner" and e[2] != 0), None)
                if not wait_until(took, 5, 0.0005):
                    event["error"] = "xclip did not take CLIPBOARD within 5 s"
                taken = took()
                event["owner"] = "0x%x" % (taken[2] if taken else 0)
                event["owned_at"] = taken[0] if taken else time.time()
        elif kind == "gtk":
            mark = len(watch.events)
            event["start"] = time.time()
            gtk.stdin.write((name + "\n").encode())
            gtk.stdin.flush()
            answer = gtk_out.wait_for("copied ", 10)
            event["returned"] = time.time()
            # GTK checks XGetSelectionOwner before answering; the watch's event for it is waited for too, so
            # that it is never taken for the next xclip's.
            change = None
            if wait_until(lambda: any(e[1] == "owner" for e in watch.events[mark:]), 2, 0.0005):
                change = next(e for e in watch.events[mark:] if e[1] == "owner")
            event["owned_at"] = change[0] if change else event["returned"]
            event["owner"] = "0x%x" % (change[2] if change else owner())
            if answer is None:
                event["error"] = "the GTK owner did not answer"
            elif not answer.endswith("owner=1"):
                event["error"] = "GTK did not own CLIPBOARD after set_text"
        else:
            drag.stdin.write((name + "\n").encode())
            drag.stdin.flush()
            drag_out.wait_for("armed ", 10)
            event["start"] = time.time()
            x, y = CIRCLE
            world.run(["xdotool", "mousemove", "150", "110", "sleep", "0.03", "mousedown", "1", "sleep", "0.03",
                       "mousemove", "170", "115", "sleep", "0.03", "mousemove", str(x), str(y), "sleep", "0.03",
                       "mousemove", str(x + 2), str(y + 2), "sleep", "0.02", "mouseup", "1"])
            ended = drag_out.wait_for(("end", "failed"), 10)
            if ended and ended.startswith("failed"):
                event["drag_failed"] = ended[len("failed "):]
                ended = drag_out.wait_for("end", 5)
            event["returned"] = time.time()
            if ended is None:
                event["error"] = "the drag did not end"
                world.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.1", "mouseup", "1"])
        events.append(event)
        if kind != "drop":
            copies += 1
            last_copy = event
        if kind != "drop" and HOLD_EVERY and copies % HOLD_EVERY == 0:
            time.sleep(rng.uniform(0.1, 0.2))
        else:
            time.sleep(rng.uniform(0, 0.03))
        if (index + 1) % 500 == 0:
            stored = sum(1 for _, text, _ in agent.read() if ADDED.match(text))
            log("soak: %d/%d events, %.0f s, the agent logged %d added so far, RSS %s kB" % (
                index + 1, len(kinds), time.time() - started, stored, agent.status("VmRSS")))
        if not agent.alive():
            log("soak: the agent died (exit %s)" % agent.proc.returncode)
            break

    # Let the agent finish: until its log is quiet for 3 s (at most 60 s).
    end_of_copies = time.time()
    quiet_since, seen = time.time(), len(agent.read())
    while time.time() - end_of_copies < 60 and time.time() - quiet_since < 3:
        time.sleep(0.2)
        if len(agent.read()) != seen:
            seen, quiet_since = len(agent.lines), time.time()
    alive = agent.alive()
    rss = {"VmHWM_mb": (agent.status("VmHWM") or 0) / 1024, "VmRSS_mb": (agent.status("VmRSS") or 0) / 1024}
    stored = {f["name"] for f in agent.favorites()}
    agent.stop()
    for hog in hogs:
        kill(hog)
    watch.running = False
    xclip_errors.close()
    errors = open(world.path("xclip.err"), errors="replace").read().splitlines()
    return report(events, agent, stored, alive, rss, started, watch.events, errors)


def report(events, agent, stored, alive, rss, started, owner_events, xclip_errors):
    added_at = {}
    for when, text, _ in agent.lines:
        match = ADDED.match(text)
        if match and match.group(2) not in added_at:
            added_at[match.group(2)] = when
    copies = [e for e in events if e["kind"] != "drop"]
    for i, event in enumerate(copies):
        # Owned from the moment the server had it as owner until the next copy's owner took over; the last copy
        # stays owned until the end.
        following = copies[i + 1].get("owned_at") if i + 1 < len(copies) else None
        made = event.get("owned_at", event["start"])
        event["owned_ms"] = round((following - made) * 1000, 1) if following else None
        # Required by the time the next copy came, as issue 11 says, even when the owner is gone by then: an xclip
        # killed by an X error the agent caused (see diagnosis) is a copy the agent lost. "vanished" tells them apart.
        event["vanished"] = "owner_at_next" in event and event["owner_at_next"] != event.get("owner")
        event["required"] = "error" not in event and (following is None or following - made >= OWNED_MS / 1000)
    for event in events:
        event["stored"] = event["name"] in stored
        if event["name"] in added_at:
            event["latency_ms"] = round((added_at[event["name"]] - event["start"]) * 1000, 1)
    drops = [e for e in events if e["kind"] == "drop"]
    required = [e for e in copies if e["required"]]
    lost = [e for e in required if not e["stored"]]
    lost_drops = [e for e in drops if "error" not in e and not e["stored"]]
    latencies = [e["latency_ms"] for e in required if "latency_ms" in e]

    def context(event):
        """The agent's log from 0.1 s before the copy until 0.5 s after the next copy took over (at most 80)."""
        made = event.get("owned_at", event["start"])
        upto = made + (event.get("owned_ms") or 0) / 1000 + 0.5
        return [raw for when, _, raw in agent.lines if event["start"] - 0.1 <= when <= upto][:80]

    def timeline(event):
        """What the harness did around the copy, to read beside the agent's log (times in the log's format)."""
        made = event.get("owned_at", event["start"])
        upto = made + (event.get("owned_ms") or 0) / 1000 + 0.5
        rows = [(e["start"], "%s harness: %s %s%s%s%s" % (
            stamp(e["start"]), e["kind"], e["name"],
            (" owner %s at %s" % (e["owner"], stamp(e["owned_at"]))) if "owned_at" in e else "",
            (", owner when the next copy started: %s" % e["owner_at_next"]) if "owner_at_next" in e else "",
            (" (%s)" % e["error"]) if "error" in e else "")) for e in events if event["start"] - 0.3 <= e["start"] <= upto]
        rows += [(when, "%s xfixes: %s 0x%x" % (stamp(when), kind, owner)) for when, kind, owner in owner_events
                 if event["start"] - 0.3 <= when <= upto]
        return [text for _, text in sorted(rows)]

    def diagnosis(event):
        """A first reading of the log lines of the copy's own ownership period."""
        made = event.get("owned_at", event["start"])
        upto = made + (event.get("owned_ms") or 0) / 1000 if event.get("owned_ms") else float("inf")
        lines = [text for when, text, _ in agent.lines if made - 0.05 <= when <= upto]
        gone = [(when, kind) for when, kind, _ in owner_events if made <= when <= upto and kind != "owner"]
        if gone:
            return ("the owner's %s %.0f ms after it took CLIPBOARD, before the next copy (an xclip exits on any X "
                    "error, e.g. BadWindow when the requestor window it writes to is gone: see xclip_stderr)" % (
                        gone[0][1].replace("owner ", ""), (gone[0][0] - made) * 1000))
        starts = [t for t in lines if t.startswith("clipboard: new owner %s" % event.get("owner", "?"))]
        if not starts:
            return "no read of owner %s started while it owned CLIPBOARD" % event.get("owner")
        if any("owner went away" in t for t in lines):
            return "a read was abandoned as 'the owner went away' while %s still owned CLIPBOARD" % event.get("owner")
        if any("received" in t for t in lines):
            return "data received, no 'added' line"
        if any("abandoned: a newer clipboard change" in t for t in lines):
            return "the read of %s had no answer before the next copy took over" % event.get("owner")
        return "read started, nothing more logged"

    def kind_of(event):
        return re.sub(r"-?\d+ ms", "N ms", diagnosis(event))

    shown = collections.Counter()

    def detailed(event):
        shown[kind_of(event)] += 1
        return shown[kind_of(event)] <= DETAILED

    by_kind = {}
    for kind in ("xclip", "gtk"):
        mine = [e for e in copies if e["kind"] == kind]
        req = [e for e in mine if e["required"]]
        lat = [e["latency_ms"] for e in req if "latency_ms" in e]
        by_kind[kind] = {"total": len(mine), "required": len(req), "lost": sum(1 for e in req if not e["stored"]),
                         "stored_of_all": sum(1 for e in mine if e["stored"]),
                         "errors": sum(1 for e in mine if "error" in e),
                         "p50_ms": percentile(lat, 50), "p99_ms": percentile(lat, 99)}
    result = {
        "quick": QUICK, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "seed": SEED,
        "hold_every": HOLD_EVERY, "owned_ms_threshold": OWNED_MS,
        "copies": len(copies), "required": len(required), "lost": len(lost),
        "vanished": sum(1 for e in copies if e.get("vanished")),
        "xclip_x_errors": sum(1 for line in xclip_errors if line.startswith("X Error")),
        "xclip_stderr": xclip_errors[:40],
        "stored_of_all_copies": sum(1 for e in copies if e["stored"]),
        "latency_ms": {"p50": percentile(latencies, 50), "p99": percentile(latencies, 99),
                       "max": max(latencies) if latencies else None, "n": len(latencies)},
        "by_kind": by_kind,
        "drops": {"total": len(drops), "ended": sum(1 for e in drops if "error" not in e), "lost": len(lost_drops),
                  "drag_failed": dict(collections.Counter(e["drag_failed"] for e in drops if e.get("drag_failed"))),
                  "p50_ms": percentile([e["latency_ms"] for e in drops if "latency_ms" in e], 50),
                  "p99_ms": percentile([e["latency_ms"] for e in drops if "latency_ms" in e], 99)},
        "agent_alive_at_end": alive, "agent_rss": rss, "duration_s": round(time.time() - started),
        "errors": [{"name": e["name"], "kind": e["kind"], "error": e["error"]} for e in events if "error" in e][:50],
        "diagnoses": dict(collections.Counter(kind_of(e) for e in lost)),
        # Every lost copy; the first DETAILED of each diagnosis with the harness's timeline and the agent's log.
        "lost_copies": [dict({"name": e["name"], "kind": e["kind"], "start": stamp(e["start"]),
                              "owned_at": stamp(e.get("owned_at", e["start"])), "owner": e.get("owner"),
                              "owned_ms": e["owned_ms"], "diagnosis": diagnosis(e)},
                             **({"harness": timeline(e), "log": context(e)} if detailed(e) else {}))
                        for e in lost],
        "vanished_copies": [{"name": e["name"], "kind": e["kind"], "owner": e.get("owner"),
                             "owner_at_next": e.get("owner_at_next"), "stored": e["stored"]}
                            for e in copies if e.get("vanished")],
        "lost_drops": [{"name": e["name"], "start": stamp(e["start"]), "drag_failed": e.get("drag_failed"),
                        "harness": timeline(e), "log": context(e)} for e in lost_drops[:50]],
    }
    with open(os.path.join(ROOT, "bench", "soak.json"), "w") as f:
        json.dump(result, f, indent=2)
    for e in lost[:5] + lost_drops[:3]:
        print("\nLOST %s (%s, owner %s from %s for %s ms): %s\n harness:" % (
            e["name"], e["kind"], e.get("owner"), stamp(e.get("owned_at", e["start"])), e.get("owned_ms"),
            diagnosis(e) if e["kind"] != "drop" else "drop " + (e.get("drag_failed") or "ended")))
        for line in timeline(e):
            print("  " + line)
        print(" agent log:")
        for line in context(e):
            print("  " + line)
    print("\nsoak: %d copies (%d xclip, %d GTK), %d stayed owned >= %d ms: %d LOST; %d drops (%d ended): %d lost%s" % (
        len(copies), by_kind["xclip"]["total"], by_kind["gtk"]["total"], len(required), OWNED_MS, len(lost),
        len(drops), result["drops"]["ended"], len(lost_drops),
        (" (GTK said the drag failed: %s)" % ", ".join("%s x%d" % kv for kv in result["drops"]["drag_failed"].items()))
        if result["drops"]["drag_failed"] else ""))
    for text, count in sorted(result["diagnoses"].items(), key=lambda kv: -kv[1]):
        print("  %d lost: %s" % (count, text))
    print("  by source: " + "; ".join("%s %d/%d required lost, %d of %d stored in all, p50 %s ms, p99 %s ms" % (
        k, v["lost"], v["required"], v["stored_of_all"], v["total"], fmt(v["p50_ms"]), fmt(v["p99_ms"]))
        for k, v in by_kind.items()))
    print("  copy-to-log latency of required copies: p50 %s ms, p99 %s ms, max %s ms; drops p50 %s ms, p99 %s ms" % (
        fmt(result["latency_ms"]["p50"]), fmt(result["latency_ms"]["p99"]), fmt(result["latency_ms"]["max"]),
        fmt(result["drops"]["p50_ms"]), fmt(result["drops"]["p99_ms"])))
    print("  copies whose owner was gone before the next copy: %d; xclips that died of an X error: %d%s" % (
        result["vanished"], result["xclip_x_errors"],
        (" (%s)" % " / ".join(xclip_errors[:3])) if xclip_errors else ""))
    print("  agent peak RSS %.1f MB, alive at the end: %s; %d s; bench/soak.json written" % (
        rss["VmHWM_mb"], alive, result["duration_s"]))
    return 1 if lost or lost_drops or not alive else 0


def stamp(epoch):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch)) + ("%.3f" % (epoch % 1))[1:] + "Z"


def fmt(value):
    return "-" if value is None else "%.1f" % value


if __name__ == "__main__":
    sys.exit(main())
