#!/bin/bash
# The .deb on a Debian 12 system that has never had Swift: a minimal bookworm made by debootstrap in a temp folder,
# the package installed there with apt-get (its dependencies come from the Debian mirror the host uses), run, then
# removed and purged, with a check after each step that nothing of it is left. `make deb-clean-install`; root only
# (debootstrap, chroot). Not part of make test: the system takes minutes to make and some 100 MB to download.
# What a chroot cannot show, `herobridge service install` under a real systemd --user, package-test.sh checks on
# the host with the same package installed.
#
#   Tests/Packaging/clean-install-test.sh DEB       (DEBIAN_MIRROR=URL picks the mirror)
set -euo pipefail
deb=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/Tests/Packaging/check.sh"
[ "$(id -u)" = 0 ] || { echo "clean-install-test.sh: needs root (debootstrap and chroot); try sudo" >&2; exit 1; }
# The host's own mirror (deb822 first, then the one-line format), else Debian's.
mirror=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)}
mirror=${mirror:-http://deb.debian.org/debian}

root=$(mktemp -d /var/tmp/herobridge-clean-root.XXXXXX)
cleanup() { umount "$root/proc" 2>/dev/null || true; rm -rf --one-file-system "$root"; }
trap cleanup EXIT
echo "== debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$root.log" 2>&1 ||
    { tail -20 "$root.log"; echo "clean-install-test.sh: debootstrap failed" >&2; exit 1; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
package=/tmp/$(basename "$deb")
# A bare environment inside the new root: nothing from the host's PATH, no LD_LIBRARY_PATH.
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
# (Not every name with "swift" in it: tzdata has America/Swift_Current.)
swift_files() { in_root find / -xdev \( -name swift -o -name swiftc -o -name 'libswift*' -o -path /opt/swift \) -print; }
export root
export -f in_root swift_files

check "the new system is Debian 12" in_root grep -qx 'VERSION_CODENAME=bookworm' /etc/os-release
check "the new system has no Swift: no swift, swiftc, libswift* or /opt/swift" bash -c "[ -z \"\$(swift_files)\" ] || { swift_files; exit 1; }"
check "apt-get install ./$(basename "$deb") with its dependencies from $mirror" \
    bash -c "in_root apt-get update -q && in_root apt-get install -y -q --no-install-recommends $package"
files=$(in_root dpkg -L herobridge 2>/dev/null | while read -r f; do [ -d "$root$f" ] || echo "$f"; done)
check "dpkg lists the package's files ($(wc -l <<< "$files") of them)" test -n "$files"
check "herobridge --version" bash -c "in_root herobridge --version | grep -qx 'herobridge [0-9.]*'"
check "herobridge add Thor, then list shows Thor" \
    bash -c "in_root env HEROBRIDGE_DB=/tmp/heroes.sqlite3 herobridge add Thor &&
             in_root env HEROBRIDGE_DB=/tmp/heroes.sqlite3 herobridge list | grep -qx Thor"
check "the installed binary needs no library the system lacks" bash -c "! in_root ldd /usr/bin/herobridge | grep 'not found'"
left() { for f in $files; do [ ! -e "$root$f" ] || echo "left: $f"; done; }
export files
export -f left
check "apt-get remove herobridge" in_root apt-get remove -y -q herobridge
check "apt-get remove left none of its files" bash -c "[ -z \"\$(left)\" ] || { left; exit 1; }"
check "apt-get install it again" in_root apt-get install -y -q --no-install-recommends "$package"
check "apt-get purge herobridge" in_root apt-get purge -y -q herobridge
check "apt-get purge left no file and no dpkg record" \
    bash -c "[ -z \"\$(left)\" ] || { left; exit 1; }; ! in_root dpkg-query -W -f='\${Status}' herobridge 2>/dev/null | grep -q installed"

if [ "$failures" -gt 0 ]; then echo "clean install test: $failures check(s) FAILED"; exit 1; fi
echo "clean install test: all checks passed"
