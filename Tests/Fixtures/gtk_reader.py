#!/usr/bin/python3
"""Imitates a GTK3 application pasting from CLIPBOARD, through GTK's own selection code (which asks for
TARGETS, then the text or image targets it prefers, and reads INCR by itself).

Prints "ready" first (the test harness waits for it), then the result:
usage: gtk_reader.py text     prints "text " + the text, or "no text"
       gtk_reader.py image    prints "image WIDTHxHEIGHT", or "no image"
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

print("ready", flush=True)
clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
if sys.argv[1] == "text":
    text = clipboard.wait_for_text()
    print("no text" if text is None else "text " + text, flush=True)
elif sys.argv[1] == "image":
    image = clipboard.wait_for_image()
    print("no image" if image is None else "image %dx%d" % (image.get_width(), image.get_height()), flush=True)
else:
    sys.exit("unknown mode " + sys.argv[1])
