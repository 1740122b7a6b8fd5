#!/usr/bin/env bash
# Reproduces docs/tray.png (1×) or, with DPI=192, docs/tray-2x.png: trayer at the top right with HeroBridge's
# icon docked and its menu open, on a private Xvfb with a temp database. At 192 dpi trayer's panel is twice as tall
# (a HiDPI panel gives its icons twice the room) and the menu is drawn at 2×.
#   [DPI=192] scripts/tray-demo.sh [OUT.png]     (needs the test packages: make test-deps; and a release build,
#                                                 or HEROBRIDGE_BIN=path/to/herobridge)
set -euo pipefail
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb -- "$0" "$@"
cd "$(dirname "$0")/.."
dpi=${DPI:-96}
factor=$((dpi / 96))
out=$(readlink -f "${1:-docs/tray$([ "$factor" -gt 1 ] && echo "-${factor}x").png}")
bin=$(readlink -f "${HEROBRIDGE_BIN:-.build/release/herobridge}")
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

printf 'Xft.dpi:\t%s\n' "$dpi" | xrdb -nocpp -merge
trayer --edge top --align right --widthtype pixel --width $((200 * factor)) --heighttype pixel \
       --height $((32 * factor)) --transparent false >/dev/null 2>&1 &
sleep 1
"$bin" --db "$work/db.sqlite3" agent --geometry 400x600+200+200 2>"$work/agent.log" &
for _ in $(seq 1 100); do grep -q "tray icon docked" "$work/agent.log" && break; sleep 0.05; done
sleep 0.3
icon=$(xdotool search --classname '^herobridge-tray$' | head -1)
eval "$(xdotool getwindowgeometry --shell "$icon")"
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2)) sleep 0.1 click 3
sleep 0.5
# The top right corner: the panel, the icon and the menu under it.
/usr/bin/python3 - "$out" "$factor" <<'PY'
import sys
import gi
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk
root = Gdk.get_default_root_window()
f = int(sys.argv[2])
w, h = 240 * f, 170 * f
Gdk.pixbuf_get_from_window(root, root.get_width() - w, 0, w, h).savev(sys.argv[1], "png", [], [])
PY
xdotool key Escape
cat "$work/agent.log" >&2
echo "wrote $out" >&2
