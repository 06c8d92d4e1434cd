#!/bin/sh
# Installs the Debian packages of tools/packages.list that are missing, for
# the groups named (default: base), so `make run` and `make check` can call
# it every time.
#
#   tools/deps.sh [GROUP...]   install what the groups lack
#   tools/deps.sh --list       print every package of every group, one a line
set -e
list=$(dirname "$0")/packages.list

entries() { # group -> "package probe" lines
    awk -v g="$1" '$1 == g { print $2, $3 }' "$list"
}

if [ "${1:-}" = --list ]; then
    awk '!/^#/ && NF { print $2 }' "$list" | sort -u
    exit 0
fi

# A probe is a command, a path (a glob may match several), or - for dpkg.
have() {
    case $2 in
    -) dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii' ;;
    /*) ls -d $2 >/dev/null 2>&1 ;;
    *) command -v "$2" >/dev/null 2>&1 ;;
    esac
}

missing=""
for group in ${*:-base}; do
    grep -q "^$group " "$list" || { echo "deps: no group '$group' in $list" >&2; exit 2; }
    missing="$missing $(entries "$group" | while read -r pkg probe; do
        have "$pkg" "$probe" || echo "$pkg"
    done)"
done
missing=$(echo $missing)

[ -z "$missing" ] && exit 0
echo "deps: installing $missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
