#!/usr/bin/env bash
# Reproduces docs/drag-image.png: Thor dragged out of the drop window, mid-drag over a GTK3 drop target, with the
# drag image (thumbnail and name) beside the pointer; on a private Xvfb with a temp database.
#   scripts/drag-image-demo.sh [OUT.png]     (needs the test packages: make test-deps; and a release build)
set -euo pipefail
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb -- "$0" "$@"
cd "$(dirname "$0")/.."
out=$(readlink -f "${1:-docs/drag-image.png}")
bin=$(readlink -f .build/release/herobridge)
work=$(mktemp -d)
trap 'xdotool mouseup 1 2>/dev/null || true; kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

# Thor's portrait: a blue-to-gold gradient drawn with GdkPixbuf.
/usr/bin/python3 - "$work/thor.png" <<'PY'
import sys
import gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf
w, h = 160, 120
data = bytearray()
for y in range(h):
    for x in range(w):
        t = x / (w - 1)
        data += bytes([int(40 + 200 * t), int(90 + 110 * t), int(210 - 170 * t)])
GdkPixbuf.Pixbuf.new_from_data(bytes(data), GdkPixbuf.Colorspace.RGB, False, 8, w, h, w * 3).savev(sys.argv[1], "png", [], [])
PY
"$bin" --db "$work/db.sqlite3" add Thor >/dev/null
"$bin" --db "$work/db.sqlite3" portrait Thor --set "$work/thor.png" >/dev/null
"$bin" --db "$work/db.sqlite3" agent --geometry 400x600+600+0 2>"$work/agent.log" &
/usr/bin/python3 Tests/Fixtures/gtk_drop_target.py >"$work/target.log" 2>&1 &
for _ in $(seq 1 100); do grep -q "ready: " "$work/agent.log" && grep -q ready "$work/target.log" && break; sleep 0.05; done
sleep 0.5
# Press on Thor's row, pass the drag threshold, rest over the GTK target with the button held.
xdotool mousemove 700 276 sleep 0.05 mousedown 1 sleep 0.05 mousemove 712 280 sleep 0.05 \
        mousemove 250 760 sleep 0.05 mousemove 252 762 sleep 0.5
# The region around the pointer: part of the GTK target and the drag image.
/usr/bin/python3 - "$out" <<'PY'
import sys
import gi
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk
root = Gdk.get_default_root_window()
Gdk.pixbuf_get_from_window(root, 60, 620, 480, 300).savev(sys.argv[1], "png", [], [])
PY
xdotool mouseup 1
sleep 0.3
cat "$work/agent.log" >&2
echo "wrote $out" >&2
