#!/usr/bin/env bash
# Reproduces docs/screenshot.png: the drop window after three drops, on a private Xvfb with a temp database.
#   scripts/screenshot-demo.sh [OUT.png]     (needs the test packages: make test-deps; and a release build)
set -euo pipefail
# On a private Xvfb: this script again under bench/xharness.py xvfb, which sets DISPLAY and
# HEROBRIDGE_PRIVATE_DISPLAY and stops the server when the script exits.
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb -- "$0" "$@"
cd "$(dirname "$0")/.."
out=$(readlink -f "${1:-docs/screenshot.png}")
bin=$(readlink -f .build/release/herobridge)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" --db "$work/db.sqlite3" agent --geometry 400x600+600+0 2>"$work/agent.log" &
sleep 1
# Three portraits, drawn with GdkPixbuf: a plain colour each.
/usr/bin/python3 - "$work" <<'PY'
import sys
import gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf
for name, colour in (("Thor", 0x3b6fd8ff), ("Storm", 0xd0d4dcff), ("Black Panther", 0x3a2a5cff)):
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, True, 8, 160, 120)
    pixbuf.fill(colour)
    pixbuf.savev("%s/%s.png" % (sys.argv[1], name), "png", [], [])
PY
for name in Thor Storm "Black Panther"; do
  /usr/bin/python3 Tests/Fixtures/gtk_drag_source.py uris "$work/$name.png" >"$work/source.log" 2>&1 &
  source=$!
  for _ in $(seq 1 100); do grep -q ready "$work/source.log" && break; sleep 0.05; done
  sleep 0.3
  xdotool mousemove 150 110 sleep 0.05 mousedown 1 sleep 0.05 mousemove 170 115 sleep 0.05 \
          mousemove 800 120 sleep 0.05 mousemove 802 122 sleep 0.15 mouseup 1
  for _ in $(seq 1 100); do grep -q end "$work/source.log" && break; sleep 0.05; done
  kill "$source"; wait "$source" 2>/dev/null || true
done
sleep 0.5
/usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge$' | head -1)" "$out"
cat "$work/agent.log" >&2
echo "wrote $out" >&2
