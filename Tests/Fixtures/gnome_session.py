#!/usr/bin/python3
"""A real GNOME compositor for a test: mutter 43, headless, with Xwayland, on a private session bus.

usage: gnome_session.py [--wayland-display NAME] [--timeout SECONDS] [--keep-log FILE] [--no-keyboard]
                        -- COMMAND [ARG...]

It starts a session bus (dbus-daemon), then `mutter --wayland --headless --virtual-monitor 1024x768` in a fresh
XDG_RUNTIME_DIR (mode 0700), waits for Xwayland (mutter logs "Using public X11 display :N" and writes the X
cookie to $XDG_RUNTIME_DIR/.mutter-Xwaylandauth.*), and gives the seat a keyboard: a headless mutter has no
input device, and a Wayland client that needs one (wl-copy, wl-paste: GNOME offers no data-control protocol, so
they copy and paste through an ordinary surface with keyboard focus) fails with "This seat has no keyboard". A
RemoteDesktop session (org.gnome.Mutter.RemoteDesktop on the session bus) adds a virtual keyboard to the seat
once it has sent one key; the session lasts while this process stays connected to the bus, so it stays connected
until COMMAND ends.

COMMAND then runs with DISPLAY, XAUTHORITY, WAYLAND_DISPLAY, XDG_RUNTIME_DIR and DBUS_SESSION_BUS_ADDRESS set,
and its exit status is this script's (124 if it outlived --timeout; 2 if the session could not be set up). Then
mutter, Xwayland and the bus are stopped and the runtime folder removed.

--no-keyboard leaves the RemoteDesktop step out (the seat then has no keyboard), to show what it is for.

One line per step goes to stderr ("gnome-session: STEP ..."), so a failure says where it stopped.

mutter runs as root here: it refuses only a /tmp/.X11-unix owned by neither root nor itself, so when this runs
as root that folder is put back the way a booted system has it (root:root, mode 1777) if it is not so already.

Needs: mutter, xwayland, dbus-daemon, python3-gi (Gio) and /usr/bin/python3.
"""
import argparse
import glob
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

STEP_WAIT = 30.0  # seconds any one step may take before the session is declared broken
X11_UNIX = "/tmp/.X11-unix"
RD_NAME = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
RD_SESSION_IFACE = "org.gnome.Mutter.RemoteDesktop.Session"
SHIFT_L = 0xFFE1  # the keysym sent to make the virtual keyboard appear; a modifier types nothing


def step(message):
    print("gnome-session: %s" % message, file=sys.stderr, flush=True)


class SetupError(Exception):
    pass


