#!/usr/bin/python3
"""Measures how fast a drop target answers: an XDND v5 source (python3-xlib) that hovers over the target without
ever dropping. It sends XdndEnter (one inline type), then an XdndPosition about every 10 ms, each only once the
previous one's XdndStatus came back (or its timeout passed, as a real source would move on), timing every
Position from its send to its Status. At the end (the duration, SIGTERM or SIGINT) it waits (--drain) for the
outstanding Status, sends XdndLeave and prints one JSON object:

  {"count": Positions sent, "answered": Statuses received, "p50_ms", "p99_ms", "max_ms",
   "unanswered": Positions whose Status took longer than the timeout or never came,
   "never_answered": never came at all, even after --drain (counted from its send to the end of the probe, a
   lower bound, in the percentiles and max),
   "over_50ms": replies slower than 50 ms, "duration_s", "target": window id, "stalls": [[t_s, ms], ...],
   "target_destroyed": the target window went away (its program died) before the end}

Statuses carry no sequence number; a Status is matched to the oldest Position not yet answered, which is right
for a target that answers every Position once, in order (the XDND spec's requirement, and what HeroBridge does).
`stalls` lists every reply over 50 ms: seconds since the start of the probe and its latency.

usage: xdnd_probe.py [--window ID] [--duration S] [--interval MS] [--timeout S] [--at X,Y]
Without --window, the drop window is found as the tests find it: a top-level window whose WM_CLASS instance is
"herobridge" and whose WM_NAME is "HeroBridge" (the catalog window is "HeroBridge catalog"), waiting up to 10 s.
Prints "ready" on stderr once it has sent XdndEnter, so a harness knows when to start the load.
"""
import argparse
import json
import select
import signal
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

parser = argparse.ArgumentParser(description="XDND latency probe (never drops)")
parser.add_argument("--window", help="the target window id (decimal or 0x hex); default: find HeroBridge's drop window")
parser.add_argument("--duration", type=float, default=10, help="seconds of Positions (default 10; SIGTERM ends earlier)")
parser.add_argument("--interval", type=float, default=10, help="ms between a Status and the next Position (default 10)")
parser.add_argument("--timeout", type=float, default=2, help="seconds to wait for a Status before moving on (default 2)")
parser.add_argument("--at", default="200,120", help="X,Y inside the target window to hover at (default 200,120: the circle)")
parser.add_argument("--type", default="text/plain;charset=utf-8", help="the one offered type")
parser.add_argument("--drain", type=float, default=5,
                    help="seconds to wait at the end for the Statuses still owed (default 5)")
args = parser.parse_args()

d = display.Display()
root = d.screen().root
atom = d.intern_atom
ENTER, POSITION, STATUS, LEAVE = atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus"), atom("XdndLeave")
XDND_SELECTION, ACTION_COPY, TARGETS = atom("XdndSelection"), atom("XdndActionCopy"), atom("TARGETS")
OFFERED = atom(args.type)


def find_drop_window():
    def walk(w):
        try:
            cls = w.get_wm_class()
            name = w.get_wm_name()
        except Exception:
            return None
        if cls and cls[0] == "herobridge" and name == "HeroBridge":
            return w
        try:
            children = w.query_tree().children
        except Exception:
            return None
        for child in children:
            found = walk(child)
            if found:
                return found
        return None

    end = time.monotonic() + 10
    while time.monotonic() < end:
        found = walk(root)
        if found:
            return found
        time.sleep(0.1)
    sys.exit("xdnd_probe: no window with WM_CLASS herobridge and WM_NAME HeroBridge")


target = d.create_resource_object("window", int(args.window, 0)) if args.window else find_drop_window()
target.change_attributes(event_mask=X.StructureNotifyMask)  # our own mask on it: to see it destroyed
origin = target.translate_coords(root, 0, 0)  # root coordinates of the target's (0, 0), negated
ax, ay = (int(v) for v in args.at.split(","))
x, y = ax - origin.x, ay - origin.y

# The source window is never mapped; PropertyChangeMask gives one server timestamp at the start.
window = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
scratch = atom("_XDND_PROBE_TIME")
window.change_property(scratch, Xatom.STRING, 8, b"", mode=X.PropModeAppend)
d.flush()
while True:
    e = d.next_event()
    if e.type == X.PropertyNotify and e.atom == scratch:
        server_t0, local_t0 = e.time, time.monotonic()
        break
