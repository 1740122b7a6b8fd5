#!/bin/bash
# The packaging test `make test` runs after the Swift tests: the .deb (`make deb`, dpkg-buildpackage) is checked
# with lintian and appstreamcli, installed
# (apt-get install as root, as CI runs; else unpacked with dpkg -x into a temp root), run against a temp database,
# turned on as a user service, removed and purged; then `make install` / `make uninstall` go into a DESTDIR and
# must leave nothing behind.
set -euo pipefail

deb=$1
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HEROBRIDGE_DB=$work/test.sqlite3
failures=0
check() { # check DESCRIPTION COMMAND...: runs COMMAND, reports ok / FAILED with its output
    local description=$1; shift
    local output
    if output=$("$@" 2>&1); then echo "ok: $description"
    else echo "FAILED: $description"; echo "$output" | sed 's/^/    /'; failures=$((failures + 1)); fi
}

echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
check "the package has the fields dpkg needs" dpkg-deb --field "$deb" Package Version Architecture Depends Installed-Size
installed_kib=$(dpkg-deb --field "$deb" Installed-Size)
check "installed size ${installed_kib} KiB is under 25 MB" test "$installed_kib" -lt 25600
depends=$(dpkg-deb --field "$deb" Depends)
check "Depends names the X11 (RandR among them), cairo, SQLite, PNG, deflate, JPEG, WebP, GIF, crypto and D-Bus libraries" \
    bash -c "for lib in libx11-6 libxfixes3 libxext6 libxrandr2 libcairo2 libsqlite3-0 libpng16-16 libdeflate0 libturbojpeg0 libwebp7 libgif7 libssl3 libdbus-1-3 libc6; do
                 grep -q \"\\b\$lib\\b\" <<< '$depends' || { echo \"missing \$lib in: $depends\"; exit 1; }; done"
check "Depends names no Swift package" bash -c "! grep -qi swift <<< '$depends'"
contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for path in ./usr/bin/herobridge ./usr/lib/systemd/user/herobridge.service ./usr/share/applications/app.herobridge.HeroBridge.desktop \
            ./usr/share/metainfo/app.herobridge.HeroBridge.metainfo.xml ./usr/share/icons/hicolor/scalable/apps/herobridge.svg ./usr/share/man/man1/herobridge.1.gz \
            ./usr/share/bash-completion/completions/herobridge ./usr/share/doc/herobridge/copyright; do
    check "the package holds $path" grep -qx -- "$path" <<< "$contents"
done
check "every file is owned by root" bash -c "! dpkg-deb --contents '$deb' | awk '{print \$2}' | grep -v '^root/root$'"
# Every tag, pedantic ones included, fails unless debian/herobridge.lintian-overrides gives it a reason.
check "lintian -I --pedantic finds nothing that is not overridden" \
    lintian -I --pedantic --fail-on error,warning,info "$deb"
version=$(dpkg-deb --field "$deb" Version)
check "debian/changelog, the metainfo's newest release and herobridge --version all say $version" bash -c "
    [ \"\$(cd '$repo' && dpkg-parsechangelog -S Version)\" = '$version' ] &&
    grep -m1 '<release ' '$repo/packaging/desktop/app.herobridge.HeroBridge.metainfo.xml' | grep -q 'version=\"$version\"' &&
    grep -q 'static let version = \"$version\"' '$repo/Sources/herobridge/main.swift'"
check "debian/control's Build-Depends are the Makefile's BUILD_PACKAGES (less the font the tests draw with)" bash -c "
    control=\$(sed -n '/^Build-Depends:/,/^[A-Z]/p' '$repo/debian/control' | grep -o '[a-z0-9][a-z0-9.+-]*-dev\\|pkg-config' | sort)
    make=\$(make -s -C '$repo' --no-print-directory print-build-packages | tr ' ' '\\n' | grep -v '^fonts-' | grep . | sort)
    [ \"\$control\" = \"\$make\" ] || { diff <(echo \"\$control\") <(echo \"\$make\"); exit 1; }"

# What a file list of the package leaves on the machine: nothing, or the paths printed.
left_behind() { for f in $(tr '\n' ' ' <<< "${contents//.\//\/}"); do [ -d "$f" ] || [ ! -e "$f" ] || echo "left: $f"; done; }
if [ "$(id -u)" = 0 ] && ! dpkg-query -W -f='${Status}' herobridge 2>/dev/null | grep -q "install ok installed"; then
    echo "== apt-get install ./…deb (root, and no herobridge package was installed before)"
    rm -f "$HEROBRIDGE_DB"
    check "apt-get install installs the package with its dependencies" \
        env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "$deb"
    check "dpkg says herobridge is installed" bash -c "dpkg-query -W -f='\${Status}' herobridge | grep -q 'install ok installed'"
    check "the package enabled the unit for no user" bash -c "! find /etc/systemd/user -name herobridge.service | grep ."
    run_packaged ""
    service_install
    check "apt-get remove removes it" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 remove -y -q herobridge
    check "apt-get remove left no packaged file behind" bash -c "[ -z \"\$(left_behind)\" ] || { left_behind; exit 1; }"
    check "apt-get install it again" \
        env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "$deb"
    check "apt-get purge purges it" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 purge -y -q herobridge
    check "apt-get purge left no packaged file, and dpkg knows no herobridge" bash -c "
        [ -z \"\$(left_behind)\" ] || { left_behind; exit 1; }
        ! dpkg-query -W -f='\${Status}' herobridge 2>/dev/null | grep -q installed
        ! find /etc/systemd/user /var/lib/systemd/deb-systemd-user-helper-enabled -name 'herobridge*' 2>/dev/null | grep ."
else
    echo "== apt-get install skipped: not root, or a herobridge package is already installed here"
fi

echo "== make install / make uninstall into a DESTDIR"
destdir=$work/dest
check "make install DESTDIR PREFIX=/usr/local" make -C "$repo" --no-print-directory install DESTDIR="$destdir" PREFIX=/usr/local
expected=$(sh "$repo/packaging/install.sh" list "$destdir" /usr/local /usr/local/lib/systemd/user | sort)
check "make install put exactly the listed files there" bash -c "[ \"\$(find '$destdir' -type f | sort)\" = '$expected' ]"
check "the installed unit runs the installed binary" grep -qx "ExecStart=/usr/local/bin/herobridge agent" "$destdir/usr/local/lib/systemd/user/herobridge.service"
check "the installed desktop file runs the installed binary" grep -qx "Exec=/usr/local/bin/herobridge show" "$destdir/usr/local/share/applications/app.herobridge.HeroBridge.desktop"
touch "$destdir/usr/local/bin/not-ours"
check "make uninstall" make -C "$repo" --no-print-directory uninstall DESTDIR="$destdir" PREFIX=/usr/local
check "make uninstall removed exactly what install put there" bash -c "[ \"\$(find '$destdir' -type f)\" = '$destdir/usr/local/bin/not-ours' ]"

if [ "$failures" -gt 0 ]; then echo "package test: $failures check(s) FAILED"; exit 1; fi
echo "package test: all checks passed"
