#!/usr/bin/python3
"""What a window manager and a launcher ask of a top-level window, done with python3-xlib (not HeroBridge's code),
so the window-manager tests check HeroBridge against an independent reader of the protocols.

usage:
  wm_probe.py icon WINDOW SIDE      prints "icon WxH center=0xAARRGGBB corner=0xAARRGGBB" for the _NET_WM_ICON image
                                    SIDE pixels square, and "sizes 16x16 32x32 ..." for every image; "no icon" if none
  wm_probe.py ping WINDOW COUNT     sends COUNT _NET_WM_PING messages to WINDOW, one at a time, as a window manager
                                    does, and waits for each answer on the root window (hang guard 60 s); prints
                                    "pong N MS" per answer (MS: from the send to the answer), "no answer N" if none
  wm_probe.py startup               listens on the root window for startup-notification messages
                                    (_NET_STARTUP_INFO_BEGIN, _NET_STARTUP_INFO), puts each series back together by
                                    the window it names, and prints "message: TEXT" per complete message; "ready"
                                    once it listens

WINDOW in hex or decimal.
"""
import select
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

d = display.Display()
root = d.screen().root


def icon(window_id, side):
    window = d.create_resource_object("window", window_id)
    prop = window.get_full_property(d.intern_atom("_NET_WM_ICON"), Xatom.CARDINAL, sizehint=1 << 20)
    if prop is None or len(prop.value) < 2:
        print("no icon")
        return
    values = [v & 0xffffffff for v in prop.value]
    sizes, chosen, index = [], None, 0
    while index + 2 <= len(values):
        width, height = values[index], values[index + 1]
        pixels = values[index + 2:index + 2 + width * height]
        sizes.append("%dx%d" % (width, height))
        if width == side and height == side:
            chosen = pixels
        index += 2 + width * height
    print("sizes " + " ".join(sizes))
    if chosen is not None:
        print("icon %dx%d center=0x%08x corner=0x%08x" % (side, side, chosen[(side // 2) * side + side // 2], chosen[0]))
    sys.stdout.flush()


def ping(window_id, count):
    window = d.create_resource_object("window", window_id)
    protocols, net_wm_ping = d.intern_atom("WM_PROTOCOLS"), d.intern_atom("_NET_WM_PING")
    # The answer goes to the root with SubstructureNotify | SubstructureRedirect: every client selecting either
    # gets it, so this one does beside the window manager.
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    d.sync()
    for n in range(count):
        stamp = 1000 + n
        message = event.ClientMessage(window=window, client_type=protocols,
                                      data=(32, [net_wm_ping, stamp, window_id, 0, 0]))
        sent = time.monotonic()
        window.send_event(message)
        d.flush()
        answered = None
        while answered is None and time.monotonic() - sent < 60:
            while d.pending_events():
                e = d.next_event()
                if (e.type == X.ClientMessage and e.window.id == root.id and e.client_type == protocols
                        and e.data[1][0] == net_wm_ping and e.data[1][1] == stamp and e.data[1][2] == window_id):
                    answered = time.monotonic()
                    break
            if answered is None:
                select.select([d], [], [], 0.5)
        if answered is None:
            print("no answer %d" % n)
        else:
            print("pong %d %.2f" % (n, (answered - sent) * 1000))
        sys.stdout.flush()


def startup():
    begin, more = d.intern_atom("_NET_STARTUP_INFO_BEGIN"), d.intern_atom("_NET_STARTUP_INFO")
    root.change_attributes(event_mask=X.PropertyChangeMask)
    d.sync()
    print("ready")
    sys.stdout.flush()
    series = {}
    while True:
        e = d.next_event()
        if e.type != X.ClientMessage or e.client_type not in (begin, more) or e.data[0] != 8:
            continue
        chunk = bytes(e.data[1])
        key = e.window.id
        if e.client_type == begin:
            series[key] = b""
        elif key not in series:
            continue
        series[key] += chunk
        if b"\0" in chunk:
            text = series.pop(key).split(b"\0", 1)[0]
            print("message: " + text.decode("utf-8", "replace"))
            sys.stdout.flush()


if sys.argv[1] == "icon":
    icon(int(sys.argv[2], 0), int(sys.argv[3]))
elif sys.argv[1] == "ping":
    ping(int(sys.argv[2], 0), int(sys.argv[3]))
elif sys.argv[1] == "startup":
    startup()
else:
    sys.exit(__doc__)
