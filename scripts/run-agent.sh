#!/usr/bin/env bash
# `make run`: the agent on $DISPLAY; with no display (a server, a container), on a private Xvfb started here,
# with instructions for trying it from another terminal. Ctrl-C stops the agent and the private server.
set -euo pipefail
bin=$(readlink -f "$1"); shift

if [ -n "${DISPLAY:-}" ]; then
  echo "herobridge: running the agent on \$DISPLAY=$DISPLAY (Ctrl-C stops it)" >&2
  exec "$bin" agent "$@"
fi

number_file=$(mktemp)
Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x1024x24 3>"$number_file" 2>/dev/null &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; rm -f "$number_file"' EXIT
for _ in $(seq 1 100); do [ -s "$number_file" ] && break; sleep 0.05; done
[ -s "$number_file" ] || { echo "herobridge: could not start Xvfb" >&2; exit 1; }
display=":$(tr -d '\n' < "$number_file")"

cat >&2 <<MSG
herobridge: no \$DISPLAY, so this demo runs on a private X server, $display.
Try it from another terminal:
    echo spiderman | DISPLAY=$display xclip -selection clipboard
    $bin list
Ctrl-C stops the agent and the X server.
MSG
"$bin" agent --display "$display" "$@"
