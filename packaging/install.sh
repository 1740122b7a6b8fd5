#!/bin/sh
# The one list of what HeroBridge installs, used by `make install`, `make uninstall` and `make deb`.
#
#   packaging/install.sh install   BINARY ROOT PREFIX UNITDIR   copies every file under ROOT (DESTDIR)
#   packaging/install.sh uninstall ROOT PREFIX UNITDIR          removes exactly those files
#   packaging/install.sh list      ROOT PREFIX UNITDIR          prints their paths
#
# PREFIX is where the files will live at run time (~/.local, /usr/local, /usr); the unit's ExecStart= and
# the desktop file's Exec= name $PREFIX/bin/herobridge, so neither depends on PATH. UNITDIR - leaves the unit
# out: the Debian package's is installed by dh_installsystemduser (debian/rules).
set -eu

action=$1; shift
if [ "$action" = install ]; then binary=$1; shift; fi
root=$1 prefix=$2 unitdir=$3
here=$(cd "$(dirname "$0")" && pwd)

# destination (relative to ROOT) and mode, one per line; the sources are derived in install_one.
files() {
    cat <<EOF
$prefix/bin/herobridge 755
EOF
    [ "$unitdir" = - ] || echo "$unitdir/herobridge.service 644"
    cat <<EOF
$prefix/share/applications/app.herobridge.HeroBridge.desktop 644
$prefix/share/metainfo/app.herobridge.HeroBridge.metainfo.xml 644
$prefix/share/icons/hicolor/scalable/apps/herobridge.svg 644
$prefix/share/man/man1/herobridge.1.gz 644
$prefix/share/bash-completion/completions/herobridge 644
EOF
}

install_one() {
    destination=$root$1 mode=$2
    mkdir -p "$(dirname "$destination")"
    case $1 in
        */bin/herobridge)
            # Stripped: the symbols are half the size and nothing at run time reads them.
            install -m "$mode" -s "$binary" "$destination" ;;
        */herobridge.service)
            sed "s#^ExecStart=/usr/bin/herobridge #ExecStart=$prefix/bin/herobridge #" "$here/systemd/herobridge.service" > "$destination"
            chmod "$mode" "$destination" ;;
        */app.herobridge.HeroBridge.desktop)
            sed "s#^Exec=herobridge #Exec=$prefix/bin/herobridge #" "$here/desktop/app.herobridge.HeroBridge.desktop" > "$destination"
            chmod "$mode" "$destination" ;;
        */app.herobridge.HeroBridge.metainfo.xml)
            install -m "$mode" "$here/desktop/app.herobridge.HeroBridge.metainfo.xml" "$destination" ;;
        */herobridge.svg)
            install -m "$mode" "$here/desktop/herobridge.svg" "$destination" ;;
        */herobridge.1.gz)
            # -n: no name or time stamp inside, so the same page gives the same bytes (reproducible .deb).
            gzip -9n < "$here/man/herobridge.1" > "$destination"
            chmod "$mode" "$destination" ;;
        */completions/herobridge)
            install -m "$mode" "$here/completion/herobridge.bash" "$destination" ;;
        *)
            echo "install.sh: no source for $1" >&2; exit 1 ;;
    esac
    echo "installed $destination"
}

case $action in
    install)
        [ -x "$binary" ] || { echo "install.sh: $binary is not built (run make release)" >&2; exit 1; }
        files | while read -r path mode; do install_one "$path" "$mode"; done ;;
    uninstall)
        files | while read -r path mode; do
            if [ -e "$root$path" ] || [ -L "$root$path" ]; then rm -f "$root$path" && echo "removed $root$path"; fi
        done ;;
    list)
        files | while read -r path mode; do echo "$root$path"; done ;;
    *)
        echo "usage: install.sh install BINARY ROOT PREFIX UNITDIR | uninstall|list ROOT PREFIX UNITDIR" >&2; exit 2 ;;
esac
