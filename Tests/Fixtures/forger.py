#!/usr/bin/python3
"""A client that sends the agent events it never asked for, with python3-xlib: any X client can send any event
to any window (SendEvent), so the agent must not believe them.

usage: forger.py xdnd-enter TARGET SOURCE
           sends an XdndEnter (version 5, UTF8_STRING) to the window TARGET naming the window SOURCE as its
           source, then proves the agent handled it: an Enter and a Position from its own window, answered by
           an XdndStatus ("handled"; "no status" after 5 s), then a Leave
       forger.py xfixes new-owner|window-gone|client-gone
           sends an XFixes selection event for CLIPBOARD naming its current owner to the agent's manager window
           (the owner of HEROBRIDGE_S0), as if the server had made it
       forger.py manager-clear
           sends the agent's manager window a SelectionClear for HEROBRIDGE_S0, as if another agent had taken over
       forger.py selection-request OWNER REQUESTOR
           sends a SelectionRequest for CLIPBOARD's UTF8_STRING into _FORGED to the window OWNER, naming the
           window REQUESTOR (which need not exist)
       forger.py control VERB REPLY
           sends the agent's manager window a _HEROBRIDGE_CONTROL request with the verb number VERB (1 status,
           2 pause, 3 resume; others are unknown) naming REPLY ("root", or a window id) as the window to answer to

Prints "ready" once connected, then "sent" once the event has reached the server.
"""
import sys
import time

from Xlib import X, display
from Xlib.ext import xfixes
from Xlib.protocol import event

d = display.Display()
root = d.screen().root
atom = d.intern_atom
CLIPBOARD, UTF8 = atom("CLIPBOARD"), atom("UTF8_STRING")
ENTER, POSITION, STATUS, LEAVE = atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus"), atom("XdndLeave")
print("ready", flush=True)


def window(text):
    return d.create_resource_object("window", int(text, 0))


def client_message(target, kind, data):
    target.send_event(event.ClientMessage(window=target, client_type=kind, data=(32, data + [0] * (5 - len(data)))))


def xdnd_enter(target, source):
    client_message(target, ENTER, [source.id, 5 << 24, UTF8, 0, 0])
    d.sync()
    print("sent", flush=True)
    own = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    client_message(target, ENTER, [own.id, 5 << 24, UTF8, 0, 0])
    client_message(target, POSITION, [own.id, 0, (10 << 16) | 10, X.CurrentTime, atom("XdndActionCopy")])
    d.flush()
    end = time.time() + 5
    while time.time() < end:
        while d.pending_events():
            e = d.next_event()
            if e.type == X.ClientMessage and e.client_type == STATUS:
                print("handled", flush=True)
                client_message(target, LEAVE, [own.id, 0])
                d.sync()
                return
        time.sleep(0.01)
    print("no status", flush=True)


def manager():
    window = d.get_selection_owner(atom("HEROBRIDGE_S%d" % d.get_default_screen()))
    if not window:
        sys.exit("no agent owns HEROBRIDGE_S0")
    return window


def manager_clear():
    window = manager()
    window.send_event(event.SelectionClear(time=X.CurrentTime, window=window,
                                           atom=atom("HEROBRIDGE_S%d" % d.get_default_screen())))
    d.sync()
    print("sent", flush=True)


def xfixes_event(kind):
    manager_window = manager()
    owner = d.get_selection_owner(CLIPBOARD)
    subtype = {"new-owner": 0, "window-gone": 1, "client-gone": 2}[kind]
    base = d.query_extension("XFIXES").first_event
    forged = xfixes.SelectionNotify(type=base + xfixes.XFixesSelectionNotify, sub_code=subtype, window=manager_window,
                                    owner=owner if subtype == 0 else X.NONE, selection=CLIPBOARD,
                                    timestamp=X.CurrentTime, selection_timestamp=X.CurrentTime)
    manager_window.send_event(forged)
    d.sync()
    print("sent", flush=True)


def selection_request(owner, requestor):
    owner.send_event(event.SelectionRequest(time=X.CurrentTime, owner=owner, requestor=requestor, selection=CLIPBOARD,
                                            target=UTF8, property=atom("_FORGED")))
    d.sync()
    print("sent", flush=True)


def control(verb, reply):
    target = manager()
    client_message(target, atom("_HEROBRIDGE_CONTROL"), [verb, root.id if reply == "root" else int(reply, 0), 0, 1234])
    d.sync()
    print("sent", flush=True)


mode = sys.argv[1]
if mode == "xdnd-enter":
    xdnd_enter(window(sys.argv[2]), window(sys.argv[3]))
elif mode == "xfixes":
    xfixes_event(sys.argv[2])
elif mode == "manager-clear":
    manager_clear()
elif mode == "selection-request":
    selection_request(window(sys.argv[2]), window(sys.argv[3]))
elif mode == "control":
    control(int(sys.argv[2]), sys.argv[3])
else:
    sys.exit("unknown mode " + mode)
