#!/usr/bin/env bash
# `make run`: the agent on $DISPLAY; with no display (a server, a container), on a private Xvfb started here,
# with instructions for trying it from another terminal. Ctrl-C stops the agent and the private server.
set -euo pipefail
bin=$(readlink -f "$1"); shift

if [ -n "${DISPLAY:-}" ] && [ -z "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ]; then
  echo "herobridge: running the agent on \$DISPLAY=$DISPLAY (Ctrl-C stops it)" >&2
  exec "$bin" agent "$@"
fi
# No display: this script again, on a private Xvfb (bench/xharness.py xvfb sets DISPLAY and
# HEROBRIDGE_PRIVATE_DISPLAY, and stops the server when the agent exits).
if [ -z "${HEROBRIDGE_PRIVATE_DISPLAY:-}" ]; then
  exec /usr/bin/python3 "$(dirname "$0")/../bench/xharness.py" xvfb -- "$0" "$bin" "$@"
fi

cat >&2 <<MSG
herobridge: no \$DISPLAY, so this demo runs on a private X server, $DISPLAY.
Try it from another terminal:
    echo spiderman | DISPLAY=$DISPLAY xclip -selection clipboard
    $bin list
Ctrl-C stops the agent and the X server.
MSG
exec "$bin" agent --display "$DISPLAY" "$@"
