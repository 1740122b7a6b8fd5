#!/usr/bin/python3
"""Imitates an XDND drag source, scripted with python3-xlib, to drive the drop window through protocol edge
cases no GTK drag produces: old versions (2, 3, 4), more than 3 types in XdndTypeList (also wrongly typed),
Drop with time 0 the way Chromium sends it, negative root coordinates, Chromium's image drag (bytes in
application/octet-stream, the file name in XdndDirectSave0 on the source window), a source that never answers
the data, one that exits when asked, and one that leaves instead of dropping.

There is no pointer grab and no target search: the target window id comes from the command line, and the
source's own window is never mapped. Messages are ClientMessages (format 32) sent with send_event to the
target, xclient.window = the target (docs/X11.md section 7).

usage: xdnd_source.py TARGET_WINDOW [options]   (see --help)

Prints "ready" once it owns XdndSelection, then one line per thing it receives:
  status accept=1 action=XdndActionCopy | status accept=0
  request TARGET
  finished success=1 action=XdndActionCopy | finished success=0
and "no finished" when no XdndFinished came within 10 s after the Drop. Exits 0 after the Drop's Finished
(or its absence), or after the Leave.
"""
import argparse
import os
import select
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

parser = argparse.ArgumentParser(description="scripted XDND drag source")
parser.add_argument("target", help="the drop window's id (decimal or 0x hex)")
parser.add_argument("--version", type=int, default=5, help="XDND version put in XdndEnter (default 5)")
parser.add_argument("--types", default="UTF8_STRING", help="offered types, comma separated; more than 3 go to XdndTypeList")
parser.add_argument("--pad-typelist", type=int, default=0, metavar="N",
                    help="repeat the first type N more times in XdndTypeList (a list too long to be honest)")
parser.add_argument("--bad-typelist", action="store_true", help="set XdndTypeList with type STRING instead of ATOM (and bit 0)")
parser.add_argument("--data", action="append", default=[], metavar="TARGET=TEXT",
                    help="the data for TARGET; TARGET=@file reads the bytes of a file (repeatable)")
parser.add_argument("--direct-save", metavar="NAME", help="set XdndDirectSave0 (text/plain, format 8) on the source window")
parser.add_argument("--position", default="800,120", help="root X,Y of each Position (may be negative)")
parser.add_argument("--positions", type=int, default=1, help="how many Positions to send, each after the last Status")
parser.add_argument("--drop-time", type=int, help="XdndDrop's timestamp (default: a real one; 0 = CurrentTime as Chromium)")
parser.add_argument("--no-drop", action="store_true", help="send XdndLeave instead of XdndDrop")
parser.add_argument("--silent", action="store_true", help="after Drop, never answer SelectionRequests")
parser.add_argument("--exit-on-request", action="store_true", help="exit at once (os._exit) when the data is requested")
args = parser.parse_args()


def out(line):
    print(line, flush=True)


d = display.Display()
root = d.screen().root
atom = d.intern_atom
target = d.create_resource_object("window", int(args.target, 0))

XDND_SELECTION, TYPE_LIST = atom("XdndSelection"), atom("XdndTypeList")
ENTER, POSITION, STATUS = atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus")
LEAVE, DROP, FINISHED = atom("XdndLeave"), atom("XdndDrop"), atom("XdndFinished")
ACTION_COPY, TARGETS = atom("XdndActionCopy"), atom("TARGETS")

# The source window: never mapped, PropertyChangeMask so a zero-length append yields a server timestamp.
window = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
type_names = [name for name in args.types.split(",") if name]
types = [atom(name) for name in type_names]

data = {}
for spec in args.data:
    name, _, value = spec.partition("=")
    if value.startswith("@"):
        with open(value[1:], "rb") as f:
            data[atom(name)] = f.read()
    else:
        data[atom(name)] = value.encode("utf-8")
    assert len(data[atom(name)]) < 200 << 10, "python3-xlib has no BIG-REQUESTS: keep data under 200 KiB"

