#!/usr/bin/python3
"""Saves an X window as PNG with GdkPixbuf (no ImageMagick needed): capture_window.py WINDOW-ID OUT.png"""
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11  # noqa: E402

display = GdkX11.X11Display.get_default()
window = GdkX11.X11Window.foreign_new_for_display(display, int(sys.argv[1], 0))
pixbuf = Gdk.pixbuf_get_from_window(window, 0, 0, window.get_width(), window.get_height())
pixbuf.savev(sys.argv[2], "png", [], [])
