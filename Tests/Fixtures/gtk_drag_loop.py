#!/usr/bin/python3
"""A GTK3 drag source for many drags in a row: a window at (50, 50) holding one button whose drag carries text
(GTK's text targets: UTF8_STRING, TEXT, text/plain, ...). The text of the next drag comes from stdin, one name
per line. Used by bench/soak.py; the one-shot version is gtk_drag_source.py.

usage: gtk_drag_loop.py    then one name per line on stdin, each answered "armed NAME"; exits at EOF.

Prints "ready" once the window is mapped, then "get TARGET" per data request, "end" when a drag ends, and
"failed REASON" when it fails. Drive it with xdotool as the tests do: press on (150, 110), move past the drag
threshold, move onto the target twice, pause, release.
"""
import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

import stdin_lines  # noqa: E402

window = Gtk.Window(title="drag-loop")
window.move(50, 50)
window.set_default_size(200, 120)
button = Gtk.Button(label="Drag me")
window.add(button)
targets = Gtk.TargetList.new([])
targets.add_text_targets(0)
button.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
button.drag_source_set_target_list(targets)
current = {"text": "nothing yet"}


def get(_widget, _context, data, _info, _time):
    print("get " + data.get_target().name(), flush=True)
    data.set_text(current["text"], -1)


def arm(name):
    current["text"] = name
    print("armed " + name, flush=True)


button.connect("drag-data-get", get)
button.connect("drag-end", lambda *_: print("end", flush=True))
button.connect("drag-failed", lambda _w, _c, result: print("failed " + result.value_nick, flush=True) or False)
window.connect("map-event", lambda *_: print("ready", flush=True))
window.connect("destroy", Gtk.main_quit)
stdin_lines.watch(arm)
window.show_all()
Gtk.main()