if args.direct_save:
    window.change_property(atom("XdndDirectSave0"), atom("text/plain"), 8, args.direct_save.encode("utf-8"))
many = len(types) > 3 or args.bad_typelist or args.pad_typelist > 0
if args.bad_typelist:
    window.change_property(TYPE_LIST, Xatom.STRING, 8, ",".join(type_names).encode("utf-8"))
elif many:
    window.change_property(TYPE_LIST, Xatom.ATOM, 32, types + types[:1] * args.pad_typelist)


def server_time():
    """A real X timestamp: the time of the PropertyNotify for an empty append to a scratch property."""
    scratch = atom("_XDND_SOURCE_TIME")
    window.change_property(scratch, Xatom.STRING, 8, b"", mode=X.PropModeAppend)
    d.flush()
    while True:
        e = d.next_event()
        if e.type == X.PropertyNotify and e.atom == scratch:
            return e.time
        handle(e)


def send(kind, l1=0, l2=0, l3=0, l4=0):
    message = event.ClientMessage(window=target, client_type=kind, data=(32, [window.id, l1, l2, l3, l4]))
    target.send_event(message, event_mask=0, propagate=False)
    d.flush()


statuses = 0
finished = False
dropped = False
silent = False


def notify(request, prop):
    request.requestor.send_event(event.SelectionNotify(
        time=request.time, requestor=request.requestor, selection=request.selection,
        target=request.target, property=prop))


def handle(e):
    """Prints and answers one event; returns nothing, updates the counters above."""
    global statuses, finished
    if e.type == X.ClientMessage and e.client_type == STATUS:
        l = e.data[1]
        accept = l[1] & 1
        statuses += 1
        if accept:
            out("status accept=1 action=%s" % (d.get_atom_name(l[4]) if l[4] else "None"))
        else:
            out("status accept=0")
    elif e.type == X.ClientMessage and e.client_type == FINISHED:
        l = e.data[1]
        if l[1] & 1:
            out("finished success=1 action=%s" % (d.get_atom_name(l[2]) if l[2] else "None"))
        else:
            out("finished success=0")
        finished = True
    elif e.type == X.SelectionRequest and e.selection == XDND_SELECTION:
        out("request " + d.get_atom_name(e.target))
        if args.exit_on_request:
            os._exit(0)
        if silent:
            return
        prop = e.property or e.target
        if e.target == TARGETS:
            e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS] + types)
            notify(e, prop)
        elif e.target in data:
            e.requestor.change_property(prop, e.target, 8, data[e.target])
            notify(e, prop)
        else:
            notify(e, X.NONE)
        d.flush()


def pump(until, seconds):
    """Handles events until `until()` holds or `seconds` pass; whether it holds."""
    end = time.monotonic() + seconds
    while not until():
        while d.pending_events():
            handle(d.next_event())
            if until():
                return True
        left = end - time.monotonic()
        if left <= 0:
            return False
        select.select([d.fileno()], [], [], min(left, 0.05))
    return True


window.set_selection_owner(XDND_SELECTION, X.CurrentTime)
d.flush()
if d.get_selection_owner(XDND_SELECTION) != window:
    sys.exit("could not own XdndSelection")
out("ready")

x, y = (int(v) for v in args.position.split(","))
first = [0, 0, 0] if many else (types + [0, 0, 0])[:3]
send(ENTER, (args.version << 24) | (1 if many else 0), *first)
for _ in range(args.positions):
    before = statuses
    send(POSITION, 0, ((x & 0xFFFF) << 16) | (y & 0xFFFF), server_time(), ACTION_COPY)
    pump(lambda: statuses > before, 2)

if args.no_drop:
    send(LEAVE)
    pump(lambda: False, 0.5)  # report anything the target would (wrongly) send after a Leave
    sys.exit(0)

drop_time = server_time() if args.drop_time is None else args.drop_time
silent = args.silent
send(DROP, 0, drop_time)
if not pump(lambda: finished, 10):
    out("no finished")
pump(lambda: False, 0.3)  # a second Finished would show up here
sys.exit(0)
