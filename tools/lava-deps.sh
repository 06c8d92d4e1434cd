#!/bin/sh
# Installs Debian's lava-dispatcher (lava-run) when it is missing. Only
# `make check-lava` and CI (.ci/run) call this, never `make deps`: it is
# 187 MB over 131 packages and upgrades systemd and perl on the machine.
set -e
command -v lava-run >/dev/null 2>&1 && exit 0
echo "lava: installing lava-dispatcher"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends lava-dispatcher
