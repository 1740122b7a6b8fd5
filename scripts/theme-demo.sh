#!/usr/bin/env bash
# The windows in one look at one scale, as the desktop asks for it: xsettingsd publishes Net/ThemeName Adwaita-dark
# (LOOK=dark) or Adwaita (LOOK=light) on a private Xvfb at Xft.dpi DPI (96 or 192), then the drop window (two
# favorites, one with a portrait), the catalog window and the tray menu (trayer, right click on the icon) are
# captured as OUT_DIR/drop-LOOK-Nx.png, catalog-LOOK-Nx.png and menu-LOOK-Nx.png.
#   [LOOK=dark] [DPI=192] scripts/theme-demo.sh [OUT_DIR]     (needs the test packages: make test-deps; and a
#                                                            release build, or HEROBRIDGE_BIN=path/to/herobridge)
set -euo pipefail
[ -n "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ] ||
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb --screen 1800x1400x24 -- "$0" "$@"
cd "$(dirname "$0")/.."
look=${LOOK:-dark}
dpi=${DPI:-96}
factor=$((dpi / 96))
out=$(readlink -f "${1:-build/theme}")
mkdir -p "$out"
bin=$(readlink -f "${HEROBRIDGE_BIN:-.build/release/herobridge}")
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

printf 'Xft.dpi:\t%s\n' "$dpi" | xrdb -nocpp -merge
theme=$([ "$look" = dark ] && echo Adwaita-dark || echo Adwaita)
printf 'Net/ThemeName "%s"\n' "$theme" >"$work/xsettingsd.conf"
xsettingsd --config "$work/xsettingsd.conf" 2>"$work/xsettingsd.log" &
trayer --edge top --align right --widthtype pixel --width $((200 * factor)) --heighttype pixel \
       --height $((32 * factor)) --transparent false >/dev/null 2>&1 &
/usr/bin/python3 - "$work" <<'PY'
import sys
import gi
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib
size = 96
pixels = bytearray()
for y in range(size):
    for x in range(size):
        pixels += bytes((59, 111, 216) if ((x + y) // 8) % 2 == 0 else (230, 236, 250))
GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(pixels)), GdkPixbuf.Colorspace.RGB, False, 8, size, size,
                                size * 3).savev(sys.argv[1] + "/Thor.png", "png", [], [])
PY
"$bin" --db "$work/db.sqlite3" add Thor Storm >/dev/null
"$bin" --db "$work/db.sqlite3" portrait Thor --set "$work/Thor.png" >/dev/null
sleep 1
"$bin" --db "$work/db.sqlite3" agent --geometry +0+0 2>"$work/agent.log" &
"$bin" --db "$work/db.sqlite3" catalog --window --geometry +$((420 * factor))+0 2>"$work/catalog.log" &
for _ in $(seq 1 100); do grep -q ready "$work/agent.log" && grep -q ready "$work/catalog.log" && break; sleep 0.05; done
sleep 1
GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge$' | head -1)" \
  "$out/drop-$look-${factor}x.png"
GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$(xdotool search --classname '^herobridge-catalog$' | head -1)" \
  "$out/catalog-$look-${factor}x.png"
icon=$(xdotool search --classname '^herobridge-tray$' | head -1)
eval "$(xdotool getwindowgeometry --shell "$icon")"
# Over the icon, then down onto the menu's second row, so one row shows the selected look.
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2)) sleep 0.1 click 3 sleep 0.5
menu=$(xdotool search --classname '^herobridge-tray-menu$' | head -1)
eval "$(xdotool getwindowgeometry --shell "$menu")"
xdotool mousemove $((X + WIDTH / 2)) $((Y + 45 * factor)) sleep 0.3
GDK_SCALE=1 /usr/bin/python3 scripts/capture_window.py "$menu" "$out/menu-$look-${factor}x.png"
xdotool key Escape
cat "$work/agent.log" "$work/catalog.log" >&2
echo "wrote $out/{drop,catalog,menu}-$look-${factor}x.png" >&2
