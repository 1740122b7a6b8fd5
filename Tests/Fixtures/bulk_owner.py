#!/usr/bin/python3
"""A well-behaved CLIPBOARD owner for large data, with python3-xlib: offers one or more targets, each with the
bytes of a file (or a short text), answers TARGETS and TIMESTAMP, and serves anything larger than one request
over ICCCM INCR (one chunk per PropertyDelete of the requestor's property, a zero-length chunk at the end).
Several transfers may run at once (keyed by requestor window and property). Used by bench/stress.py.

usage: bulk_owner.py TARGET=@FILE [TARGET=TEXT ...] [--selection CLIPBOARD] [--chunk BYTES]
  e.g. bulk_owner.py image/png=@/tmp/big.png UTF8_STRING=Hulk

Prints "ready TIME" (the owner's X server time) once it owns the selection, then "request TARGET" per request,
"done TARGET BYTES" when a transfer (direct or INCR) is complete, "abandoned TARGET" when the requestor window
went away mid-INCR. Exits when another client takes the selection (after printing "cleared").
"""
import argparse
import sys
import time

from Xlib import X, Xatom, display, error
from Xlib.protocol import event

parser = argparse.ArgumentParser(description="CLIPBOARD owner for large data, INCR-capable")
parser.add_argument("offers", nargs="+", metavar="TARGET=@FILE|TARGET=TEXT")
parser.add_argument("--selection", default="CLIPBOARD")
parser.add_argument("--chunk", type=int, default=0,
                    help="INCR chunk size (default: as large as one request allows, at most 256 KiB)")
args = parser.parse_args()

d = display.Display()
atom = d.intern_atom
# python3-xlib has no BIG-REQUESTS: one ChangeProperty must fit the core request limit (65535 words).
limit = d.display.info.max_request_length * 4 - 64
CHUNK = min(args.chunk, limit) if args.chunk else min(256 << 10, limit) // 4096 * 4096

offers = {}
for spec in args.offers:
    name, sep, value = spec.partition("=")
    if not sep:
        sys.exit("bad offer %r: want TARGET=@FILE or TARGET=TEXT" % spec)
    if value.startswith("@"):
        with open(value[1:], "rb") as f:
            offers[atom(name)] = (name, f.read())
    else:
        offers[atom(name)] = (name, value.encode("utf-8"))

SELECTION = atom(args.selection)
TARGETS, TIMESTAMP, MULTIPLE, INCR = atom("TARGETS"), atom("TIMESTAMP"), atom("MULTIPLE"), atom("INCR")
window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)


def server_time():
    """A real timestamp (ICCCM: never CurrentTime for ownership): a zero-length append to our own window."""
    scratch = atom("_BULK_OWNER_TIME")
    window.change_property(scratch, Xatom.STRING, 8, b"", mode=X.PropModeAppend)
    d.flush()
    while True:
        e = d.next_event()
        if e.type == X.PropertyNotify and e.window == window and e.atom == scratch:
            return e.time


owned_at = server_time()
window.set_selection_owner(SELECTION, owned_at)
d.flush()
if d.get_selection_owner(SELECTION) != window:
    sys.exit("could not own " + args.selection)
print("ready %d" % owned_at, flush=True)

transfers = {}  # (requestor id, property) -> [requestor, property, type atom, name, data, offset]


def out(line):
    print(line, flush=True)


def notify(request, prop):
    request.requestor.send_event(event.SelectionNotify(
        time=request.time, requestor=request.requestor, selection=request.selection,
        target=request.target, property=prop))


def answer(request):
    prop = request.property or request.target  # obsolete requestors send None: use the target
    target = request.target
    if target == TARGETS:
        request.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS, TIMESTAMP] + list(offers))
        notify(request, prop)
    elif target == TIMESTAMP:
        request.requestor.change_property(prop, Xatom.INTEGER, 32, [owned_at])
        notify(request, prop)
    elif target in offers:
        name, data = offers[target]
        if len(data) <= CHUNK:
            request.requestor.change_property(prop, target, 8, data)
            notify(request, prop)
            out("done %s %d" % (name, len(data)))
        else:
            # ICCCM 2.7.2: select PropertyChange on the requestor first, then the INCR property, then notify.
            request.requestor.change_attributes(event_mask=X.PropertyChangeMask)
            request.requestor.change_property(prop, INCR, 32, [len(data)])
            notify(request, prop)
            transfers[(request.requestor.id, prop)] = [request.requestor, prop, target, name, data, 0]
    else:
        notify(request, X.NONE)  # MULTIPLE and anything not offered: refused


def next_chunk(key):
    requestor, prop, target, name, data, offset = transfers[key]
    chunk = data[offset:offset + CHUNK]
    requestor.change_property(prop, target, 8, chunk)
    transfers[key][5] = offset + len(chunk)
    if not chunk:  # the zero-length chunk just written ends the transfer
        del transfers[key]
        out("done %s %d" % (name, len(data)))


def on_error(err, request):
    # A requestor window destroyed mid-transfer (BadWindow): forget its transfers.
    if isinstance(err, (error.BadWindow, error.BadMatch)):
        for key in [k for k in transfers if k[0] == err.resource_id]:
            out("abandoned " + transfers.pop(key)[3])


d.set_error_handler(on_error)
cleared = False

while True:
    e = d.next_event()
    if e.type == X.SelectionClear and e.atom == SELECTION:
        out("cleared")
        cleared = True  # ICCCM: transfers already started are still finished before exiting
    elif e.type == X.SelectionRequest and e.selection == SELECTION:
        out("request " + d.get_atom_name(e.target))
        answer(e)
        d.flush()
    elif e.type == X.PropertyNotify and e.state == X.PropertyDelete:
        key = (e.window.id, e.atom)
        if key in transfers:
            next_chunk(key)
            d.flush()
    if cleared and not transfers:
        sys.exit(0)
