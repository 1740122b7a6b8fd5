#!/bin/bash
# `make deb-reproducible`: builds the package twice, in build/ (make deb) and again in a folder of another name and
# depth, and compares the two .debs byte for byte; diffoscope shows where they differ. Not yet part of make test:
# two builds of one tree still differ (README, "From the .deb").
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
first=$("$repo/packaging/build-deb.sh" "$repo/build")
second=$("$repo/packaging/build-deb.sh" "$work/another/build-folder")
echo "$(sha256sum < "$first" | cut -d' ' -f1)  $first"
echo "$(sha256sum < "$second" | cut -d' ' -f1)  $second"
if cmp -s "$first" "$second"; then echo "reproducible: the two builds are the same bytes"; exit 0; fi
echo "NOT reproducible: the two builds differ"
if command -v diffoscope > /dev/null; then diffoscope --text - "$first" "$second" | head -200 || true; fi
exit 1
