#!/bin/bash
# Checks that the package is reproducible: the same tree built in two folders of different names and depths gives
# byte-identical .debs (dates from debian/changelog through SOURCE_DATE_EPOCH; the folder mapped out of the binary
# and its module hashes cleared, packaging/reproducible-binary.sh). diffoscope shows where they differ.
#
#   packaging/reproducible-check.sh [FIRST.deb]
#
# With no argument it builds the first package in build/ (`make deb`, `make deb-reproducible`); given one (the
# packaging test passes the .deb it checks), it builds only the second, in a temp folder, and compares the two.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
first=${1:-$("$repo/packaging/build-deb.sh" "$repo/build")}
second=$("$repo/packaging/build-deb.sh" "$work/another/build-folder")
echo "$(sha256sum < "$first" | cut -d' ' -f1)  $first"
echo "$(sha256sum < "$second" | cut -d' ' -f1)  $second"
if cmp -s "$first" "$second"; then echo "reproducible: the two builds are the same bytes"; exit 0; fi
echo "NOT reproducible: the two builds differ"
if command -v diffoscope > /dev/null; then diffoscope --text - "$first" "$second" | head -200 || true; fi
exit 1
