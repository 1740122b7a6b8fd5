#!/bin/bash
# Generates protocols/CDataControl from protocols/*.xml with wayland-scanner: for each protocol, the interface
# definitions (`private-code`, a .c file) and the client header with the request wrappers and listener structs
# (`client-header`). The output is checked in, so a build needs no wayland-scanner (see docs/ARCHITECTURE.md §1.10).
#   scripts/generate-protocols.sh           regenerate the checked-in files
#   scripts/generate-protocols.sh --check   regenerate into a temporary folder and diff; non-zero when they drifted
set -euo pipefail
cd "$(dirname "$0")/.."

PROTOCOLS=(ext-data-control-v1 wlr-data-control-unstable-v1)
OUT=protocols/CDataControl

generate() { # generate DESTINATION: the .c files in DESTINATION, the headers in DESTINATION/include
    local destination=$1 name
    mkdir -p "$destination/include"
    for name in "${PROTOCOLS[@]}"; do
        wayland-scanner private-code protocols/"$name".xml "$destination/$name-protocol.c"
        wayland-scanner client-header protocols/"$name".xml "$destination/include/$name-client-protocol.h"
    done
}

command -v wayland-scanner >/dev/null || { echo "generate-protocols.sh: wayland-scanner not found (apt-get install libwayland-bin)" >&2; exit 2; }

case "${1:-}" in
    "")
        generate "$OUT"
        ;;
    --check)
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        generate "$scratch"
        status=0
        for name in "${PROTOCOLS[@]}"; do
            for file in "$name-protocol.c" "include/$name-client-protocol.h"; do
                if ! diff -u "$OUT/$file" "$scratch/$file"; then
                    echo "generate-protocols.sh: $OUT/$file differs from what protocols/$name.xml generates; run scripts/generate-protocols.sh" >&2
                    status=1
                fi
            done
        done
        exit $status
        ;;
    *)
        echo "usage: scripts/generate-protocols.sh [--check]" >&2
        exit 2
        ;;
esac
