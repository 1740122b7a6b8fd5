#!/bin/sh
# Builds herobridge_VERSION_ARCH.deb with dpkg-deb from a staging tree, for `make deb`.
#
#   packaging/build-deb.sh BINARY OUTDIR
#
# BINARY must be linked with --static-swift-stdlib: the package depends on Debian libraries only, never on a
# Swift toolchain. Depends: is computed by dpkg-shlibdeps from the libraries the binary actually links.
set -eu

binary=$1 outdir=$2
here=$(cd "$(dirname "$0")" && pwd)
version=$("$binary" --version | sed -n 's/^herobridge //p')
arch=$(dpkg --print-architecture)
[ -n "$version" ] || { echo "build-deb.sh: $binary --version printed no version" >&2; exit 1; }

if ldd "$binary" | grep -q "libswiftCore"; then
    echo "build-deb.sh: $binary links the Swift runtime dynamically; build it with --static-swift-stdlib" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage
sh "$here/install.sh" install "$binary" "$stage" /usr /usr/lib/systemd/user > /dev/null

doc=$stage/usr/share/doc/herobridge
mkdir -p "$doc"
cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: herobridge
Comment: HeroBridge, the clipboard and drag-and-drop bridge for X11 desktops.
 The character descriptions of the built-in catalog are HeroBridge's own words.

Files: *
Copyright: 2026 The HeroBridge authors
License: MIT
EOF
printf 'herobridge (%s) unstable; urgency=medium\n\n  * Built from source with make deb.\n\n -- HeroBridge <herobridge@localhost>  %s\n' \
    "$version" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(date +%s)}")" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control of a source package; a minimal one in the scratch folder is enough.
mkdir -p "$work/src/debian"
printf 'Source: herobridge\n\nPackage: herobridge\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$stage/usr/bin/herobridge" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: herobridge
Version: $version
Architecture: $arch
Maintainer: HeroBridge <herobridge@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Section: x11
Priority: optional
Description: clipboard and drag-and-drop bridge that collects hero favorites
 HeroBridge is a background agent for X11 desktops. It watches the clipboard
 (and the primary selection when asked) and shows a small drop window that
 accepts drops from any application. Text, images, files and hero records are
 turned into favorites: copy "Spider-Man" anywhere and Spider-Man becomes a
 favorite; drag Thor.png onto the window and Thor is added with that portrait.
 .
 It runs as a systemd user service: enable it with "herobridge service install".
EOF
find "$stage" -type d -exec chmod 755 {} +

mkdir -p "$outdir"
deb=$outdir/herobridge_${version}_$arch.deb
# --root-owner-group: every file root:root whoever builds it; xz keeps the download small.
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" > /dev/null
echo "$deb"
