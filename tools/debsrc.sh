# Sourced (bash): apt-get source for Debian's own packages, as root.
#
#   debsrc_fetch PACKAGE VERSION DIR   download PACKAGE=VERSION's source into DIR
#
# Adds a deb-src entry derived from the deb entries when the machine has
# none, and runs apt-get update once when the lists do not know the source.
# Needs say and die from the caller.

debsrc_updated=0
debsrc_update() {
    if [ $debsrc_updated = 0 ]; then
        say "apt-get update"
        apt-get update -qq >&2
        debsrc_updated=1
    fi
}

debsrc_present() {
    grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list \
        /etc/apt/sources.list.d/*.list && return 0
    grep -qsE '^[[:space:]]*Types:.*deb-src' /etc/apt/sources.list.d/*.sources && return 0
    return 1
}

debsrc_ensure() {
    debsrc_present && return 0
    say "no deb-src entry: deriving one from the deb entries"
    local out=/etc/apt/sources.list.d/barebench-deb-src.sources f list
    : > "$out.tmp"
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -e "$f" ] || continue
        # Copy every stanza whose Types has "deb", with Types: deb-src.
        awk 'BEGIN { RS = ""; ORS = "\n\n" }
             /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|\n|$)/ {
                 sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f" >> "$out.tmp"
    done
    if [ -e /etc/apt/sources.list ]; then
        list=/etc/apt/sources.list.d/barebench-deb-src.list
        sed -nE 's/^[[:space:]]*deb([[:space:]])/deb-src\1/p' /etc/apt/sources.list > "$list"
        [ -s "$list" ] || rm -f "$list"
    fi
    if [ -s "$out.tmp" ]; then mv "$out.tmp" "$out"; else rm -f "$out.tmp"; fi
    debsrc_present || die "could not derive a deb-src entry"
    debsrc_updated=0
    debsrc_update
}

debsrc_fetch() {
    local package=$1 version=$2 dir=$3
    debsrc_ensure
    mkdir -p "$dir"
    say "apt-get source --download-only $package=$version"
    ( cd "$dir" &&
      { apt-get source -qq --download-only "$package=$version" >&2 ||
        { debsrc_update; apt-get source -qq --download-only "$package=$version" >&2; }; } )
}