def poll(what, condition, timeout=STEP_WAIT, interval=0.05, alive=None):
    """condition()'s first true value, checked every `interval` seconds for at most `timeout` seconds.
    alive() returning a message ends the wait at once (mutter died, say)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if alive is not None:
            problem = alive()
            if problem:
                raise SetupError("%s: %s" % (what, problem))
        if time.monotonic() >= deadline:
            raise SetupError("%s: not within %.0f s" % (what, timeout))
        time.sleep(interval)


def fix_x11_unix():
    """mutter's Xwayland start fails with 'Wrong ownership for directory "/tmp/.X11-unix"' when that folder
    belongs to another user (an Xwayland started by an unprivileged user creates it as its own, mode 0755)."""
    if os.geteuid() != 0:
        return
    try:
        st = os.lstat(X11_UNIX)
    except FileNotFoundError:
        os.mkdir(X11_UNIX)
        st = os.lstat(X11_UNIX)
    if st.st_uid != 0 or st.st_gid != 0 or (st.st_mode & 0o7777) != 0o1777:
        step("%s was uid %d mode %o: set to root:root 1777" % (X11_UNIX, st.st_uid, st.st_mode & 0o7777))
        os.chown(X11_UNIX, 0, 0)
        os.chmod(X11_UNIX, 0o1777)


def start_bus(runtime):
    """A private session bus listening in the runtime folder; returns (process, address)."""
    bus = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1",
         "--address=unix:path=%s/bus" % runtime],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True)
    ready, _, _ = select.select([bus.stdout], [], [], STEP_WAIT)
    if not ready:
        bus.kill()
        raise SetupError("session bus: no address within %.0f s" % STEP_WAIT)
    address = bus.stdout.readline().decode().strip()
    if not address:
        raise SetupError("session bus: dbus-daemon exited with %s" % bus.wait())
    return bus, address


def x_display_answers(number):
    path = "%s/X%d" % (X11_UNIX, number)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        return True
    except OSError:
        return False
    finally:
        sock.close()


def read_log(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def log_tail(path, lines=15):
    return "\n".join(read_log(path).splitlines()[-lines:])


class RemoteDesktopKeyboard:
    """A RemoteDesktop session on mutter's bus: after Start and one key press and release, the seat has a
    keyboard for as long as this connection lives."""

    def __init__(self, address):
        flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
                 | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
        self.connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
        self.session = None

    def call(self, name, path, iface, method, args=None, reply=None):
        return self.connection.call_sync(name, path, iface, method, args,
                                         GLib.VariantType.new(reply) if reply else None,
                                         Gio.DBusCallFlags.NONE, int(STEP_WAIT * 1000), None)

    def has_service(self):
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "NameHasOwner", GLib.Variant("(s)", (RD_NAME,)), "(b)").unpack()[0]

    def start(self, alive):
        poll("RemoteDesktop service %s on the bus" % RD_NAME, self.has_service, alive=alive)
        self.session = self.call(RD_NAME, RD_PATH, "org.gnome.Mutter.RemoteDesktop", "CreateSession",
                                 None, "(o)").unpack()[0]
        step("RemoteDesktop session %s created" % self.session)
        self.call(RD_NAME, self.session, RD_SESSION_IFACE, "Start")
        for pressed in (True, False):
            self.call(RD_NAME, self.session, RD_SESSION_IFACE, "NotifyKeyboardKeysym",
                      GLib.Variant("(ub)", (SHIFT_L, pressed)))
        step("RemoteDesktop session started; keysym Shift_L pressed and released: the seat has a keyboard")

    def close(self):
        if self.session:
            try:
                self.call(RD_NAME, self.session, RD_SESSION_IFACE, "Stop")
            except GLib.Error:
                pass
        try:
            self.connection.close_sync(None)
        except GLib.Error:
            pass


def stop(process, what, grace=5.0):
    """SIGTERM to the process group this script started (mutter and its Xwayland; the bus), SIGKILL after
    `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        step("%s ignored SIGTERM for %.0f s: SIGKILL" % (what, grace))
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
    # Xwayland is mutter's child in the same group; make sure none of the group is left.
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def remove_stale_x_locks(numbers):
    """mutter removes its X lock files and sockets when it exits cleanly; after a SIGKILL they stay. Remove those
    of the displays it used whose owner is gone."""
    for number in numbers:
        lock = "/tmp/.X%d-lock" % number
        try:
            with open(lock) as f:
                pid = int(f.read().strip() or 0)
        except (FileNotFoundError, ValueError):
            continue
        if pid > 0 and os.path.exists("/proc/%d" % pid):
            continue
        for path in (lock, "%s/X%d" % (X11_UNIX, number)):
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wayland-display", default="herobridge-gnome-%d" % os.getpid())
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds COMMAND may run")
    parser.add_argument("--keep-log", help="copy mutter's log here before the runtime folder is removed")
    parser.add_argument("--no-keyboard", action="store_true", help="leave the seat without a keyboard")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no COMMAND after --")
    for tool in ("mutter", "Xwayland", "dbus-daemon"):
        if shutil.which(tool) is None:
            step("%s is not installed" % tool)
            return 2

    started = time.monotonic()
    runtime = tempfile.mkdtemp(prefix="herobridge-gnome-")  # mode 0700
    os.chmod(runtime, 0o700)
    log_path = os.path.join(runtime, "mutter.log")
    bus = mutter = keyboard = None
    x_numbers = []
    status = 2
    # A SIGTERM (the test runner giving up) tears down like any other exit.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        step("runtime dir %s" % runtime)
        fix_x11_unix()
        bus, address = start_bus(runtime)
        step("session bus %s (pid %d)" % (address, bus.pid))

        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "WAYLAND_SOCKET")}
        env.update(XDG_RUNTIME_DIR=runtime, DBUS_SESSION_BUS_ADDRESS=address,
                   # settings stay in memory: no dconf database written in the user's home
                   GSETTINGS_BACKEND="memory", XDG_SESSION_TYPE="wayland")
        with open(log_path, "wb") as log:
            mutter = subprocess.Popen(
                ["mutter", "--wayland", "--headless", "--virtual-monitor", "1024x768",
                 "--wayland-display=%s" % args.wayland_display],
                env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        step("mutter started (pid %d), Wayland display %s" % (mutter.pid, args.wayland_display))

        def alive():
            if mutter.poll() is not None:
                return "mutter exited with %s; its log ends:\n%s" % (mutter.returncode, log_tail(log_path))
            return None

        match = poll("mutter's Xwayland display (log line 'Using public X11 display')",
                     lambda: re.search(r"Using public X11 display :(\d+)(?:, \(using :(\d+))?", read_log(log_path)),
                     alive=alive)
        x_numbers = [int(n) for n in match.groups() if n is not None]
        display = ":%d" % x_numbers[0]
        poll("Wayland socket %s" % args.wayland_display,
             lambda: os.path.exists(os.path.join(runtime, args.wayland_display)), alive=alive)
        auth = poll("Xwayland cookie file", lambda: sorted(glob.glob(runtime + "/.mutter-Xwaylandauth.*")),
                    alive=alive)[0]
        poll("X display %s accepting connections" % display, lambda: x_display_answers(x_numbers[0]), alive=alive)
        step("Xwayland up on %s, XAUTHORITY %s (%.1f s after start)" % (display, auth, time.monotonic() - started))

        if args.no_keyboard:
            step("no RemoteDesktop session (--no-keyboard): the seat has no keyboard")
        else:
            keyboard = RemoteDesktopKeyboard(address)
            keyboard.start(alive)

        env.update(DISPLAY=display, XAUTHORITY=auth, WAYLAND_DISPLAY=args.wayland_display)
        del env["GSETTINGS_BACKEND"]
        step("running %s (session ready %.1f s after start)" % (" ".join(command), time.monotonic() - started))
        child = subprocess.Popen(command, env=env, start_new_session=True)
        try:
            status = child.wait(args.timeout)
        except subprocess.TimeoutExpired:
            step("command outlived --timeout %.0f s: killed" % args.timeout)
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            status = 124
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        step("command exited with %d" % status)
        if mutter.poll() is not None:
            step("mutter died while the command ran (exit %s); its log ends:\n%s"
                 % (mutter.returncode, log_tail(log_path)))
            status = status or 1
    except SetupError as error:
        step("FAILED at %s" % error)
        status = 2
    except GLib.Error as error:
        step("FAILED at RemoteDesktop: %s; mutter's log ends:\n%s" % (error.message, log_tail(log_path)))
        status = 2
    finally:
        if args.keep_log and os.path.exists(log_path):
            shutil.copyfile(log_path, args.keep_log)
        if keyboard is not None:
            keyboard.close()
        stop(mutter, "mutter")
        stop(bus, "dbus-daemon")
        remove_stale_x_locks(x_numbers)
        shutil.rmtree(runtime, ignore_errors=True)
        step("torn down (%.1f s in all)" % (time.monotonic() - started))
    return status


if __name__ == "__main__":
    sys.exit(main())
