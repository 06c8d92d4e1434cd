#!/bin/bash
# make check-fresh: the README's two commands on a new user's machine.
#
# Builds a minimal Debian 12 root with debootstrap (once: cached in
# $BAREBENCH_FRESH_CACHE, default /var/cache/barebench/fresh; delete it to
# start over), copies it and a clean export of HEAD to a scratch folder,
# installs make only, and runs `make run` and then `make check` there as
# root, as a new user would. Prints each command's exit status and wall
# time; exits non-zero when either failed.
#
# The root runs in its own mount namespace (unshare), so /proc, /sys and
# /dev are mounted for it alone and vanish with it; the scratch folder is
# removed on every exit path. Needs root and git.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${BAREBENCH_FRESH_CACHE:-/var/cache/barebench/fresh}
suite=bookworm

say() { echo "check-fresh: $*" >&2; }
die() { say "error: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (debootstrap, chroot and mounts need it)"
git -C "$here" rev-parse --verify -q HEAD >/dev/null ||
    die "$here is not a git checkout: check-fresh exports HEAD"
"$here/tools/deps.sh" fresh >&2

# The mirror and apt settings of this machine: a new user's machine on the
# same network has the same ones.
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null ||
         true)
mirror=${mirror:-http://deb.debian.org/debian}

base=$cache/$suite-minbase
if [ ! -e "$base/.barebench-done" ]; then
    say "debootstrap --variant=minbase $suite from $mirror into $base"
    rm -rf "$base"
    mkdir -p "$cache"
    start=$SECONDS
    debootstrap --variant=minbase "$suite" "$base" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
        { tail -20 "$cache/debootstrap.log" >&2; die "debootstrap failed (log: $cache/debootstrap.log)"; }
    touch "$base/.barebench-done"
    say "debootstrap took $((SECONDS - start)) s"
fi

work=$(mktemp -d /var/tmp/bb-fresh.XXXXXX)
child=""
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$child" ]; then
        kill -TERM -- "-$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    fi
    # Mounts live in the child's namespace and end with it; never remove a
    # folder that something is still mounted under.
    if findmnt -rn -o TARGET | grep -q "^$work/"; then
        say "error: still mounted under $work; left in place"
    else
        rm -rf "$work"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

root=$work/root
say "copying the root and an export of $(git -C "$here" rev-parse --short HEAD) to $work"
cp -a "$base" "$root"
rm -f "$root/.barebench-done"
cp /etc/resolv.conf "$root/etc/resolv.conf"
rm -f "$root/etc/apt/sources.list"
cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/" 2>/dev/null || true
rm -f "$root/etc/apt/sources.list.d/barebench-"*   # the deb-src entry build.sh adds
for conf in /etc/apt/apt.conf.d/*; do
    grep -qs '^Acquire::' "$conf" && cp "$conf" "$root/etc/apt/apt.conf.d/"
done
[ -n "$(ls "$root/etc/apt/sources.list.d/" 2>/dev/null)" ] ||
    echo "deb $mirror $suite main" >"$root/etc/apt/sources.list"
mkdir -p "$root/root/barebench"
git -C "$here" archive HEAD | tar -x -C "$root/root/barebench"

# Inside the root: what a new user types, timed one by one.
cat >"$root/root/fresh.sh" <<'EOF'
#!/bin/sh
export DEBIAN_FRONTEND=noninteractive HOME=/root
cd /root/barebench
step() {
    start=$(date +%s)
    "$@"
    status=$?
    echo "check-fresh: $* exited $status in $(( $(date +%s) - start )) s" >>/root/times
    return 0
}
: >/root/times
step sh -c 'apt-get update -q && apt-get install -y -q --no-install-recommends make'
step make run
step make check
EOF
chmod +x "$root/root/fresh.sh"

# setsid: the whole tree is one process group that cleanup can end.
setsid unshare --mount --propagation private --fork sh -c '
    root=$1
    mount -t proc proc "$root/proc" &&
    mount --rbind /sys "$root/sys" &&
    mount --rbind /dev "$root/dev" &&
    exec chroot "$root" /root/fresh.sh' sh "$root" &
child=$!
wait "$child" || true
child=""

[ -s "$root/root/times" ] || die "the fresh root ran nothing"
echo
cat "$root/root/times"
! grep -q 'exited [1-9]' "$root/root/times"
