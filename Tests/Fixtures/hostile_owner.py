#!/usr/bin/python3
"""Imitates clipboard owners that misbehave, with python3-xlib, to prove the agent survives them.

usage: hostile_owner.py MODE
  silent-targets  owns CLIPBOARD and never answers anything
  silent-data     answers TARGETS (UTF8_STRING), never the data
  incr-stall      starts a 6 MB image/png over INCR, sends 3 chunks of 128 KiB, then goes silent (stays alive)
  incr-die        the same, but exits after the 3rd chunk
  huge            streams 100 MB of UTF8_STRING over INCR with no size announced, as long as it is read
  invalid-utf8    answers UTF8_STRING with bytes that are not UTF-8
  bad-png         answers image/png with a PNG signature followed by garbage, and UTF8_STRING "Thor"
  prefill         answers UTF8_STRING by appending 20 MB to the requestor's property, then naming it: the size
                  must be checked before the data is read
  many-targets    answers TARGETS with 5,000 atoms
  html-flood      offers only text/html, announced as 64 MB over INCR (served "&&&…" if read)
  lose-first      answers TARGETS, loses the first UTF8_STRING request (never answers it), answers the next: "Thor"
  late-reply      answers TARGETS (UTF8_STRING), holds the UTF8_STRING request, and answers it ("Hulk") only
                  once another client has taken the selection, the way a slow owner's reply crosses a new copy.
                  Prints "late reply delivered" or "late reply BadWindow" (the requestor window was destroyed:
                  an Xlib owner with no error handler, like xclip, dies of that)
  hold-second     offers the hero JSON ({"name": "Hulk"}) and UTF8_STRING; answers the JSON, holds UTF8_STRING
  forged-enter DROP_WINDOW
                  before answering TARGETS, sends the window DROP_WINDOW an XdndEnter naming the requestor window
                  as its source; then serves UTF8_STRING "Thor" over INCR
  forged-chunk    serves UTF8_STRING "Thor" over INCR, sending the requestor a forged PropertyNotify (new value)
                  0.3 s before the chunk is written
  forged-gone     answers TARGETS (UTF8_STRING); on the UTF8_STRING request sends the agent's manager window a
                  forged XFixes "owner window destroyed" event, then 0.3 s later answers "Thor"
  forged-notify   serves UTF8_STRING "Thor"; 0.5 s later writes "Hulk" into the same reply property and sends
                  the requestor a SelectionNotify for it, as if a request were in flight; prints "forged"

Prints "ready" once it owns the selection, then "request TARGET" for each request and "chunk N" per INCR chunk.
"""
import os
import sys
import time

from Xlib import X, Xatom, display, error
from Xlib.ext import xfixes
from Xlib.protocol import event

mode = sys.argv[1]
d = display.Display()
window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
atom = d.intern_atom
CLIPBOARD, TARGETS, INCR = atom("CLIPBOARD"), atom("TARGETS"), atom("INCR")
UTF8, PNG, HTML = atom("UTF8_STRING"), atom("image/png"), atom("text/html")
HERO = atom("application/x-herobridge-hero+json")
CHUNK = 128 << 10  # python3-xlib has no BIG-REQUESTS: one request must stay under 256 KiB

offered = {
    "silent-targets": [],
    "silent-data": [UTF8],
    "incr-stall": [PNG],
    "incr-die": [PNG],
    "huge": [UTF8],
    "invalid-utf8": [UTF8],
    "bad-png": [PNG, UTF8],
    "late-reply": [UTF8],
    "prefill": [UTF8],
    "many-targets": [UTF8] * 5000,
    "lose-first": [UTF8],
    "html-flood": [HTML],
    "hold-second": [HERO, UTF8],
    "forged-enter": [UTF8],
    "forged-chunk": [UTF8],
    "forged-gone": [UTF8],
    "forged-notify": [UTF8],
}[mode]
incr_payload = {"forged-enter": b"Thor", "forged-chunk": b"Thor"}.get(mode)

window.set_selection_owner(CLIPBOARD, X.CurrentTime)
d.flush()
print("ready", flush=True)

incr = None  # (requestor, property, type, chunks sent)
held = None  # late-reply: the UTF8_STRING request not answered yet
lost = 0  # lose-first: UTF8_STRING requests dropped so far


def notify(request, prop):
    request.requestor.send_event(event.SelectionNotify(
        time=request.time, requestor=request.requestor, selection=request.selection,
        target=request.target, property=prop))


def start_incr(request, prop, kind, announced):
    global incr
    request.requestor.change_attributes(event_mask=X.PropertyChangeMask)
    request.requestor.change_property(prop, INCR, 32, [announced] if announced else [])
    notify(request, prop)
    incr = [request.requestor, prop, kind, 0]


