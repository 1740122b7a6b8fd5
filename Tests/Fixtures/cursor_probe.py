#!/usr/bin/python3
"""Prints what the pointer looks like right now, as a person would see it: the XFixes cursor image's size,
hotspot and a hash of its pixels, on one line ("cursor WxH+X+Y HASH"). Used to tell the drag source's
"accepts" cursor from its "refuses" cursor without knowing either.

usage: cursor_probe.py
"""
import hashlib

from Xlib import display
from Xlib.ext import xfixes  # noqa: F401  (registers the extension's methods)

d = display.Display()
d.xfixes_query_version()
image = d.xfixes_get_cursor_image(d.screen().root)
pixels = hashlib.sha256(repr(list(image.cursor_image)).encode()).hexdigest()[:16]
print("cursor %dx%d+%d+%d %s" % (image.width, image.height, image.xhot, image.yhot, pixels), flush=True)
