#!/bin/sh
# Builds the Debian package with dpkg-buildpackage -b -us -uc, for `make deb` and the reproducibility check.
#
#   packaging/build-deb.sh OUTDIR
#
# dpkg-buildpackage writes its products beside the source folder, so the build runs in a copy: the checkout's
# files (tracked ones as they are in the work tree, and untracked ones git does not ignore) are copied to
# OUTDIR/src/herobridge, and the .deb is moved to OUTDIR. The copy keeps its debian/swiftpm between runs
# (-nc: no clean first), so a second make deb builds only what changed. Prints the .deb's path.
set -eu

outdir=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
git -C "$repo" rev-parse --git-dir > /dev/null 2>&1 ||
    { echo "build-deb.sh: $repo is not a git checkout; run dpkg-buildpackage -b -us -uc in it instead" >&2; exit 1; }

mkdir -p "$outdir/src"
outdir=$(cd "$outdir" && pwd)
src=$outdir/src/herobridge
# A fresh copy of the sources, keeping only the previous build's folder.
if [ -d "$src/debian/swiftpm" ]; then mv "$src/debian/swiftpm" "$outdir/src/swiftpm.keep"; fi
rm -rf "$src" && mkdir -p "$src"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 sh -c 'for f; do if [ -e "$f" ] || [ -L "$f" ]; then printf "%s\0" "$f"; fi; done' files |
    tar --null -T - -cf -) | tar -xf - -C "$src"
if [ -d "$outdir/src/swiftpm.keep" ]; then mv "$outdir/src/swiftpm.keep" "$src/debian/swiftpm"; fi

(cd "$src" && dpkg-buildpackage -b -us -uc -nc) > "$outdir/build.log" 2>&1 ||
    { tail -30 "$outdir/build.log" >&2; echo "build-deb.sh: dpkg-buildpackage failed; the whole log is $outdir/build.log" >&2; exit 1; }

version=$(cd "$src" && dpkg-parsechangelog -S Version)
deb=herobridge_${version}_$(dpkg --print-architecture).deb
rm -f "$outdir"/herobridge_*.deb
mv "$outdir/src/$deb" "$outdir/$deb"
rm -f "$outdir"/src/herobridge_*
echo "$outdir/$deb"
