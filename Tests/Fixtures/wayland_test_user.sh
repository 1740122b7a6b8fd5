#!/bin/sh
# The unprivileged account that runs sway and its clients in the Wayland tests (Tests/Support/HeadlessSway.swift):
# sway will not run as root, so a root test run starts it as this user. Creates the account only when it is
# missing, so running it again does nothing; as a non-root user there is nothing to do (sway runs as that user).
set -eu
user="${1:-herobridge-wl}"
[ "$(id -u)" = 0 ] || exit 0
id -u "$user" >/dev/null 2>&1 && exit 0
useradd --system --create-home --shell /usr/sbin/nologin --comment "HeroBridge Wayland tests" "$user"