while True:
    e = d.next_event()
    if e.type == X.SelectionClear:
        if held is not None:
            # Give the requestor time to react to the new owner, then answer as a slow owner finally does.
            time.sleep(0.3)
            caught = error.CatchError(error.BadWindow)
            held.requestor.change_property(held.property or held.target, UTF8, 8, b"Hulk", onerror=caught)
            notify(held, held.property or held.target)
            d.sync()
            print("late reply " + ("BadWindow" if caught.get_error() else "delivered"), flush=True)
        sys.exit(0)
    if e.type == X.SelectionRequest:
        name = d.get_atom_name(e.target)
        print("request " + name, flush=True)
        prop = e.property or e.target
        if mode == "silent-targets":
            continue
        if e.target == TARGETS:
            if mode == "forged-enter":
                drop = d.create_resource_object("window", int(sys.argv[2], 0))
                drop.send_event(event.ClientMessage(window=drop, client_type=atom("XdndEnter"),
                                                    data=(32, [e.requestor.id, 5 << 24, UTF8, 0, 0])))
                d.flush()
            e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS] + offered)
            notify(e, prop)
        elif mode == "silent-data":
            continue
        elif mode == "lose-first" and lost == 0:
            lost = 1
            continue
        elif mode == "lose-first":
            e.requestor.change_property(prop, UTF8, 8, b"Thor")
            notify(e, prop)
        elif mode == "prefill":
            block = b"Thor " * (CHUNK // 5)
            e.requestor.change_property(prop, UTF8, 8, block)
            for _ in range((20 << 20) // len(block)):
                e.requestor.change_property(prop, UTF8, 8, block, mode=X.PropModeAppend)
            notify(e, prop)
        elif mode == "hold-second" and e.target == HERO:
            e.requestor.change_property(prop, HERO, 8, b'{"name": "Hulk"}')
            notify(e, prop)
        elif mode == "hold-second":
            continue
        elif incr_payload is not None:
            start_incr(e, prop, UTF8, len(incr_payload))
        elif mode == "forged-gone":
            manager = d.get_selection_owner(atom("HEROBRIDGE_S%d" % d.get_default_screen()))
            base = d.query_extension("XFIXES").first_event
            manager.send_event(xfixes.SelectionNotify(
                type=base + xfixes.XFixesSelectionNotify, sub_code=xfixes.XFixesSelectionWindowDestroyNotify,
                window=manager, owner=X.NONE, selection=CLIPBOARD, timestamp=X.CurrentTime,
                selection_timestamp=X.CurrentTime))
            d.sync()
            time.sleep(0.3)
            e.requestor.change_property(prop, UTF8, 8, b"Thor")
            notify(e, prop)
        elif mode == "forged-notify":
            e.requestor.change_property(prop, UTF8, 8, b"Thor")
            notify(e, prop)
            d.sync()
            time.sleep(0.5)
            e.requestor.change_property(prop, UTF8, 8, b"Hulk")
            notify(e, prop)
            d.sync()
            print("forged", flush=True)
        elif mode == "late-reply":
            held = e
            continue
        elif mode in ("incr-stall", "incr-die") and e.target == PNG:
            start_incr(e, prop, PNG, 6 << 20)
        elif mode == "huge":
            start_incr(e, prop, UTF8, 0)
        elif mode == "html-flood" and e.target == HTML:
            start_incr(e, prop, HTML, 64 << 20)
        elif mode == "invalid-utf8":
            e.requestor.change_property(prop, UTF8, 8, b"Spider\xff\xfe-Man")
            notify(e, prop)
        elif mode == "bad-png" and e.target == PNG:
            e.requestor.change_property(prop, PNG, 8, b"\x89PNG\r\n\x1a\n" + os.urandom(4000))
            notify(e, prop)
        elif mode == "bad-png" and e.target == UTF8:
            e.requestor.change_property(prop, UTF8, 8, b"Thor")
            notify(e, prop)
        else:
            notify(e, X.NONE)
        d.flush()
    elif e.type == X.PropertyNotify and incr and e.state == X.PropertyDelete \
            and e.window == incr[0] and e.atom == incr[1]:
        requestor, prop, kind, sent = incr
        if incr_payload is not None:
            if mode == "forged-chunk" and sent == 0:
                requestor.send_event(event.PropertyNotify(window=requestor, atom=prop, time=X.CurrentTime,
                                                          state=X.PropertyNewValue), event_mask=X.PropertyChangeMask)
                d.sync()
                time.sleep(0.3)
            requestor.change_property(prop, kind, 8, incr_payload if sent == 0 else b"")
            incr[3] = sent + 1
            print("chunk %d" % (sent + 1), flush=True)
            if sent > 0:
                incr = None
            d.flush()
            continue
        if mode in ("incr-stall", "incr-die") and sent == 3:
            if mode == "incr-die":
                os._exit(0)
            incr = None  # silent from now on
            continue
        limit = {"huge": 100 << 20, "html-flood": 64 << 20}.get(mode, 6 << 20) // CHUNK
        filler = b"&" if mode == "html-flood" else b"x"
        data = b"" if sent == limit else (b"\x89PNG" if sent == 0 and kind == PNG else b"") + filler * CHUNK
        requestor.change_property(prop, kind, 8, data[:CHUNK])
        incr[3] = sent + 1
        print("chunk %d" % (sent + 1), flush=True)
        if not data:
            incr = None
        d.flush()
