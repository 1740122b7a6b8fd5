#!/usr/bin/python3
"""Does an X11 clipboard agent under Xwayland see what a native Wayland client copies on GNOME?

usage: gnome_clipboard_check.py [--count N] [--wait SECONDS] [--agent HEROBRIDGE]

It starts a headless GNOME compositor (gnome_session.py beside it) and runs itself inside it (--inside). There
it plays the agent's part with python3-xlib: a window that watches CLIPBOARD owner changes through XFixes and
reads each new owner's UTF8_STRING with ConvertSelection. Then:
  - Wayland to X11, N times: `wl-copy --foreground NAME` (a native Wayland client; on GNOME it copies through a
    surface with keyboard focus, since mutter offers no data-control protocol). mutter mirrors every Wayland
    selection change onto X11, so the watcher must get an owner change and read NAME back.
  - X11 to Wayland, twice: `xclip -selection clipboard` under Xwayland owns NAME, and `wl-paste` must print it.
  - With --agent, the real agent too: `HEROBRIDGE agent --accept-unknown --no-window --no-tray` runs under
    Xwayland on a temporary database during the Wayland-to-X11 copies, and `HEROBRIDGE list --json` must then
    hold each NAME before the next copy (one more check per name).
Each copy is one check; it prints one line per check and a closing "N passed, M failed", and exits 1 on any
failure. Every wait is bounded by --wait.

Needs: mutter, xwayland, wl-clipboard, xclip, python3-xlib, python3-gi, /usr/bin/python3.
"""
import argparse
import json
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def outside(argv):
    """Not in a session yet: start one with this script as its command."""
    command = ["/usr/bin/python3", os.path.join(HERE, "gnome_session.py"), "--",
               "/usr/bin/python3", os.path.abspath(__file__), "--inside"] + argv
    return subprocess.call(command)


