#!/bin/bash
# Runs HeroBridge as a systemd user service under a real `systemd --user`, the way a desktop login would,
# and prints one "step: value" line per observation for AgentTests/SystemdServiceTests to check.
#
#   systemd_user_session.sh HEROBRIDGE DISPLAY WORKDIR
#
# Must run inside a private mount namespace (the test starts it with unshare): systemd refuses to start a
# user manager unless /run/systemd/system exists, and that folder is created on a tmpfs only this namespace
# sees, so the machine's /run is never touched.
set -u
herobridge=$1 display=$2 work=$3
mount -t tmpfs -o mode=755 herobridge-test /run/systemd 2>/dev/null \
    || { mkdir -p /run/systemd && mount -t tmpfs -o mode=755 herobridge-test /run/systemd; } \
    || { echo "error: cannot mount a private /run/systemd"; exit 1; }
mkdir -p /run/systemd/system "$work/runtime" "$work/home"
chmod 700 "$work/runtime"
export XDG_RUNTIME_DIR=$work/runtime HOME=$work/home XDG_CONFIG_HOME=$work/home/.config PATH=/usr/bin:/bin
unset DBUS_SESSION_BUS_ADDRESS XDG_DATA_HOME HEROBRIDGE_DB JOURNAL_STREAM NOTIFY_SOCKET

# The units' output goes to the manager's (there is no journal here), so that the agent's own log lines are in
# manager.log, which the test prints when a step fails.
/lib/systemd/systemd --user --default-standard-output=inherit --default-standard-error=inherit \
    > "$work/manager.log" 2>&1 &
manager=$!
# On exit or when the test gives up (SIGTERM): stop the manager, which stops the agent, so that nothing
# outlives the test.
trap 'systemctl --user exit >/dev/null 2>&1; sleep 0.5; kill $manager 2>/dev/null; wait $manager 2>/dev/null' EXIT
trap 'exit 1' TERM
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/systemd/private" ] && break; sleep 0.1; done
echo "manager: $(systemctl --user is-system-running 2>&1 | head -1)"

show() { systemctl --user show herobridge.service --property="$1" --value; }
wait_for() { # wait_for PROPERTY VALUE
    for _ in $(seq 100); do [ "$(show "$1")" = "$2" ] && return 0; sleep 0.1; done; return 1
}

DISPLAY=$display "$herobridge" service install > "$work/install.out" 2>&1
echo "install: exit $?: $(tail -1 "$work/install.out")"
wait_for ActiveState active
echo "active: $(show ActiveState) $(show SubState)"
echo "enabled: $(show UnitFileState)"
pid=$(show MainPID)
echo "hardening: $(grep -E '^(NoNewPrivs|Seccomp):' /proc/$pid/status | tr -s '\t ' ' ' | tr '\n' ' ')"

printf 'Spider-Man' > "$work/copied.txt"
DISPLAY=$display xclip -quiet -selection clipboard -i "$work/copied.txt" > /dev/null 2>&1 &
xclip=$!
for _ in $(seq 50); do "$herobridge" list 2>/dev/null | grep -qx Spider-Man && break; sleep 0.1; done
kill -KILL $xclip 2>/dev/null; wait $xclip 2>/dev/null # SIGKILL: xclip can inherit a blocked SIGTERM
echo "favorites: $("$herobridge" list 2>&1 | tr '\n' ',')"

"$herobridge" service status > "$work/status.out" 2>&1
echo "status: exit $?: $(head -1 "$work/status.out")"
# Paused, `service status` says so (it asks the agent on this display).
DISPLAY=$display "$herobridge" pause > /dev/null 2>&1
echo "status when paused: $(DISPLAY=$display "$herobridge" service status 2>&1 | grep '^agent on display')"
DISPLAY=$display "$herobridge" resume > /dev/null 2>&1

# SIGKILL, not SIGSEGV: the Swift runtime catches SIGSEGV to print a backtrace first, which makes the exit
# time depend on symbolication; a kill is the same failure to systemd (killed by a signal) at once.
kill -KILL "$pid"
for _ in $(seq 100); do
    [ "$(show NRestarts)" = 1 ] && [ "$(show ActiveState)" = active ] && [ "$(show MainPID)" != "$pid" ] && break
    sleep 0.1
done
echo "after crash: $(show ActiveState), restarts $(show NRestarts), new pid $([ "$(show MainPID)" != "$pid" ] && echo yes || echo no)"

# The menu entry's `herobridge show` with the service stopped starts it again.
systemctl --user stop herobridge.service
DISPLAY=$display "$herobridge" show > "$work/show.out" 2>&1
echo "show when stopped: exit $?: $(head -1 "$work/show.out")"
wait_for ActiveState active
echo "after show: $(show ActiveState)"

"$herobridge" service uninstall > "$work/uninstall.out" 2>&1
echo "uninstall: exit $?: $(tail -1 "$work/uninstall.out")"
echo "files left: $(find "$XDG_CONFIG_HOME" -type f | wc -l)"
"$herobridge" service status > "$work/status2.out" 2>&1
echo "status after uninstall: exit $?: $(head -1 "$work/status2.out")"
