#!/usr/bin/python3
"""Imitates a system tray that announces a 32-bit visual for its icons (_NET_SYSTEM_TRAY_VISUAL), as compositing
trays do, scripted with python3-xlib: trayer announces none, so this is the tray that makes HeroBridge draw its icon
with alpha. It owns _NET_SYSTEM_TRAY_S0 on a 200x32 window at the top left, broadcasts MANAGER, and embeds each
icon that sends SYSTEM_TRAY_REQUEST_DOCK: reparents it into its window, sizes it 24x24, maps it.

usage: argb_tray.py

Prints "ready visual=0x.." (the visual announced) once it owns the selection, then "docked 0x.." per icon embedded.
"""
import select
import sys

from Xlib import X, Xatom, display
from Xlib.protocol import event

d = display.Display()
screen = d.screen()
root = screen.root

visual = next((v.visual_id for depth in screen.allowed_depths if depth.depth == 32
               for v in depth.visuals if v.visual_class == X.TrueColor), None)
if visual is None:
    sys.exit("no 32-bit TrueColor visual on this server")

tray = root.create_window(0, 0, 200, 32, 0, screen.root_depth, background_pixel=screen.white_pixel,
                          event_mask=X.StructureNotifyMask)
tray.set_wm_class("argb-tray", "ArgbTray")
tray.map()
selection = d.intern_atom("_NET_SYSTEM_TRAY_S0")
opcode = d.intern_atom("_NET_SYSTEM_TRAY_OPCODE")
tray.change_property(d.intern_atom("_NET_SYSTEM_TRAY_VISUAL"), d.intern_atom("VISUALID"), 32, [visual])
tray.set_selection_owner(selection, X.CurrentTime)
manager = event.ClientMessage(window=root, client_type=d.intern_atom("MANAGER"),
                              data=(32, [X.CurrentTime, selection, tray.id, 0, 0]))
root.send_event(manager, event_mask=X.StructureNotifyMask)
d.sync()
print(f"ready visual={visual:#x}", flush=True)

while True:
    while d.pending_events():
        e = d.next_event()
        if e.type == X.ClientMessage and e.client_type == opcode and e.data[1][1] == 0:
            icon = d.create_resource_object("window", e.data[1][2])
            icon.reparent(tray, 170, 4)
            icon.configure(width=24, height=24)
            icon.map()
            d.sync()
            print(f"docked {icon.id:#x}", flush=True)
    select.select([d.fileno()], [], [])
