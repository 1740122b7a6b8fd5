#!/usr/bin/python3
"""Imitates the worst neighbours an X agent can have on one display: well-formed but random X traffic aimed at a
running HeroBridge agent, for a set time, from a seed (issue 12). Every request is valid X; what is random is who
it names, what it claims and when it comes. python3-xlib only.

usage: x_chaos.py --seconds N --seed S [--kinds all|KIND,KIND...] [--actions N] [--display D]

Kinds (each action is one of them, chosen by weight from the seed):
  xdnd      XdndEnter/Position/Leave/Drop/Status/Finished to the agent's windows with random fields: versions
            0-7, type lists (3 inline or "more than 3" with an XdndTypeList on the source), coordinates,
            actions, timestamps; sources and targets named in the data are our windows, the root, 0, windows
            that do not exist. Sometimes we own XdndSelection first and answer the agent's conversions.
  xdnd-self the same messages, but the window named in the data (source or target) is one of the agent's own:
            its drop window (WM_CLASS herobridge), its manager window (owner of HEROBRIDGE_S<screen>), its
            requestor windows (seen in its selection requests, or any of its unmapped helpers).
  xfixes    synthetic XFixesSelectionNotify events (XSendEvent, the XFixes event code, subtypes 0/1/2) for
            CLIPBOARD, PRIMARY or other selections, random owners and timestamps, to the agent's windows.
  notify    synthetic SelectionNotify and PropertyNotify events to the agent's windows, naming its transfer
            properties (_HEROBRIDGE_TRANSFER_N), random targets, selections and states.
  props     random properties written on the agent's windows: random types, formats 8/16/32, lengths up to
            3 MB (appended in 128 KiB requests), names the agent reads (XdndTypeList, XdndActionList, WM_STATE,
            _HEROBRIDGE_TRANSFER_N, ...) or made up; some are deleted again. The agent's own declarations on its
            drop window (XdndAware, XdndProxy, WM_CLASS, WM_NAME, _NET_WM_NAME, WM_PROTOCOLS, WM_HINTS) are left
            alone: overwriting them changes what other clients see of the agent, not what the agent does.
  owner     owners of CLIPBOARD and PRIMARY (a new window per owner) that answer TARGETS with random atoms
            (huge lists, wrong type or format, atoms that do not exist, refusals, silence) and the data with
            random types, formats and lengths up to 3 MB, wrong properties, targets or requestors, or INCR that
            misbehaves: stalls, zero-item INCR, a type or format change mid-transfer, chunks after the end,
            chunks that never wait for the delete, an owner window destroyed mid-transfer; late replies to an
            old request after the owner changed, and replies to requests never made (SelectionNotify for data
            we put in the agent's transfer properties ourselves).
  requests  ConvertSelection of the selections the agent owns (HEROBRIDGE_S<screen>, XdndSelection) and of
            CLIPBOARD/PRIMARY, naming random requestors: the root, the agent's windows, ours, dead ones.
  drag      drag sources on their own connection that vanish mid-drag: after Enter, after Positions, after
            Drop, or in the middle of the data (INCR started, or the request never answered); the connection
            closes or the source window is destroyed.
  clear     synthetic SelectionClear to the agent's windows for the selections it owns or reads and synthetic
            SelectionRequest events (an agent that believed a synthetic SelectionClear of its manager selection
            stopped).

Reproducible: the schedule (which action, with which fields, naming which of the agent's windows by role) comes
from --seed alone; what owners answer comes from per-owner generators seeded from it. What the agent does in
return, and how many actions fit in --seconds, depend on timing; --actions N stops after N actions for a run
whose traffic does not depend on speed. Bounded: data is made and sent in 128 KiB pieces; what we leave in the
server is kept under 32 MB (older properties are deleted); at most 4 owner windows and 32 held requests live.

Prints "ready agent=0x... drop=0x... manager=0x..." once the agent's windows are found (exits 2 when there is no
agent), "progress ..." every 10 s, and at the end "summary {json}" with counts per kind and per message, the X
errors the server sent us by kind, and the actions done.
"""
import argparse
import collections
import heapq
import json
import random
import select
import sys
import time

from Xlib import X, Xatom, display, error
from Xlib.ext import xfixes
from Xlib.protocol import event, request

CHUNK = 128 << 10  # python3-xlib has no BIG-REQUESTS: one request must stay under 256 KiB
MAX_PROPERTY = 3 << 20  # "lengths up to a few MB"
MAX_INCR = 6 << 20  # an INCR transfer never carries more than this
SERVER_BUDGET = 32 << 20  # bytes we leave in properties of the agent's windows before deleting older ones
MAX_OWNERS = 4
MAX_HELD = 32

ALL_KINDS = ["xdnd", "xdnd-self", "xfixes", "notify", "props", "owner", "requests", "drag", "clear"]
WEIGHTS = {"xdnd": 30, "xdnd-self": 10, "xfixes": 10, "notify": 10, "props": 6, "owner": 8, "requests": 6,
           "drag": 2, "clear": 5}

HEROES = ["Thor", "Hulk", "Storm", "Loki", "Rogue", "Groot", "Gambit", "Vision", "Beast", "Cyclops"]
TARGET_NAMES = ["UTF8_STRING", "STRING", "TEXT", "COMPOUND_TEXT", "text/plain", "text/plain;charset=utf-8",
                "text/uri-list", "text/html", "image/png", "image/jpeg", "image/gif", "application/json",
                "application/x-hero", "x-special/gnome-copied-files", "TARGETS", "MULTIPLE", "TIMESTAMP",
                "SAVE_TARGETS", "INCR", "ATOM", "INTEGER", "_CHAOS_TYPE_0", "_CHAOS_TYPE_1", "_CHAOS_TYPE_2"]
