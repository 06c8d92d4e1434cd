#!/bin/bash
# Prints the path of NASM's instruction table (x86/insns.dat) for the NASM
# installed here, from Debian's source package of that very version: the
# description `tools/barebench itable` generates its payloads from
# (docs/itable.md). The first call fetches it (apt-get source, about 1 MB;
# as root: it may add a deb-src entry and install dpkg-dev) into the cache;
# later calls print the cached path.
#
# Cache: ${BAREBENCH_NASM_CACHE:-/var/cache/barebench/nasm}/nasm-<version>/insns.dat
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${BAREBENCH_NASM_CACHE:-/var/cache/barebench/nasm}

say() { echo "nasm-insns: $*" >&2; }
die() { say "error: $*"; exit 1; }

debver=$(dpkg-query -W -f='${source:Version}' nasm 2>/dev/null || true)
[ -n "$debver" ] || die "nasm is not installed (make installs it)"
upver=${debver#*:}
dir=$cache/nasm-$upver
if [ -s "$dir/insns.dat" ]; then
    echo "$dir/insns.dat"
    exit 0
fi
[ "$(id -u)" = 0 ] || die "the first fetch runs as root (apt-get source, deb-src)"
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ ! -s "$dir/insns.dat" ]; then
    export DEBIAN_FRONTEND=noninteractive
    "$here/deps.sh" itable >&2
    # shellcheck source=debsrc.sh
    . "$here/debsrc.sh"
    ls "$cache/download/nasm_${upver}.dsc" >/dev/null 2>&1 ||
        debsrc_fetch nasm "$debver" "$cache/download"
    rm -rf "$dir.tmp"
    mkdir -p "$dir.tmp"
    say "unpacking nasm $upver (dpkg-source -x applies Debian's patches)"
    dpkg-source -q -x "$cache/download/nasm_${upver}.dsc" "$dir.tmp/src" >&2
    mkdir -p "$dir"
    cp "$dir.tmp/src/x86/insns.dat" "$dir/insns.dat.tmp"
    mv "$dir/insns.dat.tmp" "$dir/insns.dat"
    rm -rf "$dir.tmp"
fi
echo "$dir/insns.dat"
