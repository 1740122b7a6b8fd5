#!/usr/bin/env bash
# Reproduces docs/screenshot-2x.png and docs/catalog-2x.png: the drop window (three favorites with portraits)
# and the catalog window at Xft.dpi 192, on a private Xvfb with a temp database.
#   scripts/hidpi-demo.sh [DROP.png [CATALOG.png]]     (needs the test packages: make test-deps; and a release
#                                                       build, or HEROBRIDGE_BIN=path/to/herobridge)
set -euo pipefail
# On a private Xvfb with room for both windows at 2×: this script again under bench/xharness.py xvfb, which sets
# DISPLAY and HEROBRIDGE_PRIVATE_DISPLAY and stops the server when the script exits.
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb --screen 1600x1300x24 -- "$0" "$@"
cd "$(dirname "$0")/.."
drop_out=$(readlink -f "${1:-docs/screenshot-2x.png}")
catalog_out=$(readlink -f "${2:-docs/catalog-2x.png}")
bin=$(readlink -f "${HEROBRIDGE_BIN:-.build/release/herobridge}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# What a HiDPI desktop's settings daemon loads; -nocpp: the text as it is, no C preprocessor.
printf 'Xft.dpi:\t192\n' | xrdb -nocpp -merge
# Three portraits with fine diagonal stripes, drawn with GdkPixbuf: a thumbnail made too small would blur them.
/usr/bin/python3 - "$work" <<'PY'
import sys
import gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib
for name, (a, b) in (("Thor", ((59, 111, 216), (230, 236, 250))), ("Storm", ((120, 124, 140), (245, 245, 250))),
                     ("Black Panther", ((58, 42, 92), (200, 170, 60)))):
    size = 192
    pixels = bytearray()
    for y in range(size):
        for x in range(size):
            pixels += bytes(a if ((x + y) // 6) % 2 == 0 else b)
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(pixels)), GdkPixbuf.Colorspace.RGB, False, 8,
                                             size, size, size * 3)
    pixbuf.savev("%s/%s.png" % (sys.argv[1], name), "png", [], [])
PY
for name in Thor Storm "Black Panther"; do
  "$bin" --db "$work/db.sqlite3" add "$name" >/dev/null
  "$bin" --db "$work/db.sqlite3" portrait "$name" --set "$work/$name.png" >/dev/null
done
# No size given: the windows open at their default sizes times the scale (the catalog placed beside the other).
"$bin" --db "$work/db.sqlite3" agent 2>"$work/agent.log" &
"$bin" --db "$work/db.sqlite3" catalog --window --geometry +820+0 2>"$work/catalog.log" &
for _ in $(seq 1 100); do grep -q ready "$work/agent.log" && grep -q ready "$work/catalog.log" && break; sleep 0.05; done
sleep 1
# GDK_SCALE=1: the capture reads the windows' pixels one for one.
GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge$' | head -1)" "$drop_out"
GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge-catalog$' | head -1)" "$catalog_out"
cat "$work/agent.log" "$work/catalog.log" >&2
echo "wrote $drop_out and $catalog_out" >&2
