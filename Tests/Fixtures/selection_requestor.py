#!/usr/bin/python3
"""A raw ICCCM requestor (python3-xlib) that reads CLIPBOARD the ways real and badly behaved clients do, to test
`herobridge copy` as a selection owner.

usage: selection_requestor.py rules
           prints one line per owner rule: "timestamp N", "old refused|served", "obsolete TYPE VALUE",
           "multiple R1 R2 R3" (each pair: its value, or "none" when the owner set the pair's property to None),
           "multiple-without-property refused|served", "unknown refused|served"
       selection_requestor.py incr-quit TARGET     reads the INCR announcement and one chunk, then exits
                                                   (its window goes with the connection)
       selection_requestor.py incr-stall TARGET    the same, then stays connected without deleting anything
       selection_requestor.py incr-takeover TARGET reads one chunk, takes CLIPBOARD over itself, then reads the
                                                   rest; prints "took over" and then "received BYTES SHA256"
       selection_requestor.py incr-parallel TARGET N
                                                   N requestor windows read TARGET at once, chunks taken
                                                   round-robin; prints "window I BYTES SHA256" for each
       selection_requestor.py root          asks for UTF8_STRING naming the root window as requestor, then for
                                            TIMESTAMP on its own window; prints "root written" or "root untouched"
                                            (whether the root window got the reply property)
Prints "ready" first; exits 1 on an unexpected reply.
"""
import hashlib
import sys
import time

from Xlib import X, Xatom, display

d = display.Display()
root = d.screen().root
atom = d.intern_atom
CLIPBOARD = atom("CLIPBOARD")
INCR = atom("INCR")


def new_window():
    return root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)


backlog = []


def wait(kind, window, prop=None, state=None, timeout=10):
    """The next event of `kind` for `window` (and `prop`/`state` for PropertyNotify); exits after `timeout` s.
    Events for other windows are kept for later waits (several transfers run at once)."""

    def matches(e):
        if e.type != kind:
            return False
        if kind == X.SelectionNotify:
            return e.requestor.id == window.id
        return e.window.id == window.id and (prop is None or e.atom == prop) and (state is None or e.state == state)

    end = time.time() + timeout
    while time.time() < end:
        for e in backlog:
            if matches(e):
                backlog.remove(e)
                return e
        while d.pending_events():
            e = d.next_event()
            if matches(e):
                return e
            if e.type in (X.SelectionNotify, X.PropertyNotify) and not (e.type == X.PropertyNotify and e.state != X.PropertyNewValue):
                backlog.append(e)
        time.sleep(0.002)
    sys.exit("timed out waiting for event %d" % kind)


def convert(window, target, prop, when=X.CurrentTime):
    window.convert_selection(CLIPBOARD, target, prop, when)
    d.flush()
    return wait(X.SelectionNotify, window)


def read(window, prop):
    value = window.get_full_property(prop, X.AnyPropertyType)
    window.delete_property(prop)
    d.flush()
    return value


def text(value):
    data = value.value
    return data.decode("latin-1") if isinstance(data, bytes) else str(list(data))


def rules():
    w = new_window()
    p = atom("_REPLY")
    e = convert(w, atom("TIMESTAMP"), p)
    stamp = read(w, e.property).value[0]
    print("timestamp %d" % stamp, flush=True)

    e = convert(w, atom("UTF8_STRING"), p, when=stamp - 1)
    print("old " + ("refused" if e.property == X.NONE else "served"), flush=True)

    # An obsolete client: property None; the owner must answer into the property named like the target.
    e = convert(w, atom("UTF8_STRING"), X.NONE, when=stamp)
    if e.property != atom("UTF8_STRING"):
        sys.exit("obsolete client answered into %d" % e.property)
    value = read(w, e.property)
    print("obsolete %s %s" % (d.get_atom_name(value.property_type), text(value)), flush=True)

    p1, p2, p3, lst = atom("_P1"), atom("_P2"), atom("_P3"), atom("_PAIRS")
    pairs = [atom("UTF8_STRING"), p1, atom("no/such-target"), p2, atom("STRING"), p3]
    w.change_property(lst, atom("ATOM_PAIR"), 32, pairs)
    e = convert(w, atom("MULTIPLE"), lst, when=stamp)
    if e.property != lst:
        sys.exit("MULTIPLE refused")
    answered = w.get_full_property(lst, X.AnyPropertyType).value
    results = []
    for i, prop in enumerate([p1, p2, p3]):
        if answered[2 * i + 1] == X.NONE:
            results.append("none")
        else:
            results.append(text(read(w, prop)))
    print("multiple " + " ".join(results), flush=True)

    e = convert(w, atom("MULTIPLE"), X.NONE, when=stamp)
    print("multiple-without-property " + ("refused" if e.property == X.NONE else "served"), flush=True)

    e = convert(w, atom("no/such-target"), p, when=stamp)
    print("unknown " + ("refused" if e.property == X.NONE else "served"), flush=True)


