#!/usr/bin/python3
"""A GTK3 application that copies text again and again, through Gtk.Clipboard.set_text (GTK's own selection
code: one owner window for the whole process, a server timestamp per copy, TARGETS/TIMESTAMP/MULTIPLE/INCR
handled by GTK). Used by bench/soak.py.

usage: gtk_clipboard_loop.py      then one name per line on stdin; each line is one copy.

Prints "ready" once GTK runs, then per line read "copied NAME owner=1" (owner=0 when GTK does not own CLIPBOARD
right after the copy). Exits at EOF.
"""

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

import stdin_lines  # noqa: E402

clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)


def copy(name):
    clipboard.set_text(name, -1)
    owned = Gdk.selection_owner_get(Gdk.SELECTION_CLIPBOARD) is not None
    print("copied %s owner=%d" % (name, 1 if owned else 0), flush=True)


stdin_lines.watch(copy)
print("ready", flush=True)
Gtk.main()
