#!/bin/bash
# The packaging test `make test` runs after the Swift tests: the .deb (`make deb`, dpkg-buildpackage) is checked
# with lintian and appstreamcli, built a second time in another folder to the same bytes, installed
# (apt-get install as root, as CI runs; else unpacked with dpkg -x into a temp root), run against a temp database,
# turned on as a user service, removed and purged; then `make install` / `make uninstall` go into a DESTDIR and
# must leave nothing behind.
set -euo pipefail

# A path apt-get reads as a file (build/x.deb alone would be a package name).
deb=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HEROBRIDGE_DB=$work/test.sqlite3
source "$repo/Tests/Packaging/check.sh"

echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
# The same tree built again from scratch in a folder of another name and depth must give the same sha256. That
# build takes a minute, so it runs beside the checks below (most of them wait on dpkg, systemd or Xvfb rather than
# on the CPU), and its result is checked at the end.
"$repo/packaging/reproducible-check.sh" "$deb" > "$work/reproducible.log" 2>&1 &
reproducible=$!
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

# The packaged binary in a bare environment: no Swift toolchain on PATH, no LD_LIBRARY_PATH.
run_clean() { env -i HOME="$work/home" HEROBRIDGE_DB="$HEROBRIDGE_DB" PATH=/usr/bin:/bin "$@"; }
version_prints() { run_clean "$1" --version | tee /dev/stderr | grep -qx 'herobridge [0-9.]*'; }
add_and_list() { run_clean "$1" add Thor && run_clean "$1" list | tee /dev/stderr | grep -qx Thor; }

# Runs the packaged binary from ROOT with a PATH and library path free of the Swift toolchain.
run_packaged() {
    local root=$1
    local binary=$root/usr/bin/herobridge
    check "ldd finds every library of $binary" bash -c "! ldd '$binary' | grep -q 'not found'"
    check "$binary links nothing from a Swift toolchain" bash -c "! ldd '$binary' | grep -Eqi 'swift|/opt/'"
    check "herobridge --version, with no Swift on PATH or LD_LIBRARY_PATH" version_prints "$binary"
    check "herobridge add Thor, then list shows Thor" add_and_list "$binary"
    check "herobridge --help lists the service command" bash -c "'$binary' --help | grep -q '^  service '"
    local runtime=$work/runtime; mkdir -p "$runtime/man/man1"; chmod 700 "$runtime"
    cp "$root/usr/share/man/man1/herobridge.1.gz" "$runtime/man/man1/"
    sed "s#^ExecStart=/usr/bin/herobridge #ExecStart=$binary #" "$root/usr/lib/systemd/user/herobridge.service" \
        > "$runtime/herobridge.service"
    check "systemd-analyze verify --user passes the packaged unit with no output" \
        bash -c "out=\$(cd '$runtime' && MANPATH='$runtime/man' XDG_RUNTIME_DIR='$runtime' systemd-analyze verify --user herobridge.service 2>&1); echo \"\$out\"; [ -z \"\$out\" ]"
    check "desktop-file-validate passes the desktop file" desktop-file-validate "$root/usr/share/applications/app.herobridge.HeroBridge.desktop"
    check "appstreamcli validate --pedantic passes the metainfo" \
        appstreamcli validate --pedantic --no-net "$root/usr/share/metainfo/app.herobridge.HeroBridge.metainfo.xml"
    check "man renders the page without warnings" \
        bash -c "out=\$(MANWIDTH=80 man --warnings -l '$root/usr/share/man/man1/herobridge.1.gz' 2>&1 >/dev/null); echo \"\$out\"; [ -z \"\$out\" ]"
    check "bash completion completes 'herobridge serv' to service" \
        bash -c "source '$root/usr/share/bash-completion/completions/herobridge'; PATH='$root/usr/bin':\$PATH; COMP_WORDS=(herobridge serv); COMP_CWORD=1; _herobridge; [ \"\${COMPREPLY[*]}\" = service ]"
}

# The installed /usr/bin/herobridge turned on as a user service by `herobridge service install`, under a real
# systemd --user on a private Xvfb (the fixture AgentTests/SystemdServiceTests runs too, in a private mount
# namespace): installed, active, enabled, and gone again after `service uninstall`.
service_install() {
    local session=$work/session display
    mkdir -p "$session"
    Xvfb -displayfd 3 -nolisten tcp 3> "$session/display" > "$session/xvfb.log" 2>&1 &
    local xvfb=$!
    for _ in $(seq 600); do [ -s "$session/display" ] && break; sleep 0.1; done
    display=$(head -1 "$session/display")
    unshare --mount --propagation private /bin/bash "$repo/Tests/Fixtures/systemd_user_session.sh" /usr/bin/herobridge \
        ":$display" "$session" > "$session/steps" 2>&1
    kill "$xvfb"; wait "$xvfb" 2>/dev/null
    step() { sed -n "s/^$1: //p" "$session/steps"; }
    check "herobridge service install (the packaged binary) enables and starts the unit" \
        bash -c "[ \"$(step install)\" = 'exit 0: herobridge.service is enabled and started; see it with: herobridge service status' ] &&
                 [ \"$(step active)\" = 'active running' ] && [ \"$(step enabled)\" = enabled ] || { cat '$session/steps'; exit 1; }"
    check "herobridge service uninstall removes it again" \
        bash -c "[ \"$(step uninstall)\" = 'exit 0: herobridge.service is stopped, disabled and removed' ] || { cat '$session/steps'; exit 1; }"
}

echo "== dpkg -x into a temp root"
dpkg -x "$deb" "$work/root"
run_packaged "$work/root"

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

reproducible_status=0
wait "$reproducible" || reproducible_status=$?
check "a second build in another folder gives the same bytes (packaging/reproducible-check.sh)" \
    bash -c "cat '$work/reproducible.log'; exit $reproducible_status"

if [ "$failures" -gt 0 ]; then echo "package test: $failures check(s) FAILED"; exit 1; fi
echo "package test: all checks passed"