ACTION_NAMES = ["XdndActionCopy", "XdndActionMove", "XdndActionLink", "XdndActionAsk", "XdndActionPrivate",
                "XdndActionDirectSave", "_CHAOS_ACTION"]
PROPERTY_NAMES = ["XdndTypeList", "XdndActionList", "XdndActionDescription", "WM_STATE", "XdndDirectSave0",
                  "_NET_WM_STATE", "_NET_WM_PID", "WM_TRANSIENT_FOR", "_HEROBRIDGE_TIMESTAMP"] + \
                 ["_HEROBRIDGE_TRANSFER_%d" % i for i in range(16)] + ["_CHAOS_PROP_%d" % i for i in range(8)]
# The agent's own declarations on its drop window (see the header): never written or deleted there.
PROTECTED_ON_DROP = {"XdndAware", "XdndProxy", "WM_CLASS", "WM_NAME", "_NET_WM_NAME", "WM_PROTOCOLS", "WM_HINTS",
                     "WM_NORMAL_HINTS"}
XDND_MESSAGES = ["XdndEnter", "XdndPosition", "XdndLeave", "XdndDrop", "XdndStatus", "XdndFinished"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def now():
    return time.monotonic()


def payload(rng, kind, length):
    """`length` bytes of `kind`, made in CHUNK pieces: a generator, so that a 3 MB reply is never held whole."""
    if kind == "hero":
        data = rng.choice(HEROES).encode()
        yield data[:length] if length < len(data) else data
        return
    if kind == "heroes":
        data = "\n".join(rng.choice(HEROES) for _ in range(rng.randint(1, 50))).encode()
        yield data
        return
    if kind == "uris":
        data = "\r\n".join("file:///nonexistent/%s-%d.png" % (rng.choice(HEROES), rng.randint(0, 999))
                           for _ in range(rng.randint(1, 40))).encode()
        yield data
        return
    prefix = PNG_SIGNATURE if kind == "png" else b""
    sent = 0
    while sent < length:
        n = min(CHUNK, length - sent)
        if kind == "text":
            piece = bytes(rng.choice(b"abcdefghij klmnopqrstuvwxyzTHORHULK\n") for _ in range(min(n, 4096)))
            piece = (piece * (n // len(piece) + 1))[:n] if piece else b""
        elif kind == "utf8-bad":
            piece = (b"\xff\xfe\xc3(\xa0\xa1\xe2\x28\xa1" * (n // 9 + 1))[:n]
        else:
            piece = rng.randbytes(n)
        if prefix and sent == 0:
            piece = (prefix + piece)[:n]
        yield piece
        sent += n


def length_choice(rng):
    r = rng.random()
    if r < 0.3:
        return rng.randint(0, 64)
    if r < 0.7:
        return rng.randint(0, 64 << 10)
    if r < 0.9:
        return rng.randint(64 << 10, 1 << 20)
    return rng.randint(1 << 20, MAX_PROPERTY)


class Chaos:
    def __init__(self, args):
        self.args = args
        self.d = display.Display(args.display)
        self.screen = self.d.screen()
        self.root = self.screen.root
        self.rng = random.Random(args.seed)  # the schedule: nothing event-driven may draw from it
        self.counts = collections.Counter()
        self.errors = collections.Counter()
        self.d.set_error_handler(self.on_error)
        self.atom_cache = {}
        self.kinds = ALL_KINDS if args.kinds == "all" else [k.strip() for k in args.kinds.split(",") if k.strip()]
        for kind in self.kinds:
            if kind not in ALL_KINDS:
                sys.exit("x_chaos.py: unknown kind %r (kinds: %s)" % (kind, ", ".join(ALL_KINDS)))
        self.weights = [WEIGHTS[k] for k in self.kinds]
        ext = self.d.query_extension("XFIXES")
        self.xfixes_code = ext.first_event + xfixes.XFixesSelectionNotify if ext.present else None
        self.mask = self.d.display.info.resource_id_mask
        self.manager_atom = self.atom("HEROBRIDGE_S%d" % self.d.get_default_screen())
        self.protected = {self.atom(n) for n in PROTECTED_ON_DROP}
        # Our own windows: a plain one, and a source that carries an XdndTypeList.
        self.me = self.root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        self.source = self.root.create_window(-20, -20, 1, 1, 0, X.CopyFromParent)
        self.source.change_property(self.atom("XdndTypeList"), Xatom.ATOM, 32,
                                    [self.atom(n) for n in TARGET_NAMES[:12]])
        self.dead = []  # ids of windows we created and destroyed: known not to exist any more
        self.agent = {"drop": [], "manager": [], "requestor": [], "helper": []}
        self.agent_base = None
        self.drop_rect = (0, 0, 400, 600)
        self.requestors = set()  # the agent's windows seen as requestors in its selection requests
        self.owners = collections.OrderedDict()  # owner window id -> Owner
        self.transfers = {}  # (requestor id, property) -> Transfer (INCR in progress)
        self.held = []  # (Owner, request event): requests answered late, or never
        self.placed = collections.OrderedDict()  # (window id, atom) -> bytes we left there
        self.placed_total = 0
        self.timers = []
        self.timer_seq = 0
        self.actions = 0
        self.owner_serial = 0

    # --- plumbing

    def on_error(self, err, *_):
        self.errors[type(err).__name__] += 1

    def atom(self, name):
        if name not in self.atom_cache:
            self.atom_cache[name] = self.d.intern_atom(name)
        return self.atom_cache[name]

    def win(self, wid):
        return self.d.create_resource_object("window", wid)

    def later(self, delay, fn):
        self.timer_seq += 1
        heapq.heappush(self.timers, (now() + delay, self.timer_seq, fn))

    def count(self, kind, what):
        self.counts[kind + ":" + what] += 1

    def find_agent(self):
        """The agent's windows, by role: all windows of the client that owns HEROBRIDGE_S<screen>."""
        owner = self.d.get_selection_owner(self.manager_atom)
        owner = getattr(owner, "id", owner) or 0
        if not owner:
            return False
        base = owner & ~self.mask
        found = {"drop": [], "manager": [owner], "requestor": [], "helper": []}
        stack = [self.root]
        while stack:
            w = stack.pop()
            try:
                children = w.query_tree().children
            except error.XError:
                continue
            for child in children:
                stack.append(child)
                if child.id & ~self.mask != base or child.id == owner:
                    continue
                # Read raw, whatever its type: our own traffic may have rewritten WM_CLASS of the agent's helpers
                # (python3-xlib's get_wm_class fails on a WM_CLASS that is not STRING).
                try:
                    wm_class = child.get_property(Xatom.WM_CLASS, X.AnyPropertyType, 0, 64)
                except error.XError:
                    wm_class = None
                value = wm_class.value if wm_class is not None and wm_class.format == 8 else b""
                if isinstance(value, str):
                    value = value.encode("latin-1", "replace")
                if b"herobridge" in value.split(b"\0")[:1]:
                    found["drop"].append(child.id)
                else:
                    found["helper"].append(child.id)
        found["drop"].sort()
        found["helper"].sort()
        found["requestor"] = sorted(self.requestors) or list(found["helper"])
        self.agent, self.agent_base = found, base
        if found["drop"]:
            try:
                w = self.win(found["drop"][0])
                g = w.get_geometry()
                t = w.translate_coords(self.root, 0, 0)
                self.drop_rect = (-t.x, -t.y, g.width, g.height)
            except error.XError:
                pass
        return True

    def agent_window(self, role=None):
        """One of the agent's windows, by role (chosen from the schedule), falling back to any of them."""
        rng = self.rng
        role = role or rng.choice(["drop", "drop", "drop", "manager", "requestor", "helper"])
        pool = self.agent.get(role) or self.agent["drop"] or self.agent["manager"]
        pick = rng.randrange(1 << 16)
        return pool[pick % len(pool)] if pool else self.root.id

    def foreign_window(self):
        """A window that is not the agent's: ours, the root, 0, a dead one, or an id nobody has."""
        r = self.rng.random()
        if r < 0.35:
            return self.source.id
        if r < 0.5:
            return self.me.id
        if r < 0.6:
            return self.root.id
        if r < 0.7:
            return 0
        # One draw of a fixed size either way: how many windows have died depends on the agent, the schedule must not.
        pick = self.rng.getrandbits(29)
        if r < 0.85 and self.dead:
            return self.dead[pick % len(self.dead)]
        return pick or 1

    def any_window(self, agent_share):
        return self.agent_window() if self.rng.random() < agent_share else self.foreign_window()

    def random_atom(self):
        r = self.rng.random()
        if r < 0.6:
            return self.atom(self.rng.choice(TARGET_NAMES))
        if r < 0.7:
            return 0
        if r < 0.85:
            return self.rng.randrange(1, 70)  # predefined atoms
        return self.rng.randrange(1 << 20, 1 << 29)  # atoms that do not exist

    def random_time(self):
        r = self.rng.random()
        if r < 0.4:
            return X.CurrentTime
        return self.rng.randrange(1 << 32)

    def send(self, dest, ev, mask=0):
        self.d.send_event(dest, ev, event_mask=mask, propagate=False)

    def place(self, wid, prop, type_, fmt, source, mode=X.PropModeReplace):
        """Writes a property made of `source`'s pieces (replace, then append); tracks what it left. Never one of
        the agent's own declarations on its drop window (a random atom or a reply's property can name them)."""
        if wid in self.agent["drop"] and prop in self.protected:
            self.counts["skipped:protected-property"] += 1
            return 0
        w = self.win(wid)
        total = 0
        first = True
        for piece in source:
            w.change_property(prop, type_, fmt, piece, mode=mode if first else X.PropModeAppend)
            first = False
            total += len(piece)
            self.d.flush()
        if first:
            w.change_property(prop, type_, fmt, b"", mode=mode)
        self.track(wid, prop, total)
        return total

    def track(self, wid, prop, size):
        if self.agent_base is None or wid & ~self.mask != self.agent_base:
            return
        key = (wid, prop)
        self.placed_total -= self.placed.pop(key, 0)
        self.placed[key] = size
        self.placed_total += size
        while self.placed_total > SERVER_BUDGET and len(self.placed) > 1:
            (w, p), s = self.placed.popitem(last=False)
            self.placed_total -= s
            self.win(w).delete_property(p)
            self.counts["budget:deleted"] += 1

    # --- the main loop

    def run(self):
        if not self.find_agent():
            print("no HeroBridge agent (no owner of HEROBRIDGE_S%d) on this display" % self.d.get_default_screen(),
                  flush=True)
            return 2
        print("ready agent=0x%x drop=%s manager=%s helpers=%s kinds=%s seed=%d" % (
            self.agent_base, " ".join("0x%x" % w for w in self.agent["drop"]) or "-",
            " ".join("0x%x" % w for w in self.agent["manager"]),
            " ".join("0x%x" % w for w in self.agent["helper"]) or "-", ",".join(self.kinds), self.args.seed),
            flush=True)
        start = now()
        end = start + self.args.seconds
        next_action = start
        next_refresh = start + 2
        next_progress = start + 10
        fd = self.d.fileno()
        while now() < end and (self.args.actions is None or self.actions < self.args.actions):
            self.drain()
            while self.timers and self.timers[0][0] <= now():
                _, _, fn = heapq.heappop(self.timers)
                self.guard(fn)
            t = now()
            if t >= next_refresh:
                self.guard(self.find_agent)
                next_refresh = t + 2
            if t >= next_progress:
                print("progress %.0f s, %d actions, %d X errors" % (t - start, self.actions, sum(self.errors.values())),
                      flush=True)
                next_progress = t + 10
            if t >= next_action:
                kind = self.rng.choices(self.kinds, self.weights)[0]
                self.counts[kind] += 1
                self.actions += 1
                self.guard(getattr(self, "do_" + kind.replace("-", "_")))
                self.d.flush()
                gap = self.rng.choice([0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05])
                next_action = now() + gap
            wake = min([next_action, end] + ([self.timers[0][0]] if self.timers else []))
            wait = max(0, wake - now())
            if wait and not self.d.pending_events():
                select.select([fd], [], [], wait)
        self.finish()
        return 0

    def guard(self, fn):
        try:
            fn()
        except error.XError as e:
            self.errors[type(e).__name__] += 1
        except (ConnectionError, error.ConnectionClosedError):
            raise
        except (TypeError, ValueError, UnicodeError) as e:  # a value python3-xlib could not parse: count it
            self.errors["parse " + type(e).__name__] += 1

    def drain(self):
        while self.d.pending_events():
            e = self.d.next_event()
            self.guard(lambda: self.on_event(e))

    def finish(self):
        for owner in list(self.owners.values()):
            owner.destroy()
        for (w, p) in list(self.placed):
            self.win(w).delete_property(p)
        self.d.sync()
        summary = {"seed": self.args.seed, "kinds": self.kinds, "seconds": self.args.seconds, "actions": self.actions,
                   "per_kind": {k: self.counts[k] for k in self.kinds},
                   "per_message": dict(sorted((k, v) for k, v in self.counts.items() if ":" in k)),
                   "x_errors": dict(self.errors), "agent_requestors": ["0x%x" % w for w in sorted(self.requestors)]}
        print("summary " + json.dumps(summary, sort_keys=True), flush=True)
        self.d.close()

    def on_event(self, e):
        if e.type == X.SelectionRequest:
            self.count("seen", "SelectionRequest")
            owner = self.owners.get(e.owner.id)
            if e.requestor.id & ~self.mask == self.agent_base and e.requestor.id not in self.requestors:
                if e.requestor.id not in self.agent["drop"] and e.requestor.id not in self.agent["manager"]:
                    self.requestors.add(e.requestor.id)
                    self.agent["requestor"] = sorted(self.requestors)
            if owner is not None:
                owner.request(e)
            else:  # a request to a window whose owner we dropped: refuse it, as a correct owner would
                self.notify(e.requestor.id, e.selection, e.target, 0, e.time)
        elif e.type == X.PropertyNotify and e.state == X.PropertyDelete:
            transfer = self.transfers.get((e.window.id, e.atom))
            if transfer is not None:
                transfer.deleted()
        elif e.type == X.SelectionClear:
            self.count("seen", "SelectionClear")
            owner = self.owners.get(e.window.id)
            if owner is not None:
                owner.lost = True
        elif e.type == X.ClientMessage:
            name = self.d.get_atom_name(e.client_type) if e.client_type < (1 << 29) else "?"
            self.count("seen", name if name.startswith("Xdnd") else "ClientMessage")

    def notify(self, requestor, selection, target, prop, t, dest=None):
        ev = event.SelectionNotify(time=t, requestor=requestor, selection=selection, target=target, property=prop)
        self.send(dest if dest is not None else requestor, ev)

    # --- XDND messages

    def xdnd_message(self, kind, self_named):
        rng = self.rng
        name = rng.choice(XDND_MESSAGES)
        dest = self.agent_window(rng.choice(["drop"] * 6 + ["manager", "requestor", "helper"]))
        named = self.agent_window() if self_named else self.foreign_window()
        data = [named, 0, 0, 0, 0]
        if name == "XdndEnter":
            version = rng.choice([0, 1, 2, 3, 4, 5, 5, 5, 6, 7, 255])
            more = rng.random() < 0.4
            data[1] = (version << 24) | (1 if more else 0) | (rng.randrange(1 << 16) << 1 if rng.random() < 0.1 else 0)
            data[2:5] = [self.random_atom() for _ in range(3)]
            if more and rng.random() < 0.5:
                holder = named if rng.random() < 0.5 else self.source.id
                if holder and holder != self.root.id:
                    n = rng.choice([0, 1, 3, 50, 5000])
                    types = [self.random_atom() for _ in range(min(n, 64))] * (n // 64 + 1) if n else []
                    self.place(holder, self.atom("XdndTypeList"), rng.choice([Xatom.ATOM, Xatom.ATOM, Xatom.INTEGER]),
                               rng.choice([32, 32, 16, 8]), [array_bytes(types[:n])])
        elif name == "XdndPosition":
            x0, y0, w, h = self.drop_rect
            if rng.random() < 0.8:
                x, y = x0 + rng.randrange(max(1, w)), y0 + rng.randrange(max(1, h))
            else:
                x, y = rng.randrange(1 << 16), rng.randrange(1 << 16)
            data[1] = rng.randrange(1 << 32) if rng.random() < 0.1 else 0
            data[2] = ((x & 0xFFFF) << 16) | (y & 0xFFFF)
            data[3] = self.random_time()
            data[4] = self.atom(rng.choice(ACTION_NAMES)) if rng.random() < 0.8 else self.random_atom()
        elif name == "XdndLeave":
            data[1] = rng.choice([0, 0, 1, rng.randrange(1 << 32)])
        elif name == "XdndDrop":
            data[1] = rng.choice([0, 0, 1])
            data[2] = self.random_time()
            if rng.random() < 0.3:  # we own XdndSelection with some owner personality first
                self.make_owner(self.atom("XdndSelection"), kind)
        elif name == "XdndStatus":
            data[1] = rng.randrange(4)
            data[2] = rng.randrange(1 << 32)
            data[3] = rng.randrange(1 << 32)
            data[4] = self.atom(rng.choice(ACTION_NAMES)) if rng.random() < 0.7 else self.random_atom()
        else:  # XdndFinished
            data[1] = rng.randrange(4)
            data[2] = self.atom(rng.choice(ACTION_NAMES)) if rng.random() < 0.7 else self.random_atom()
        data = [v & 0xFFFFFFFF for v in data]
        ev = event.ClientMessage(window=dest, client_type=self.atom(name), data=(32, data))
        self.send(dest, ev)
        self.count(kind, name)

    def do_xdnd(self):
        self.xdnd_message("xdnd", False)

    def do_xdnd_self(self):
        self.xdnd_message("xdnd-self", True)

    # --- synthetic events

    def do_xfixes(self):
        rng = self.rng
        if self.xfixes_code is None:
            return
        sub = rng.choice([0, 0, 1, 2])
        selection = self.atom(rng.choice(["CLIPBOARD", "CLIPBOARD", "PRIMARY", "XdndSelection", "SECONDARY",
                                          "HEROBRIDGE_S0"]))
        owner = rng.choice([0, self.me.id, self.source.id, self.agent_window(), rng.randrange(1 << 29)]) if sub == 0 else 0
        dest = self.agent_window(rng.choice(["manager", "drop", "requestor", "helper"]))
        ev = xfixes.SelectionNotify(type=self.xfixes_code, sub_code=sub, window=rng.choice([self.root.id, dest]),
                                    owner=owner, selection=selection, timestamp=self.random_time(),
                                    selection_timestamp=self.random_time())
        self.send(dest, ev)
        self.count("xfixes", "subtype%d" % sub)

    def do_notify(self):
        rng = self.rng
        dest = self.agent_window(rng.choice(["requestor", "requestor", "drop", "manager", "helper"]))
        prop = self.atom("_HEROBRIDGE_TRANSFER_%d" % rng.randrange(16)) if rng.random() < 0.7 else self.random_atom()
        if rng.random() < 0.5:
            selection = self.atom(rng.choice(["CLIPBOARD", "PRIMARY", "XdndSelection", "HEROBRIDGE_S0"]))
            target = self.random_atom() if rng.random() < 0.5 else self.atom("TARGETS")
            if rng.random() < 0.5:  # with data in the property it names, as a reply would have
                self.place(dest, prop, self.random_atom() or Xatom.STRING, rng.choice([8, 16, 32]),
                           payload(rng, rng.choice(["hero", "text", "bytes", "heroes"]), rng.randint(0, 4096)))
            self.notify(dest, selection, target, rng.choice([prop, prop, 0]), self.random_time())
            self.count("notify", "SelectionNotify")
        else:
            ev = event.PropertyNotify(window=dest, atom=prop, time=self.random_time(),
                                      state=rng.choice([X.PropertyNewValue, X.PropertyDelete]))
            self.send(dest, ev)
            self.count("notify", "PropertyNotify")

    def do_clear(self):
        rng = self.rng
        dest = self.agent_window(rng.choice(["manager", "requestor", "drop", "helper"]))
        selection = self.atom(rng.choice(["HEROBRIDGE_S0", "CLIPBOARD", "PRIMARY", "XdndSelection"]))
        if rng.random() < 0.6:
            self.send(dest, event.SelectionClear(time=self.random_time(), window=dest, atom=selection))
            self.count("clear", "SelectionClear")
        else:
            ev = event.SelectionRequest(time=self.random_time(), owner=dest, requestor=self.any_window(0.5),
                                        selection=selection, target=self.random_atom(), property=self.random_atom())
            self.send(dest, ev)
            self.count("clear", "SelectionRequest")

    # --- properties

    def do_props(self):
        rng = self.rng
        wid = self.agent_window()
        name = rng.choice(PROPERTY_NAMES)
        prop = self.atom(name)
        if rng.random() < 0.15:
            if wid in self.agent["drop"] and prop in self.protected:
                return
            self.win(wid).delete_property(prop)
            self.placed_total -= self.placed.pop((wid, prop), 0)
            self.count("props", "deleted")
            return
        fmt = rng.choice([8, 16, 32])
        type_ = self.random_atom() or Xatom.ATOM
        length = length_choice(rng)
        length -= length % (fmt // 8)
        kind = rng.choice(["bytes", "text", "hero", "png", "utf8-bad"])
        size = self.place(wid, prop, type_, fmt, payload(rng, kind, length),
                          mode=rng.choice([X.PropModeReplace] * 4 + [X.PropModeAppend, X.PropModePrepend]))
        self.count("props", "format%d" % fmt)
        self.counts["props:bytes"] += size

    # --- selection owners

    def make_owner(self, selection, kind):
        self.owner_serial += 1
        owner = Owner(self, selection, random.Random(self.rng.getrandbits(64)), kind, self.owner_serial)
        self.owners[owner.window.id] = owner
        while len(self.owners) > MAX_OWNERS:
            _, old = self.owners.popitem(last=False)
            old.destroy()
        return owner

    def do_owner(self):
        rng = self.rng
        r = rng.random()
        pick = rng.getrandbits(16)  # drawn whatever the branch: held requests and live owners depend on the agent
        if r < 0.12:  # a late reply: an old request answered now, after the owner changed
            if not self.held:
                self.count("owner", "late-reply:none-held")
                return
            old_owner, req = self.held.pop(pick % len(self.held))
            old_owner.answer(req, late=True)
            self.count("owner", "late-reply")
            return
        if r < 0.24:  # a reply to a request never made
            dest = self.agent_window("requestor")
            prop = self.atom("_HEROBRIDGE_TRANSFER_%d" % rng.randrange(16))
            target = self.atom(rng.choice(["UTF8_STRING", "TARGETS", "image/png", "text/uri-list", "STRING"]))
            if rng.random() < 0.7:
                self.place(dest, prop, target if rng.random() < 0.7 else self.random_atom() or Xatom.ATOM,
                           rng.choice([8, 8, 32]), payload(rng, rng.choice(["hero", "heroes", "text", "bytes"]),
                                                           rng.randint(0, 8192)))
            self.notify(dest, self.atom(rng.choice(["CLIPBOARD", "PRIMARY"])), target, prop, self.random_time())
            self.count("owner", "unsolicited-reply")
            return
        if r < 0.3:  # the current owner's window destroyed, whatever it is doing
            if not self.owners:
                self.count("owner", "destroyed:none-live")
                return
            _, old = self.owners.popitem(last=True)
            old.destroy()
            self.count("owner", "destroyed")
            return
        selection = self.atom("CLIPBOARD" if rng.random() < 0.75 else "PRIMARY")
        owner = self.make_owner(selection, "owner")
        self.count("owner", "new:" + owner.style)

    # --- requests to the agent's selections

    def do_requests(self):
        rng = self.rng
        selection = self.atom(rng.choice(["HEROBRIDGE_S0", "HEROBRIDGE_S0", "XdndSelection", "CLIPBOARD", "PRIMARY"]))
        requestor = rng.choice([self.root.id, self.agent_window(), self.me.id, self.foreign_window()])
        target = self.random_atom() if rng.random() < 0.6 else self.atom(rng.choice(["TARGETS", "MULTIPLE",
                                                                                      "TIMESTAMP", "UTF8_STRING"]))
        prop = rng.choice([0, self.atom("_CHAOS_PROP_%d" % rng.randrange(8)), self.random_atom()])
        request.ConvertSelection(display=self.d.display, requestor=requestor, selection=selection, target=target,
                                 property=prop, time=self.random_time())
        self.count("requests", "ConvertSelection")

    # --- drag sources that vanish

    def do_drag(self):
        rng = self.rng
        stage = rng.choice(["after-enter", "after-position", "after-drop", "mid-incr", "never-answer", "destroy-window"])
        way = rng.choice(["close", "close", "destroy"])
        drop = self.agent_window("drop")
        x0, y0, w, h = self.drop_rect
        points = [(x0 + rng.randrange(max(1, w)), y0 + rng.randrange(max(1, min(h, 240)))) for _ in range(rng.randint(1, 4))]
        types = [self.atom(n) for n in rng.sample(["UTF8_STRING", "text/plain;charset=utf-8", "text/uri-list",
                                                   "image/png", "text/plain", "STRING"], rng.randint(1, 5))]
        local = random.Random(rng.getrandbits(64))
        self.count("drag", stage + "/" + way)
        dd = display.Display(self.args.display)
        dd.set_error_handler(self.on_error)
        try:
            src = dd.screen().root.create_window(-30, -30, 1, 1, 0, X.CopyFromParent)
            atom = dd.intern_atom
            src.change_property(atom("XdndTypeList"), Xatom.ATOM, 32, types)
            src.set_selection_owner(atom("XdndSelection"), X.CurrentTime)

            def msg(name, data):
                dd.send_event(drop, event.ClientMessage(window=drop, client_type=atom(name),
                                                        data=(32, (data + [0] * 5)[:5])), event_mask=0)
                dd.flush()

            def vanish():
                if way == "destroy":
                    src.destroy()
                    dd.sync()
                dd.close()

            msg("XdndEnter", [src.id, (5 << 24) | (1 if len(types) > 3 else 0)] + types[:3])
            if stage == "after-enter":
                return vanish()
            for x, y in points:
                msg("XdndPosition", [src.id, 0, (x << 16) | y, X.CurrentTime, atom("XdndActionCopy")])
                pump(dd, 0.03)
            if stage in ("after-position", "destroy-window"):
                if stage == "destroy-window":
                    src.destroy()
                    dd.sync()
                    time.sleep(0.05)
                return vanish()
            msg("XdndDrop", [src.id, 0, X.CurrentTime])
            if stage == "after-drop":
                return vanish()
            req = wait_request(dd, 0.5)
            if req is None or stage == "never-answer":
                return vanish()
            prop = req.property or req.target
            req.requestor.change_attributes(event_mask=X.PropertyChangeMask)
            req.requestor.change_property(prop, atom("INCR"), 32, [local.randint(1 << 16, 1 << 24)])
            dd.send_event(req.requestor, event.SelectionNotify(time=req.time, requestor=req.requestor,
                                                               selection=req.selection, target=req.target,
                                                               property=prop), event_mask=0)
            dd.flush()
            for _ in range(local.randint(0, 3)):
                if not wait_delete(dd, req.requestor.id, prop, 0.3):
                    break
                req.requestor.change_property(prop, req.target, 8, local.randbytes(local.randint(1, CHUNK)))
                dd.flush()
            return vanish()
        except (error.XError, ConnectionError, error.ConnectionClosedError):
            self.errors["drag connection"] += 1
            try:
                dd.close()
            except Exception:
                pass


def array_bytes(values):
    import array
    return array.array("I", [v & 0xFFFFFFFF for v in values]).tobytes()


def pump(dd, seconds):
    end = now() + seconds
    while now() < end:
        while dd.pending_events():
            dd.next_event()
        select.select([dd.fileno()], [], [], max(0, end - now()))


def wait_request(dd, seconds):
    end = now() + seconds
    while now() < end:
        while dd.pending_events():
            e = dd.next_event()
            if e.type == X.SelectionRequest:
                return e
        select.select([dd.fileno()], [], [], max(0, end - now()))
    return None


def wait_delete(dd, wid, prop, seconds):
    end = now() + seconds
    while now() < end:
        while dd.pending_events():
            e = dd.next_event()
            if e.type == X.PropertyNotify and e.window.id == wid and e.atom == prop and e.state == X.PropertyDelete:
                return True
        select.select([dd.fileno()], [], [], max(0, end - now()))
    return False


class Owner:
    """One owner of CLIPBOARD, PRIMARY or XdndSelection, on its own window, with a personality from its seed."""

    TARGET_STYLES = ["normal", "normal", "huge", "wrong-type", "wrong-format", "empty", "refuse", "silent",
                     "bogus-atoms", "twice", "late"]
    DATA_STYLES = ["direct", "direct", "incr", "incr", "incr", "refuse", "silent", "wrong-type", "wrong-property",
                   "wrong-target", "other-requestor", "late", "destroy-before-reply"]
    INCR_STYLES = ["normal", "stall", "zero-item", "type-change", "format-change", "after-end", "flood", "destroy",
                   "lie-size"]

    def __init__(self, chaos, selection, rng, kind, serial):
        self.chaos, self.selection, self.rng, self.kind, self.serial = chaos, selection, rng, kind, serial
        c = chaos
        self.targets_style = rng.choice(self.TARGET_STYLES)
        self.data_style = rng.choice(self.DATA_STYLES)
        self.incr_style = rng.choice(self.INCR_STYLES)
        self.payload = rng.choice(["hero", "hero", "heroes", "text", "bytes", "png", "utf8-bad", "uris"])
        names = rng.sample(TARGET_NAMES, rng.randint(1, 8))
        self.offered = [c.atom(n) for n in names]
        self.style = "%s/%s/%s" % (self.targets_style, self.data_style,
                                   self.incr_style if self.data_style == "incr" else "-")
        self.window = c.root.create_window(-40, -40, 1, 1, 0, X.CopyFromParent)
        self.lost = False
        self.window.set_selection_owner(selection, X.CurrentTime if rng.random() < 0.7 else rng.randrange(1 << 32))

    def destroy(self):
        c = self.chaos
        for key in [k for k, t in c.transfers.items() if t.owner is self]:
            del c.transfers[key]
        c.held = [(o, r) for o, r in c.held if o is not self]
        c.owners.pop(self.window.id, None)
        c.dead.append(self.window.id)
        del c.dead[:-64]
        self.window.destroy()

    def request(self, req):
        c = self.chaos
        is_targets = req.target == c.atom("TARGETS")
        style = self.targets_style if is_targets else self.data_style
        c.count(self.kind, "request:" + ("TARGETS" if is_targets else "data") + ":" + style)
        if style == "silent":
            return
        if style == "late":
            if len(c.held) < MAX_HELD:
                c.held.append((self, req))
            return
        if style == "destroy-before-reply":
            c.later(self.rng.uniform(0, 0.2), lambda: self.destroy() if self.window.id in c.owners else None)
            return
        delay = self.rng.choice([0, 0, 0, 0.01, 0.1, 0.5])
        c.later(delay, lambda: self.answer(req))

    def answer(self, req, late=False):
        c, rng = self.chaos, self.rng
        requestor, prop = req.requestor.id, req.property or req.target
        is_targets = req.target == c.atom("TARGETS")
        if is_targets:
            style = "normal" if late else self.targets_style
            atoms = [c.atom("TARGETS")] + self.offered
            type_, fmt = Xatom.ATOM, 32
            if style == "huge":
                atoms = (atoms * 800)[:rng.choice([700, 5000, 60000])]
            elif style == "bogus-atoms":
                atoms += [rng.randrange(1 << 20, 1 << 29) for _ in range(rng.randint(1, 50))] + [0]
            elif style == "wrong-type":
                type_ = rng.choice([Xatom.INTEGER, Xatom.STRING, c.atom("UTF8_STRING"), c.atom("INCR")])
            elif style == "wrong-format":
                fmt = rng.choice([8, 16])
            elif style == "empty":
                atoms = []
            elif style == "refuse":
                c.notify(requestor, req.selection, req.target, 0, req.time)
                return
            c.place(requestor, prop, type_, fmt, [array_bytes(atoms)])
            c.notify(requestor, req.selection, req.target, prop, req.time)
            if style == "twice":
                c.notify(requestor, req.selection, req.target, prop, req.time)
            return
        style = "direct" if late else self.data_style
        if style == "refuse":
            c.notify(requestor, req.selection, req.target, 0, req.time)
            return
        length = length_choice(rng)
        type_ = req.target
        fmt = 8
        if style == "wrong-type":
            type_ = c.atom(rng.choice(TARGET_NAMES)) if rng.random() < 0.7 else rng.randrange(1 << 20, 1 << 29)
            fmt = rng.choice([8, 16, 32])
        if style == "incr":
            return Transfer(self, req, prop, length).start()
        target_prop = prop
        if style == "wrong-property":
            target_prop = c.atom("_HEROBRIDGE_TRANSFER_%d" % rng.randrange(16))
        length -= length % (fmt // 8)
        c.place(requestor, target_prop, type_, fmt, payload(rng, self.payload, length))
        dest = requestor
        if style == "other-requestor":
            dest = c.agent_window_no_rng(rng)
        target = req.target
        if style == "wrong-target":
            target = c.atom(rng.choice(TARGET_NAMES))
        c.notify(requestor, req.selection if rng.random() < 0.9 else c.atom("PRIMARY"), target, prop, req.time, dest=dest)


def agent_window_no_rng(self, rng):
    """An agent window chosen with an owner's own generator (event-driven code never draws from the schedule)."""
    pool = [w for ws in self.agent.values() for w in ws] or [self.root.id]
    return pool[rng.randrange(len(pool))]


Chaos.agent_window_no_rng = agent_window_no_rng


class Transfer:
    """The owner side of an INCR transfer, misbehaving as its owner's INCR style says."""

    def __init__(self, owner, req, prop, length):
        self.owner, self.req, self.prop = owner, req, prop
        self.c, self.rng = owner.chaos, owner.rng
        self.style = owner.incr_style
        self.total = min(MAX_INCR, max(length, self.rng.randint(CHUNK, 2 * CHUNK) if self.style != "zero-item" else 0))
        self.source = payload(self.rng, owner.payload, self.total)
        self.sent_chunks = 0
        self.ended = False
        self.extra = 0
        self.requestor = req.requestor
        self.type = req.target
        self.fmt = 8
        self.stall_after = self.rng.randint(0, 4)

    def start(self):
        c = self.c
        key = (self.requestor.id, self.prop)
        if len(c.transfers) >= 16:
            c.notify(self.requestor.id, self.req.selection, self.req.target, 0, self.req.time)
            return
        c.transfers[key] = self
        self.requestor.change_attributes(event_mask=X.PropertyChangeMask)
        announced = [self.total]
        if self.style == "zero-item":
            announced = []
        elif self.style == "lie-size":
            announced = [self.rng.choice([0, 1, 0x7FFFFFFF, 0xFFFFFFFF, self.total // 10])]
        self.requestor.change_property(self.prop, c.atom("INCR"), 32, announced)
        c.notify(self.requestor.id, self.req.selection, self.req.target, self.prop, self.req.time)
        c.count(self.owner.kind, "incr:" + self.style)
        if self.style == "flood":
            for _ in range(self.rng.randint(2, 20)):
                if not self.chunk():
                    break

    def deleted(self):
        c = self.c
        if self.style == "stall" and self.sent_chunks >= self.stall_after:
            return
        if self.style == "destroy" and self.sent_chunks >= self.stall_after:
            c.count(self.owner.kind, "incr:destroyed-mid-transfer")
            if self.owner.window.id in c.owners:
                self.owner.destroy()
            return
        if self.ended:
            if self.style == "after-end" and self.extra < 3:
                self.extra += 1
                self.write(self.rng.randbytes(self.rng.randint(1, 4096)))
                return
            c.transfers.pop((self.requestor.id, self.prop), None)
            return
        self.chunk()

    def chunk(self):
        piece = next(self.source, None)
        if self.style == "type-change" and self.sent_chunks == 1:
            self.type = self.c.atom(self.rng.choice(TARGET_NAMES))
        if self.style == "format-change" and self.sent_chunks == 1:
            self.fmt = self.rng.choice([16, 32])
        if piece is None:
            self.ended = True
            self.write(b"")
            if self.style == "after-end":  # and more, without waiting
                self.write(self.rng.randbytes(self.rng.randint(1, 4096)))
            return False
        piece = piece[:len(piece) - len(piece) % (self.fmt // 8)]
        self.write(piece)
        self.sent_chunks += 1
        return True

    def write(self, piece):
        self.requestor.change_property(self.prop, self.type, self.fmt, piece)
        self.c.d.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--kinds", default="all", help="all, or a comma-separated list of: " +
                        ", ".join(ALL_KINDS))
    parser.add_argument("--actions", type=int, default=None, help="stop after this many actions")
    parser.add_argument("--display", default=None)
    args = parser.parse_args()
    return Chaos(args).run()


if __name__ == "__main__":
    sys.exit(main())
