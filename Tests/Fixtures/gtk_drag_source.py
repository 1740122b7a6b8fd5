#!/usr/bin/python3
"""Imitates a GTK3 application the user drags from: a window at (50, 50) holding one button that is a drag source.

usage: gtk_drag_source.py text TEXT            (GTK's text targets: UTF8_STRING, TEXT, text/plain, ...)
       gtk_drag_source.py uris FILE...         (text/uri-list, as a file manager offers)
       gtk_drag_source.py image FILE.png NAME  (image/png with the file's bytes, plus UTF8_STRING NAME)
       gtk_drag_source.py unknown              (only application/x-unknown-thing)
       gtk_drag_source.py die                  (text targets, but exits when asked for the data)

Prints "ready" once the window is mapped, then "get TARGET" per data request, "end" or "failed REASON".
Drive it with xdotool: press on (150, 110), move past the drag threshold, move onto the target, wait, release.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk  # noqa: E402

mode = sys.argv[1]
window = Gtk.Window(title="drag-source")
window.move(50, 50)
window.set_default_size(200, 120)
button = Gtk.Button(label="Drag me")
window.add(button)

targets = Gtk.TargetList.new([])
if mode in ("text", "die"):
    targets.add_text_targets(0)
elif mode == "uris":
    targets.add_uri_targets(0)
elif mode == "image":
    targets.add(Gdk.Atom.intern("image/png", False), 0, 1)
    targets.add(Gdk.Atom.intern("UTF8_STRING", False), 0, 2)
elif mode == "unknown":
    targets.add(Gdk.Atom.intern("application/x-unknown-thing", False), 0, 3)
button.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
button.drag_source_set_target_list(targets)


def get(_widget, _context, data, info, _time):
    target = data.get_target().name()
    print("get " + target, flush=True)
    if mode == "die":
        os._exit(0)
    if mode == "text":
        data.set_text(sys.argv[2], -1)
    elif mode == "uris":
        data.set_uris([GLib.filename_to_uri(os.path.abspath(p)) for p in sys.argv[2:]])
    elif mode == "image" and info == 1:
        with open(sys.argv[2], "rb") as f:
            data.set(data.get_target(), 8, f.read())
    elif mode == "image":
        data.set_text(sys.argv[3], -1)
    else:
        data.set(data.get_target(), 8, b"x")


button.connect("drag-data-get", get)
# "begin" once GTK has started the drag and holds the pointer: the test moves on to the target only then, since a
# move or a release that reaches the server before GTK took its grab is not the drag's and leaves it hanging.
button.connect("drag-begin", lambda *_: print("begin", flush=True))
button.connect("drag-end", lambda *_: print("end", flush=True))
# True: the failure is handled here, so GTK skips its animation of the icon sliding back to the button. During
# that animation it kept the pointer grabbed after "end", and the next source's press and drag went nowhere.
button.connect("drag-failed", lambda _w, _c, result: print("failed " + result.value_nick, flush=True) or True)
window.connect("map-event", lambda *_: print("ready", flush=True))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
