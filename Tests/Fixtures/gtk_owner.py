#!/usr/bin/python3
"""Imitates a GTK3 application that copies to CLIPBOARD, through GTK's own selection code (which answers
TARGETS, TIMESTAMP, MULTIPLE and does INCR for large data by itself).

usage: gtk_owner.py text TEXT
       gtk_owner.py image FILE NAME [TYPE]  (offers TYPE, default image/png, with the file's bytes and UTF8_STRING NAME)
       gtk_owner.py secret TEXT             (offers text plus x-kde-passwordManagerHint "secret", like KeePassXC)

Prints "ready" once it owns the selection, then one line "served TARGET" per data request it answers.
Exits when another client takes the selection.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

mode = sys.argv[1]
offers = {}
if mode == "text":
    offers = {"UTF8_STRING": sys.argv[2].encode(), "text/plain;charset=utf-8": sys.argv[2].encode()}
elif mode == "image":
    with open(sys.argv[2], "rb") as f:
        offers = {sys.argv[4] if len(sys.argv) > 4 else "image/png": f.read(), "UTF8_STRING": sys.argv[3].encode()}
elif mode == "secret":
    offers = {"UTF8_STRING": sys.argv[2].encode(), "x-kde-passwordManagerHint": b"secret"}
else:
    sys.exit("unknown mode " + mode)

clipboard = Gdk.Atom.intern("CLIPBOARD", False)
widget = Gtk.Invisible()
widget.show()
for name in offers:
    Gtk.selection_add_target(widget, clipboard, Gdk.Atom.intern(name, False), 0)


def serve(_widget, data, _info, _time):
    name = data.get_target().name()
    data.set(data.get_target(), 8, offers[name])
    print("served " + name, flush=True)


widget.connect("selection-get", serve)
widget.connect("selection-clear-event", lambda *_: Gtk.main_quit())
if not Gtk.selection_owner_set(widget, clipboard, Gdk.CURRENT_TIME):
    sys.exit("could not own CLIPBOARD")
print("ready", flush=True)
Gtk.main()
