"""Feeds a GTK fixture the lines its test writes to its stdin, one call per non-empty line, on the GLib main
loop; the test closing stdin quits the loop. Shared by the fixtures that are driven line by line."""
import os

from gi.repository import GLib, Gtk


def watch(on_line):
    """Calls on_line(text) for each non-empty UTF-8 line read from fd 0; quits Gtk.main at end of input."""
    pending = [b""]

    def on_input(fd, _condition):
        data = os.read(fd, 65536)
        if not data:
            Gtk.main_quit()
            return False
        pending[0] += data
        while b"\n" in pending[0]:
            line, pending[0] = pending[0].split(b"\n", 1)
            if line:
                on_line(line.decode("utf-8"))
        return True

    GLib.io_add_watch(0, GLib.IO_IN | GLib.IO_HUP, on_input)