window.set_selection_owner(XDND_SELECTION, server_t0)  # so a target that asks for the data early gets an answer
d.flush()


def now_server():
    return (server_t0 + int((time.monotonic() - local_t0) * 1000)) & 0xFFFFFFFF


def send(kind, l1=0, l2=0, l3=0, l4=0):
    target.send_event(event.ClientMessage(window=target, client_type=kind, data=(32, [window.id, l1, l2, l3, l4])),
                      event_mask=0, propagate=False)
    d.flush()


stopping = False


def stop(*_):
    global stopping
    stopping = True


signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)

outstanding = []  # send times (perf_counter) of Positions not yet answered, oldest first
latencies = []  # ms, one per answered Position
late = set()  # indices (into sends) of Positions whose wait timed out
sent = 0
answered = 0
stalls = []
start = time.perf_counter()


target_gone = False


def handle(e):
    global answered, target_gone
    if e.type == X.DestroyNotify and e.window == target:
        target_gone = True  # the target died: no Status will come, nothing more to wait for
    elif e.type == X.ClientMessage and e.client_type == STATUS:
        received = time.perf_counter()
        if outstanding:
            t = outstanding.pop(0)
            ms = (received - t) * 1000
            latencies.append(ms)
            answered += 1
            if ms > 50:
                stalls.append([round(t - start, 3), round(ms, 1)])
    elif e.type == X.SelectionRequest:
        prop = e.property or e.target
        if e.target == TARGETS:
            e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS, OFFERED])
        elif e.target == OFFERED:
            e.requestor.change_property(prop, OFFERED, 8, b"xdnd probe")
        else:
            prop = X.NONE
        e.requestor.send_event(event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection,
                                                     target=e.target, property=prop))
        d.flush()


def pump(until, seconds):
    end = time.perf_counter() + seconds
    while True:
        while d.pending_events():
            handle(d.next_event())
        if until():
            return True
        left = end - time.perf_counter()
        if left <= 0:
            return False
        select.select([d.fileno()], [], [], min(left, 0.05))


send(ENTER, 5 << 24, OFFERED, 0, 0)
print("ready", file=sys.stderr, flush=True)
timed_out = 0
while not stopping and not target_gone and time.perf_counter() - start < args.duration:
    before = answered
    outstanding.append(time.perf_counter())
    send(POSITION, 0, ((x & 0xFFFF) << 16) | (y & 0xFFFF), now_server(), ACTION_COPY)
    sent += 1
    # The next Position only after this one's Status (or the timeout): the source side of XDND.
    index = sent  # answered counts from 1 in FIFO order
    if not pump(lambda: answered >= index, args.timeout):
        timed_out += 1
    time.sleep(args.interval / 1000)

# Wait for the Statuses still owed (a blocked target answers them all once it wakes), then leave.
pump(lambda: not outstanding or target_gone, max(args.timeout, args.drain))
never = len(outstanding)
ended = time.perf_counter()
# A Position never answered stalled at least until now: that lower bound is its latency.
owed = [(ended - t) * 1000 for t in outstanding]
for t, ms in zip(outstanding, owed):
    stalls.append([round(t - start, 3), round(ms, 1)])
if not target_gone:
    send(LEAVE)
    pump(lambda: False, 0.05)

values = sorted(latencies + owed)


def pct(p):
    if not values:
        return None
    return round(values[min(len(values) - 1, max(0, int(round(p / 100 * len(values))) - 1))], 2)


unanswered = sum(1 for v in values if v > args.timeout * 1000)
print(json.dumps({
    "target": "0x%x" % target.id, "count": sent, "answered": answered, "p50_ms": pct(50), "p99_ms": pct(99),
    "max_ms": round(values[-1], 2) if values else None, "unanswered": unanswered, "never_answered": never,
    "over_50ms": sum(1 for v in values if v > 50), "timeout_s": args.timeout, "target_destroyed": target_gone,
    "duration_s": round(time.perf_counter() - start, 2), "stalls": stalls[:200]}))
