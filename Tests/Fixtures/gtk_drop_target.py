#!/usr/bin/python3
"""Imitates a GTK3 application the user drops a hero onto: a window at (100, 650), 300x250, accepting drops of
application/x-herobridge-hero+json, image/png and text (GTK's text targets), and asking for all three on a drop.

usage: gtk_drop_target.py

Prints "ready" once mapped; "enter" and "leave" as drags come and go; on a drop "drop OFFERED,TARGETS", then per
target received "json DATA", "image MIME WxH" (decoded with GdkPixbuf) and "text TEXT", then "finished".
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, Gtk  # noqa: E402

HERO = "application/x-herobridge-hero+json"
window = Gtk.Window(title="drop-target")
window.move(100, 650)
window.set_default_size(300, 250)
window.add(Gtk.Label(label="Drop a hero here"))

targets = Gtk.TargetList.new([])
targets.add(Gdk.Atom.intern(HERO, False), 0, 1)
targets.add(Gdk.Atom.intern("image/png", False), 0, 2)
targets.add_text_targets(3)
# MOTION: GTK answers each XdndPosition with a Status accepting when the offered types intersect ours.
window.drag_dest_set(Gtk.DestDefaults.MOTION, [], Gdk.DragAction.COPY)
window.drag_dest_set_target_list(targets)

pending = set()
state = {"entered": False}


def motion(_widget, _context, _x, _y, _time):
    if not state["entered"]:
        state["entered"] = True
        print("enter", flush=True)
    return False  # let DestDefaults.MOTION answer


def leave(_widget, _context, _time):
    state["entered"] = False
    print("leave", flush=True)


def drop(widget, context, _x, _y, time):
    offered = [a.name() for a in context.list_targets()]
    print("drop " + ",".join(offered), flush=True)
    wanted = [HERO, "image/png", "UTF8_STRING"]
    for name in wanted:
        if name in offered:
            pending.add(name)
            widget.drag_get_data(context, Gdk.Atom.intern(name, False), time)
    if not pending:
        Gtk.drag_finish(context, False, False, time)
    return True


def received(_widget, context, _x, _y, data, _info, time):
    target = data.get_target().name()
    raw = data.get_data() or b""
    if target == HERO:
        print("json " + raw.decode("utf-8"), flush=True)
    elif target == "image/png":
        loader = GdkPixbuf.PixbufLoader()
        loader.write(raw)
        loader.close()
        pixbuf = loader.get_pixbuf()
        print("image %s %dx%d" % (loader.get_format().get_mime_types()[0], pixbuf.get_width(), pixbuf.get_height()),
              flush=True)
    else:
        print("text " + (data.get_text() or ""), flush=True)
    pending.discard(target)
    if not pending:
        Gtk.drag_finish(context, True, False, time)
        print("finished", flush=True)


window.connect("drag-motion", motion)
window.connect("drag-leave", leave)
window.connect("drag-drop", drop)
window.connect("drag-data-received", received)
window.connect("map-event", lambda *_: print("ready", flush=True))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
sys.exit(0)
