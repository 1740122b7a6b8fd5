#!/usr/bin/env bash
# The drop window's focus ring at 1× and at 2× (Xft.dpi 192): five favorites, the window focused with a click,
# the third row selected with Down, Down, Down, captured; on a private Xvfb with a temp database each time.
#   scripts/keyboard-demo.sh [ONE.png [TWO.png]]     (needs the test packages: make test-deps; and a release
#                                                     build, or HEROBRIDGE_BIN=path/to/herobridge)
set -euo pipefail
# On a private Xvfb with room for the window at 2×: this script again under bench/xharness.py xvfb, which sets
# DISPLAY and HEROBRIDGE_PRIVATE_DISPLAY and stops the server when the script exits.
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb --screen 1600x1300x24 -- "$0" "$@"
cd "$(dirname "$0")/.."
one_out=$(readlink -f "${1:-keyboard-1x.png}")
two_out=$(readlink -f "${2:-keyboard-2x.png}")
bin=$(readlink -f "${HEROBRIDGE_BIN:-.build/release/herobridge}")
work=$(mktemp -d)
agent=""
trap '[ -z "$agent" ] || kill "$agent" 2>/dev/null; rm -rf "$work"' EXIT
# No config of yours: the agent reads its own under the temp home.
export HOME="$work" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"

# capture SCALE OUT: the agent at SCALE (1 or 2, through GDK_SCALE), the third row selected.
capture() {
  rm -f "$work/db.sqlite3"*
  "$bin" --db "$work/db.sqlite3" add Falcon Groot "Iron Man" Thor Wasp >/dev/null
  GDK_SCALE="$1" "$bin" --db "$work/db.sqlite3" agent --geometry +0+0 2>"$work/agent.log" &
  agent=$!
  for _ in $(seq 1 100); do grep -q ready "$work/agent.log" && break; sleep 0.05; done
  sleep 0.5
  # A click on the drop circle (its centre at 1×, 200,120, times the scale) focuses the window.
  xdotool mousemove $((200 * $1)) $((120 * $1)) sleep 0.1 click 1 sleep 0.2 key --delay 50 Down Down Down
  xdotool mousemove 1500 1200 sleep 0.5
  GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge$' | head -1)" "$2"
  kill "$agent"; wait "$agent" 2>/dev/null || true
  agent=""
  cat "$work/agent.log" >&2
}
capture 1 "$one_out"
capture 2 "$two_out"
echo "wrote $one_out and $two_out" >&2
