#!/usr/bin/python3
"""Imitates XDND drop targets, scripted with python3-xlib, to check HeroBridge's drag source on what GTK targets
do not show: a window manager's frame around the client window (WM_STATE on the client), an XdndProxy (valid,
or stale), XdndAware versions 2 to 7, a target that answers Status slowly, refuses, or never sends Finished.

The window sits at (100, 650), 300x250, like gtk_drop_target.py. A proxy window is created on a second
connection, so a message delivered to the proxy is told apart from one delivered to the client window.

usage: xdnd_target.py [--aware N] [--frame] [--proxy | --stale-proxy] [--status accept|refuse|slow] [--delay S]
                      [--no-finished]

Prints "ready client=0x.. frame=0x.. proxy=0x..", then one line per message received:
  enter at=client|proxy window=0x.. version=V many=0|1 types=A,B,..
  position at=.. window=0x.. x=X y=Y outstanding=N   (N: Positions received since the last Status sent)
  leave at=.. window=0x..
  drop at=.. window=0x..
and "data TEXT" once the UTF8_STRING of a drop has been read.
"""
import argparse
import select
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

parser = argparse.ArgumentParser(description="scripted XDND drop target")
parser.add_argument("--aware", type=int, default=5, help="the XdndAware version (default 5)")
parser.add_argument("--frame", action="store_true", help="put the client in a frame window, WM_STATE on the client")
parser.add_argument("--proxy", action="store_true", help="XdndProxy on the client to a proxy that names itself")
parser.add_argument("--stale-proxy", action="store_true", help="XdndProxy to a window without XdndProxy")
parser.add_argument("--status", default="accept", choices=["accept", "refuse", "slow"])
parser.add_argument("--delay", type=float, default=0.25, help="seconds before each Status with --status slow")
parser.add_argument("--no-finished", action="store_true", help="never send XdndFinished")
args = parser.parse_args()


def out(line):
    print(line, flush=True)


main = display.Display()
second = display.Display()
atom = main.intern_atom
ENTER, POSITION, STATUS = atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus")
LEAVE, DROP, FINISHED = atom("XdndLeave"), atom("XdndDrop"), atom("XdndFinished")
AWARE, PROXY, TYPE_LIST = atom("XdndAware"), atom("XdndProxy"), atom("XdndTypeList")
ACTION_COPY, SELECTION, UTF8, WM_STATE = atom("XdndActionCopy"), atom("XdndSelection"), atom("UTF8_STRING"), atom("WM_STATE")
DATA = atom("_XDND_TARGET_DATA")

root = main.screen().root
mask = X.ExposureMask | X.PropertyChangeMask
if args.frame:
    frame = root.create_window(100, 650, 300, 250, 0, X.CopyFromParent, background_pixel=main.screen().white_pixel)
    client = frame.create_window(0, 0, 300, 250, 0, X.CopyFromParent, event_mask=mask,
                                 background_pixel=main.screen().white_pixel)
    client.change_property(WM_STATE, WM_STATE, 32, [1, 0])
else:
    frame = None
    client = root.create_window(100, 650, 300, 250, 0, X.CopyFromParent, event_mask=mask,
                                background_pixel=main.screen().white_pixel)

proxy = None
if args.proxy or args.stale_proxy:
    proxy = second.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    if args.proxy:
        proxy.change_property(PROXY, Xatom.WINDOW, 32, [proxy.id])
        proxy.change_property(AWARE, Xatom.ATOM, 32, [args.aware])
    second.flush()
    client.change_property(PROXY, Xatom.WINDOW, 32, [proxy.id])
if not args.proxy:
    client.change_property(AWARE, Xatom.ATOM, 32, [args.aware])
client.map()
if frame:
    frame.map()
main.sync()
out("ready client=%s frame=%s proxy=%s" % (hex(client.id), hex(frame.id) if frame else "0", hex(proxy.id) if proxy else "0"))

outstanding = 0
pending_status = []  # (due time, source id)
dropping_source = None


def names(atoms):
    return [main.get_atom_name(a) for a in atoms if a]


def send(source_id, kind, data):
    source = main.create_resource_object("window", source_id)
    message = event.ClientMessage(window=source, client_type=kind, data=(32, ([client.id] + data + [0] * 4)[:5]))
    source.send_event(message, event_mask=0)
    main.flush()


def send_status(source_id):
    global outstanding
    outstanding = 0
    accept = args.status != "refuse"
    send(source_id, STATUS, [3 if accept else 0, 0, 0, ACTION_COPY if accept else 0])


def handle(ev, at):
    global outstanding, dropping_source
    if ev.type == X.SelectionNotify and ev.property != X.NONE:
        value = client.get_full_property(DATA, X.AnyPropertyType)
        out("data " + (value.value.decode("utf-8") if value else ""))
        if not args.no_finished and dropping_source:
            send(dropping_source, FINISHED, [1, ACTION_COPY])
        return
    if ev.type != X.ClientMessage:
        return
    l = ev.data[1]
    source = l[0]
    kind = ev.client_type
    window = hex(ev.window.id)
    if kind == ENTER:
        version, many = l[1] >> 24, l[1] & 1
        if many:
            source_window = main.create_resource_object("window", source)
            listed = source_window.get_full_property(TYPE_LIST, Xatom.ATOM)
            types = names(listed.value) if listed else []
        else:
            types = names(l[2:5])
        out("enter at=%s window=%s version=%d many=%d types=%s" % (at, window, version, many, ",".join(types)))
    elif kind == POSITION:
        outstanding += 1
        out("position at=%s window=%s x=%d y=%d outstanding=%d" % (at, window, l[2] >> 16, l[2] & 0xFFFF, outstanding))
        if args.status == "slow":
            pending_status.append((time.monotonic() + args.delay, source))
        else:
            send_status(source)
    elif kind == LEAVE:
        out("leave at=%s window=%s" % (at, window))
    elif kind == DROP:
        out("drop at=%s window=%s" % (at, window))
        dropping_source = source
        client.convert_selection(SELECTION, UTF8, DATA, l[2])
        main.flush()


while True:
    for connection, at in ((main, "client"), (second, "proxy")):
        while connection.pending_events():
            handle(connection.next_event(), at)
    now = time.monotonic()
    while pending_status and pending_status[0][0] <= now:
        send_status(pending_status.pop(0)[1])
    timeout = max(0.0, pending_status[0][0] - now) if pending_status else 0.5
    select.select([main, second], [], [], timeout)
