#!/bin/bash
# Build barebench's patched QEMU (PMU models for x86 and 604/604e TCG) from
# Debian's source.
#
#   emu/qemu/build.sh [TARGETS]        e.g. build.sh i386-softmmu,ppc-softmmu
#   emu/qemu/build.sh --source-only    only fetch + unpack + patch; print the tree
#
# Target list: first argument, else $BAREBENCH_EMU_TARGETS, else i386-softmmu.
# Cache: ${BAREBENCH_EMU_CACHE:-/var/cache/barebench/emu}/qemu-<debian version>-<sha>/
# where <sha> is a short sha256 over the patch files; a rebuild happens only when
# the patches or the installed QEMU version change.  Progress goes to stderr;
# stdout is the path of each target's qemu-system-* binary, one line per target
# in the order of the list (one target: one line, as before).
#
# Firmware: the binary is configured with
# --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu (Debian's
# qemu-system-data, seabios and ipxe-qemu packages).  A binary run from its build
# tree looks for firmware under <build>/qemu-bundle/<path> instead, so the script
# links those three paths there: no -L option is needed.  (Without the links the
# equivalent is -L /usr/share/seabios -L /usr/share/qemu.)
#
# Must run as root on Debian 12 (it may add a deb-src entry, apt-get update, and
# install build dependencies).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
patchdir=$here/patches
cache=${BAREBENCH_EMU_CACHE:-/var/cache/barebench/emu}

source_only=0
if [ "${1:-}" = "--source-only" ]; then
    source_only=1
    shift
fi
targets=${1:-${BAREBENCH_EMU_TARGETS:-i386-softmmu}}
targets=${targets// /,}

say() { echo "build.sh: $*" >&2; }
die() { say "error: $*"; exit 1; }

# --- which QEMU: the Debian source version of the installed qemu-system-x86 ----
debver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86 2>/dev/null || true)
if [ -z "$debver" ]; then
    debver=$(apt-cache policy qemu-system-x86 2>/dev/null |
             awk '/Candidate:/ { print $2 }')
    debver=${debver%+b[0-9]*}    # binNMU suffix is not part of the source version
fi
[ -n "$debver" ] && [ "$debver" != "(none)" ] ||
    die "cannot tell the qemu version (is qemu-system-x86 installed or known to apt?)"
upver=${debver#*:}               # without epoch, as in file names

shopt -s nullglob
# Two series, each of which applies to Debian's tree on its own: the x86
# PMU model, then the 604/604e one.
patches=("$patchdir"/x86/[0-9][0-9][0-9][0-9]-*.patch
         "$patchdir"/ppc/[0-9][0-9][0-9][0-9]-*.patch)
shopt -u nullglob
if [ ${#patches[@]} -gt 0 ]; then
    sha=$(cat "${patches[@]}" | sha256sum | cut -c1-12)
else
    sha=nopatch
fi
dir=$cache/qemu-$upver-$sha
tgtname=${targets//,/_}
builddir=$dir/build-$tgtname
binaries=()
for t in ${targets//,/ }; do
    binaries+=("$builddir/qemu-system-${t%-softmmu}")
done
built() {
    local b
    [ -e "$builddir/.barebench-done" ] || return 1
    for b in "${binaries[@]}"; do [ -x "$b" ] || return 1; done
}

# --- warm path --------------------------------------------------------------
if [ $source_only = 0 ] && built; then
    say "cached: ${binaries[*]}"
    printf '%s\n' "${binaries[@]}"
    exit 0
fi

[ "$(id -u)" = 0 ] || die "run as root (installs packages, may add deb-src)"

# One cold build at a time per cache; a second caller waits, then finds it.
mkdir -p "$cache"
exec 9>"$cache/.lock"
if ! flock -n 9; then
    say "waiting for another build.sh using $cache"
    flock 9
fi
if [ $source_only = 0 ] && built; then
    say "built meanwhile: ${binaries[*]}"
    printf '%s\n' "${binaries[@]}"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck source=../../tools/debsrc.sh
. "$here/../../tools/debsrc.sh"
debsrc_ensure

# --- build dependencies: the emu group of tools/packages.list ----------------
"$here/../../tools/deps.sh" emu >&2

# --- source: apt-get source qemu=<version> into the cache ---------------------
mkdir -p "$cache/download" "$dir"
src=$dir/src
if [ ! -e "$src/.barebench-patched" ]; then
    if ! ls "$cache/download/qemu_${upver}.dsc" >/dev/null 2>&1; then
        debsrc_fetch qemu "$debver" "$cache/download"
    fi
    rm -rf "$src" "$dir/src.tmp"
    say "unpacking (dpkg-source -x applies Debian's patches)"
    dpkg-source -q -x "$cache/download/qemu_${upver}.dsc" "$dir/src.tmp" >&2
    for p in "${patches[@]}"; do
        say "applying $(basename "$p")"
        patch -d "$dir/src.tmp" -p1 -s --no-backup-if-mismatch < "$p" >&2
    done
    touch "$dir/src.tmp/.barebench-patched"
    mv "$dir/src.tmp" "$src"
fi
if [ $source_only = 1 ]; then
    echo "$src"
    exit 0
fi

# --- configure + build --------------------------------------------------------
# The +dfsg tarball has no edk2 firmware images, but meson.build sets
# unpack_edk2_blobs whenever an x86/arm target is built and bzip2 is found, and
# pc-bios/meson.build then fails on edk2-aarch64-code.fd.bz2.  configure has no
# switch for it, so force it off in the (cached, patched) tree.
if grep -q "unpack_edk2_blobs = bzip2.found()" "$src/meson.build"; then
    sed -i "s/unpack_edk2_blobs = bzip2.found()/unpack_edk2_blobs = false/" "$src/meson.build"
fi
rm -rf "$builddir"
mkdir -p "$builddir"
firmware=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu
say "configure --target-list=$targets"
( cd "$builddir" &&
  nice "$src/configure" --target-list="$targets" --without-default-features \
      --disable-docs --disable-tools --disable-werror --enable-tcg \
      --enable-fdt=system --disable-install-blobs \
      --firmwarepath=$firmware >&2 )
ninja_targets=()
for t in ${targets//,/ }; do
    ninja_targets+=("qemu-system-${t%-softmmu}")
done
say "ninja -j2 ${ninja_targets[*]}"
nice ninja -C "$builddir" -j2 "${ninja_targets[@]}" >&2
for b in "${binaries[@]}"; do
    [ -x "$b" ] || die "build finished but $b is missing"
done
# firmware lookup from the build tree goes through qemu-bundle/ (see the top)
for fw in ${firmware//:/ }; do
    if [ ! -e "$builddir/qemu-bundle$fw" ]; then
        mkdir -p "$(dirname "$builddir/qemu-bundle$fw")"
        ln -sfn "$fw" "$builddir/qemu-bundle$fw"
    fi
done
touch "$builddir/.barebench-done"
say "built: ${binaries[*]}"
printf '%s\n' "${binaries[@]}"
