#!/bin/bash
# A Linux guest for the hosted program under the counting QEMU: Debian 12's
# own kernel (linux-image-amd64) and busybox-static, downloaded with
# `apt-get download` (nothing is installed on this machine) and unpacked
# into a cache. A process inside counts through perf_event_open on the
# PMU that QEMU models (emu/README.md), so the hosted run's perf path is
# tested where this machine offers no PMU (tests/boot/test_hosted_perf.py).
#
#   emu/guest/build.sh    prints the kernel's path, then busybox's
#
# Cache: ${BAREBENCH_GUEST_CACHE:-/var/cache/barebench/guest}/<kernel package>/
set -euo pipefail

cache=${BAREBENCH_GUEST_CACHE:-/var/cache/barebench/guest}
say() { echo "emu/guest/build.sh: $*" >&2; }
die() { say "error: $*"; exit 1; }

# The metapackage names the kernel package of this Debian release.
kernel_pkg() {
    apt-cache depends linux-image-amd64 2>/dev/null |
        awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}
pkg=$(kernel_pkg)
if [ -z "$pkg" ]; then
    say "apt-get update (no linux-image-amd64 in the package lists)"
    apt-get update -qq >&2
    pkg=$(kernel_pkg)
fi
[ -n "$pkg" ] || die "apt-cache knows no kernel package behind linux-image-amd64"
dir=$cache/$pkg
kernel=$dir/root/boot/vmlinuz-${pkg#linux-image-}
busybox=$dir/root/bin/busybox
if [ ! -e "$dir/.done" ]; then
    mkdir -p "$dir"
    exec 9>"$dir/.lock"
    flock 9
    if [ ! -e "$dir/.done" ]; then
        rm -rf "$dir/download" "$dir/root"
        mkdir -p "$dir/download" "$dir/root"
        say "apt-get download $pkg busybox-static"
        # apt's sandbox user may not write to the cache: download as root.
        ( cd "$dir/download" &&
          apt-get download -qq -o APT::Sandbox::User=root "$pkg" busybox-static >&2 )
        for deb in "$dir"/download/*.deb; do
            dpkg-deb -x "$deb" "$dir/root"
        done
        rm -rf "$dir/download" "$dir/root/lib/modules" "$dir/root/usr/lib/modules"
        [ -e "$kernel" ] && [ -x "$busybox" ] || die "the packages have no $kernel or $busybox"
        touch "$dir/.done"
    fi
fi
echo "$kernel"
echo "$busybox"