def start_incr(window, target, prop):
    """Asks for `target`; expects an INCR announcement and deletes it (the go signal). Returns the size."""
    e = convert(window, target, prop)
    if e.property == X.NONE:
        sys.exit("refused")
    announce = window.get_full_property(prop, X.AnyPropertyType)
    if announce.property_type != INCR:
        sys.exit("not INCR but %s" % d.get_atom_name(announce.property_type))
    # The announcement's own NewValue event came before the SelectionNotify: it is not a chunk.
    for e in [e for e in backlog if e.type == X.PropertyNotify and e.window.id == window.id and e.atom == prop]:
        backlog.remove(e)
    window.delete_property(prop)
    d.flush()
    return announce.value[0]


def one_chunk(mode, target):
    w = new_window()
    p = atom("_HALF")
    size = start_incr(w, atom(target), p)
    wait(X.PropertyNotify, w, p, X.PropertyNewValue)
    chunk = read(w, p) if mode == "incr-quit" else w.get_full_property(p, X.AnyPropertyType)
    print("announced %d, read a chunk of %d bytes" % (size, len(chunk.value)), flush=True)
    if mode == "incr-stall":
        time.sleep(60)


def takeover(target):
    w = new_window()
    p = atom("_TAKEOVER")
    start_incr(w, atom(target), p)
    received = bytearray()
    wait(X.PropertyNotify, w, p, X.PropertyNewValue)
    received += read(w, p).value
    w.set_selection_owner(CLIPBOARD, X.CurrentTime)
    d.flush()
    if d.get_selection_owner(CLIPBOARD) != w:
        sys.exit("could not take CLIPBOARD")
    print("took over", flush=True)
    while True:
        wait(X.PropertyNotify, w, p, X.PropertyNewValue)
        chunk = read(w, p)
        if len(chunk.value) == 0:
            break
        received += chunk.value
    print("received %d %s" % (len(received), hashlib.sha256(received).hexdigest()), flush=True)


def parallel(target, count):
    windows = [new_window() for _ in range(count)]
    p = atom("_PARALLEL")
    for w in windows:
        start_incr(w, atom(target), p)
    received = [bytearray() for _ in windows]
    done = [False] * count
    while not all(done):
        for i, w in enumerate(windows):
            if done[i]:
                continue
            wait(X.PropertyNotify, w, p, X.PropertyNewValue)
            chunk = read(w, p)
            if len(chunk.value) == 0:
                done[i] = True
            else:
                received[i] += chunk.value
    for i, data in enumerate(received):
        print("window %d %d %s" % (i, len(data), hashlib.sha256(data).hexdigest()), flush=True)


def root_requestor():
    p = atom("_HEROBRIDGE_ROOT_TEST")
    root.delete_property(p)
    root.convert_selection(CLIPBOARD, atom("UTF8_STRING"), p, X.CurrentTime)
    d.flush()
    # An owner answers requests in order: once our own window's is answered, the root's has been handled.
    convert(new_window(), atom("TIMESTAMP"), atom("_PROBE"))
    print("root " + ("untouched" if root.get_full_property(p, X.AnyPropertyType) is None else "written"), flush=True)


print("ready", flush=True)
mode = sys.argv[1]
if mode == "rules":
    rules()
elif mode == "root":
    root_requestor()
elif mode in ("incr-quit", "incr-stall"):
    one_chunk(mode, sys.argv[2])
elif mode == "incr-takeover":
    takeover(sys.argv[2])
elif mode == "incr-parallel":
    parallel(sys.argv[2], int(sys.argv[3]))
else:
    sys.exit("unknown mode " + mode)
