#!/bin/sh
# A headless KDE Plasma compositor (KWin 5.27, `kwin_wayland --virtual --xwayland`) on a private session bus and
# runtime folder, with the built agent in it: KWin offers wlr data control, so the agent (--backend auto) must
# watch through Wayland and store every `wl-copy` made there, with no window of its own and nothing focused.
# Usage: kde_clipboard_check.sh HEROBRIDGE [COUNT]. Prints one line per check and `N passed, M failed`; exit 0
# when all passed. kwin_wayland carries a file capability (cap_sys_resource) whose exec fails in a container
# ("Operation not permitted"), so a plain copy under the same name runs instead (a renamed copy would not find its
# Qt platform plugin).
set -u
agent_binary=$(readlink -f "$1")
count=${2:-10}
work=$(mktemp -d /tmp/herobridge-kde-XXXXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -m 700 "$work/runtime" "$work/home"
cp /usr/bin/kwin_wayland "$work/kwin_wayland"

# What runs inside the session, once Xwayland is up, with WAYLAND_DISPLAY and DISPLAY set by KWin.
cat > "$work/inside.sh" <<INSIDE
#!/bin/sh
db="$work/favorites.sqlite3"
"$agent_binary" --db "\$db" agent --no-window --verbose --accept-unknown > "$work/agent.log" 2>&1 &
agent=\$!
i=0; while ! grep -q "ready:" "$work/agent.log" && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
n=1
while [ \$n -le $count ]; do
  name="Kde Hero \$n"
  wl-copy "\$name"
  # The next copy waits for the agent to store this one (30 s at most, a guard against a hang).
  i=0; while ! grep -q "clipboard: added \$name\\$" "$work/agent.log" && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
  n=\$((n + 1))
done
"$agent_binary" --db "\$db" status > "$work/status.txt" 2>&1
kill \$agent; wait \$agent; echo "exit \$?" > "$work/agent.exit"
INSIDE
chmod +x "$work/inside.sh"

HOME="$work/home" XDG_RUNTIME_DIR="$work/runtime" timeout 120 dbus-run-session -- \
  "$work/kwin_wayland" --virtual --xwayland --socket herobridge-kde --exit-with-session "$work/inside.sh" \
  > "$work/kwin.log" 2>&1

passed=0; failed=0
check() { if [ "$1" = ok ]; then passed=$((passed + 1)); echo "ok   $2"; else failed=$((failed + 1)); echo "FAIL $2"; fi; }
grep -q "watching clipboard over Wayland (wlr-data-control" "$work/agent.log" 2>/dev/null \
  && check ok "the agent watches through Wayland's data control" || check fail "the agent does not watch through Wayland"
n=1
while [ $n -le "$count" ]; do
  grep -q "clipboard: added Kde Hero $n\$" "$work/agent.log" 2>/dev/null \
    && check ok "Kde Hero $n stored" || check fail "Kde Hero $n not stored"
  n=$((n + 1))
done
reads=$(grep -c "new Wayland offer" "$work/agent.log" 2>/dev/null)
[ "$reads" = "$count" ] && check ok "each copy read once ($reads offers)" || check fail "$reads offers read for $count copies"
[ "$(cat "$work/agent.exit" 2>/dev/null)" = "exit 0" ] && check ok "the agent stopped on SIGTERM with 0" \
  || check fail "the agent's exit: $(cat "$work/agent.exit" 2>/dev/null || echo none)"
if [ $failed -gt 0 ]; then
  echo "agent log ends:"; tail -n 15 "$work/agent.log" 2>/dev/null
  echo "kwin log ends:"; tail -n 15 "$work/kwin.log" 2>/dev/null
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
