#!/usr/bin/env bash
# Reproduces docs/catalog-demo.png, the two-window demo: the catalog window filtered to "spider" beside the drop
# window, after Spider-Man was dragged from the one onto the other's circle. A private Xvfb, a temp database.
#   scripts/catalog-demo.sh [OUT.png]     (needs the test packages: make test-deps; and a release build, or
#                                          HEROBRIDGE_BIN=path/to/herobridge)
set -euo pipefail
# On a private Xvfb of exactly the two windows side by side (the root window's capture is the picture): this
# script again under bench/xharness.py xvfb, which sets DISPLAY and HEROBRIDGE_PRIVATE_DISPLAY and stops the
# server when the script exits.
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb --screen 760x600x24 -- "$0" "$@"
cd "$(dirname "$0")/.."
out=$(readlink -f "${1:-docs/catalog-demo.png}")
bin=$(readlink -f "${HEROBRIDGE_BIN:-.build/release/herobridge}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" --db "$work/db.sqlite3" add Thor Storm >/dev/null
"$bin" --db "$work/db.sqlite3" agent --geometry 400x600+360+0 2>"$work/agent.log" &
"$bin" --db "$work/db.sqlite3" catalog --window --geometry 360x600+0+0 2>"$work/catalog.log" &
for _ in $(seq 1 100); do grep -q ready "$work/agent.log" && grep -q ready "$work/catalog.log" && break; sleep 0.05; done
sleep 0.3
# Click into the search field, type, then drag the third row (Spider-Man) onto the green circle.
xdotool mousemove 180 26 sleep 0.05 click 1 sleep 0.1 type --delay 30 spider
sleep 0.3
xdotool mousemove 120 162 sleep 0.05 mousedown 1 sleep 0.05 mousemove 132 166 sleep 0.05 \
        mousemove 560 120 sleep 0.05 mousemove 562 122 sleep 0.3 mouseup 1
for _ in $(seq 1 100); do grep -q "drop: added Spider-Man" "$work/agent.log" && break; sleep 0.05; done
sleep 0.5
/usr/bin/python3 scripts/capture_window.py "$(xwininfo -root | awk '/Window id:/ {print $4}')" "$out"
cat "$work/agent.log" "$work/catalog.log" >&2
echo "wrote $out" >&2