class Watcher:
    """The agent's part: XFixes owner changes on CLIPBOARD, then ConvertSelection to UTF8_STRING."""

    def __init__(self):
        from Xlib import X, display
        from Xlib.ext import xfixes
        self.X = X
        self.d = display.Display()
        self.d.xfixes_query_version()
        root = self.d.screen().root
        self.window = root.create_window(-10, -10, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
        self.clipboard = self.d.intern_atom("CLIPBOARD")
        self.utf8 = self.d.intern_atom("UTF8_STRING")
        self.reply = self.d.intern_atom("_HEROBRIDGE_GNOME_CHECK")
        self.d.xfixes_select_selection_input(root, self.clipboard, xfixes.XFixesSetSelectionOwnerNotifyMask)
        self.d.flush()

    def next_event(self, deadline):
        """The next X event, or None once `deadline` (time.monotonic()) has passed."""
        while True:
            if self.d.pending_events():
                return self.d.next_event()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            select.select([self.d], [], [], left)

    def drain(self):
        while self.d.pending_events():
            self.d.next_event()

    def owner_change(self, deadline):
        """The next CLIPBOARD owner change: (owner window id, timestamp), or None at the deadline."""
        while True:
            event = self.next_event(deadline)
            if event is None:
                return None
            # python-xlib builds the XFixes event class per display, so it is told by name.
            if type(event).__name__ == "SetSelectionOwnerNotify" and event.selection == self.clipboard:
                return getattr(event.owner, "id", event.owner), event.selection_timestamp

    def read(self, stamp, deadline):
        """CLIPBOARD as UTF8_STRING: the text, or a string saying why not."""
        X = self.X
        self.window.delete_property(self.reply)
        self.window.convert_selection(self.clipboard, self.utf8, self.reply, stamp)
        self.d.flush()
        while True:
            event = self.next_event(deadline)
            if event is None:
                return None, "no SelectionNotify in time"
            if event.type == X.SelectionNotify and event.selection == self.clipboard:
                break
        if event.property == X.NONE:
            return None, "conversion refused"
        prop = self.window.get_full_property(self.reply, X.AnyPropertyType, sizehint=1 << 16)
        if prop is None:
            return None, "empty reply property"
        data = prop.value if isinstance(prop.value, bytes) else bytes(prop.value)
        return data.decode("utf-8", "replace"), None


def wayland_to_x11(watcher, name, wait, helpers):
    """wl-copy NAME; the watcher must see an owner change and read NAME. Returns (ok, detail)."""
    watcher.drain()
    started = time.monotonic()
    deadline = started + wait
    copier = subprocess.Popen(["wl-copy", "--foreground", "--type", "text/plain;charset=utf-8", name],
                              stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    helpers.append(copier)
    last = "no owner change"
    while time.monotonic() < deadline:
        # in slices, so that a wl-copy that failed ends the wait at once
        change = watcher.owner_change(min(deadline, time.monotonic() + 0.1))
        if change is None:
            if copier.poll() not in (None, 0):
                break
            continue
        owner, stamp = change
        if not owner:
            last = "owner change to None"
            continue
        text, why = watcher.read(stamp, deadline)
        if text == name:
            return True, "owner 0x%x, read in %.0f ms" % (owner, (time.monotonic() - started) * 1000)
        last = "read %r" % text if why is None else why
        # an older copy's mirror may still be arriving: wait for the next change
    if copier.poll() is not None:
        last += "; wl-copy exited %d: %s" % (copier.returncode, copier.stderr.read().decode().strip())
    return False, last


def x11_to_wayland(name, wait, helpers):
    """xclip owns CLIPBOARD under Xwayland; wl-paste must print NAME. Returns (ok, detail)."""
    started = time.monotonic()
    # -quiet keeps xclip in the foreground, so it can be stopped by its pid
    owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-i"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    helpers.append(owner)
    owner.stdin.write(name.encode())
    owner.stdin.close()
    deadline = started + wait
    last = "never pasted"
    while time.monotonic() < deadline:
        try:
            paste = subprocess.run(["wl-paste", "--no-newline"], capture_output=True,
                                   timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            last = "wl-paste did not finish in time"
            break
        text = paste.stdout.decode("utf-8", "replace")
        if paste.returncode == 0 and text == name:
            return True, "pasted in %.0f ms" % ((time.monotonic() - started) * 1000)
        last = "wl-paste exit %d, %r %s" % (paste.returncode, text, paste.stderr.decode().strip())
        time.sleep(0.05)  # xclip may not own the selection yet: ask again
    return False, last


class Agent:
    """The built herobridge agent on a temporary database in $XDG_RUNTIME_DIR."""

    def __init__(self, binary, wait, helpers):
        self.binary = binary
        self.db = os.path.join(os.environ["XDG_RUNTIME_DIR"], "herobridge-check.sqlite3")
        self.log = os.path.join(os.environ["XDG_RUNTIME_DIR"], "herobridge-agent.log")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [binary, "--db", self.db, "agent", "--accept-unknown", "--no-window", "--no-tray", "--verbose"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        helpers.append(self.process)
        deadline = time.monotonic() + wait
        while not self.running():
            if self.process.poll() is not None or time.monotonic() >= deadline:
                raise RuntimeError("the agent did not start (exit %s); its log ends:\n%s"
                                   % (self.process.poll(), self.log_tail()))
            time.sleep(0.05)

    def json_of(self, *command):
        result = subprocess.run([self.binary, "--db", self.db] + list(command) + ["--json"],
                                capture_output=True, timeout=10)
        try:
            return json.loads(result.stdout)
        except ValueError:
            return None

    def running(self):
        status = self.json_of("status")
        return bool(status and status.get("running"))

    def names(self):
        return {hero["name"] for hero in self.json_of("list") or []}

    def wait_for(self, name, wait):
        started = time.monotonic()
        while name not in self.names():
            if time.monotonic() - started >= wait:
                return False, "not in `list` after %.0f s" % wait
            time.sleep(0.02)
        return True, "in `list` %.0f ms after the X11 read" % ((time.monotonic() - started) * 1000)

    def log_tail(self, lines=10):
        with open(self.log, errors="replace") as f:
            return "".join(f.readlines()[-lines:])


def stop(helpers):
    for process in helpers:
        if process.poll() is None:
            process.terminate()
    for process in helpers:
        try:
            process.wait(2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    helpers.clear()


def inside(args):
    passed = failed = 0
    helpers = []
    started = time.monotonic()
    watcher = Watcher()
    print("watching CLIPBOARD on %s as an X11 client; Wayland display %s"
          % (os.environ["DISPLAY"], os.environ["WAYLAND_DISPLAY"]), flush=True)
    agent = None
    try:
        if args.agent:
            try:
                agent = Agent(args.agent, args.wait, [])
            except RuntimeError as error:
                print("FAIL %s" % error, flush=True)
                print("0 passed, 1 failed", flush=True)
                return 1
            print("agent %s runs on %s (database %s)" % (args.agent, os.environ["DISPLAY"], agent.db), flush=True)
            # GNOME offers no data-control protocol: the agent (--backend auto) must watch through Xwayland.
            watching = (agent.json_of("status") or {}).get("watching") or ""
            ok = watching.endswith("over X11")
            print("%s agent watches %s" % ("ok  " if ok else "FAIL", watching or "(status said nothing)"), flush=True)
            passed, failed = passed + ok, failed + (not ok)
        for i in range(args.count):
            name = "herobridge-gnome-%02d-%s" % (i, "éß✓" if i % 5 == 4 else "ascii")
            ok, detail = wayland_to_x11(watcher, name, args.wait, helpers)
            print("%s wayland->x11 %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)
            passed, failed = passed + ok, failed + (not ok)
            if agent is not None:
                # the next copy waits for the agent: a copy replaced before it is read is not a miss
                ok, detail = agent.wait_for(name, args.wait)
                print("%s agent stored %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)
                passed, failed = passed + ok, failed + (not ok)
        stop(helpers)
        if agent is not None and failed:
            print("agent log ends:\n%s" % agent.log_tail(), flush=True)
        for i in range(2):
            name = "herobridge-x11-%02d" % i
            ok, detail = x11_to_wayland(name, args.wait, helpers)
            print("%s x11->wayland %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)
            passed, failed = passed + ok, failed + (not ok)
    finally:
        stop(helpers + ([agent.process] if agent else []))
    print("checks took %.1f s" % (time.monotonic() - started), flush=True)
    print("%d passed, %d failed" % (passed, failed), flush=True)
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="Wayland-to-X11 copies (default 20)")
    parser.add_argument("--wait", type=float, default=5.0, help="seconds one copy may take (default 5)")
    parser.add_argument("--agent", metavar="HEROBRIDGE", help="also run this herobridge binary as the agent")
    parser.add_argument("--inside", action="store_true",
                        help="run the checks here (gnome_session.py has set the environment)")
    args = parser.parse_args()
    if not args.inside:
        return outside(sys.argv[1:])
    return inside(args)


if __name__ == "__main__":
    sys.exit(main())
