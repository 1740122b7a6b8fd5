#!/usr/bin/python3
"""The bench's floor contender: the least a clipboard reader must do, in python3-xlib. It waits for XFixes to
report a new CLIPBOARD owner, asks for TARGETS, then for TARGET (UTF8_STRING by default, or image/png), reads the
reply whole (INCR included: delete, then one PropertyNotify per chunk) and prints one line per copy:
"got TARGET BYTES WALL_MS" (WALL_MS is time.time() in ms when the last byte was read), or "missed REASON". It
stores nothing and decodes nothing, so its time is the X round trips and the copy of the bytes.

usage: floor_reader.py [TARGET]        prints "ready" once it watches; runs until killed.
"""
import sys
import time

from Xlib import X, Xatom, display
from Xlib.ext import xfixes

want = sys.argv[1] if len(sys.argv) > 1 else "UTF8_STRING"
d = display.Display()
d.xfixes_query_version()
root = d.screen().root
window = root.create_window(-10, -10, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
clipboard = d.intern_atom("CLIPBOARD")
targets_atom = d.intern_atom("TARGETS")
want_atom = d.intern_atom(want)
incr = d.intern_atom("INCR")
reply = d.intern_atom("_FLOOR_REPLY")
d.xfixes_select_selection_input(root, clipboard, xfixes.XFixesSetSelectionOwnerNotifyMask)
d.flush()
print("ready", flush=True)


def next_event(kind):
    """The next event of `kind`, others dropped. It blocks: a silent owner leaves this copy unread, and the bench
    counts it as missed when its own deadline passes."""
    while True:
        event = d.next_event()
        if event.type == kind:
            return event


def convert(target, stamp):
    window.delete_property(reply)
    window.convert_selection(clipboard, target, reply, stamp)
    d.flush()
    event = next_event(X.SelectionNotify)
    if event is None or event.property == X.NONE:
        return None
    return window.get_full_property(reply, X.AnyPropertyType, sizehint=1 << 20)


def read_incr():
    chunks = []
    window.delete_property(reply)
    d.flush()
    while True:
        event = next_event(X.PropertyNotify)
        if event is None:
            return None
        if event.atom != reply or event.state != X.PropertyNewValue:
            continue
        prop = window.get_full_property(reply, X.AnyPropertyType, sizehint=1 << 20)
        window.delete_property(reply)
        d.flush()
        if prop is None:
            return None
        data = prop.value if isinstance(prop.value, bytes) else bytes(prop.value)
        if not data:
            return b"".join(chunks)
        chunks.append(data)


while True:
    event = d.next_event()
    # python-xlib builds the XFixes event class per display, so it is told by name.
    if type(event).__name__ != "SetSelectionOwnerNotify" or event.selection != clipboard or not event.owner:
        continue
    stamp = event.selection_timestamp
    targets = convert(targets_atom, stamp)
    if targets is None or want_atom not in list(targets.value):
        print("missed %s not offered" % want, flush=True)
        continue
    prop = convert(want_atom, stamp)
    if prop is None:
        print("missed %s refused" % want, flush=True)
        continue
    if prop.property_type == incr:
        data = read_incr()
        if data is None:
            print("missed INCR stalled", flush=True)
            continue
    else:
        data = prop.value if isinstance(prop.value, bytes) else bytes(prop.value)
    print("got %s %d %.3f" % (want, len(data), time.time() * 1000), flush=True)
