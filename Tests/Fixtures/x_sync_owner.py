#!/usr/bin/python3
"""An X11 CLIPBOARD owner (python3-xlib) that marks the moment its TARGETS answer has been sent, for a negative
test without a timed wait under Xwayland.

usage: x_sync_owner.py TEXT [--mark-now]

Owns CLIPBOARD with TEXT (targets TARGETS and UTF8_STRING) and prints "owner". Each request prints
"request TARGET". After answering the first TARGETS request (with --mark-now: right after taking CLIPBOARD) it
maps a window named "x-sync-marker" and prints "mapped". The X server delivers the events this client causes in
the order of its requests, so the window manager (wlroots' XWM) gets the owner change and the TARGETS answer
before the MapRequest: once it shows the window, it has handled both. Prints "lost" when another client takes
CLIPBOARD, and keeps running (and its window mapped) until it is killed.
"""
import sys

from Xlib import X, Xatom, display
from Xlib.protocol import event

d = display.Display()
root = d.screen().root
CLIPBOARD = d.intern_atom("CLIPBOARD")
TARGETS = d.intern_atom("TARGETS")
UTF8_STRING = d.intern_atom("UTF8_STRING")
text = sys.argv[1].encode()


def say(line):
    print(line, flush=True)


owner = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
owner.set_selection_owner(CLIPBOARD, X.CurrentTime)
d.flush()
if d.get_selection_owner(CLIPBOARD) != owner:
    say("not owner")
    sys.exit(1)
say("owner")


def mark():
    # A background makes Xwayland draw the window: only a window with a buffer is mapped on the Wayland side.
    marker = root.create_window(0, 0, 200, 100, 0, X.CopyFromParent, background_pixel=d.screen().white_pixel)
    marker.set_wm_name("x-sync-marker")
    marker.map()
    d.flush()
    say("mapped")


marked = "--mark-now" in sys.argv[2:]
if marked:
    mark()
while True:
    e = d.next_event()
    if e.type == X.SelectionClear:
        say("lost")
    if e.type != X.SelectionRequest:
        continue
    name = d.get_atom_name(e.target)
    say("request " + name)
    prop = e.property or e.target
    if e.target == TARGETS:
        e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS, UTF8_STRING])
    elif e.target == UTF8_STRING:
        e.requestor.change_property(prop, UTF8_STRING, 8, text)
    else:
        prop = X.NONE
    e.requestor.send_event(event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection,
                                                 target=e.target, property=prop))
    d.flush()
    if e.target == TARGETS and not marked:
        mark()
        marked = True
