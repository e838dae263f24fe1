#!/usr/bin/env bash
# make install / make uninstall: navviz, its man pages and its shell completions into a
# prefix, and a manifest of every file written, so that uninstall removes exactly those.
#
#   Scripts/install.sh check     PREFIX [DESTDIR]
#   Scripts/install.sh install   STAGE PREFIX [DESTDIR]
#   Scripts/install.sh uninstall PREFIX [DESTDIR]
#
# check fails (73) when a directory install would write to cannot be written or created,
# naming PREFIX: make install runs it before building.
# install copies what `make install` staged in STAGE (bin/navviz, share/man/man1/*.1 and the
# three completion files, laid out as under PREFIX) into DESTDIR/PREFIX:
#   - every directory it would write to is checked first: one that cannot be created or
#     written is named and nothing is written (exit 73);
#   - a file already there that the last install's manifest does not list is not navviz's:
#     it is named and nothing is written (exit 73), so install never replaces what it did not
#     write;
#   - each file is copied beside its place under a temporary name, and only when all are
#     copied are they renamed into place; a failed copy removes the temporary files (exit 74);
#   - the manifest, PREFIX/share/navviz/install-manifest.txt, lists every file and every
#     directory install created, one path a line (DESTDIR left out, as packagers want).
# uninstall removes the files the manifest lists, then the directories it lists when they
# are empty, then the manifest; without a manifest it removes nothing and says so.
set -euo pipefail

fail() { local status=$1; shift; echo "install: error: $*" >&2; exit "$status"; }
MANIFEST=share/navviz/install-manifest.txt

# The nearest existing directory at or above $1.
existing() {
    local dir=$1
    while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
    echo "$dir"
}

# Fails (73) unless directory $2 can be written or created, naming PREFIX $1.
writable() {
    local top
    top=$(existing "$2")
    [ -d "$top" ] || fail 73 "cannot install into PREFIX '$1': '$top' is not a directory"
    [ -w "$top" ] || fail 73 "cannot install into PREFIX '$1': '$top' is not writable (run with sudo, or choose another PREFIX=)"
}

# Before anything is built: the directories install writes to, as make install-stage lays
# them out.
check_prefix() {
    local prefix=$1 destdir=${2:-} dir
    case "$prefix" in /*) ;; *) fail 64 "PREFIX must be an absolute path, not '$prefix'" ;; esac
    for dir in bin share/man/man1 share/bash-completion/completions share/zsh/site-functions share/fish/vendor_completions.d share/navviz; do
        writable "$prefix" "$destdir$prefix/$dir"
    done
}

install_files() {
    local stage=$1 prefix=$2 destdir=${3:-}
    [ -x "$stage/bin/navviz" ] || fail 70 "nothing staged in $stage (run make install, not this script)"
    case "$prefix" in /*) ;; *) fail 64 "PREFIX must be an absolute path, not '$prefix'" ;; esac
    local root="$destdir$prefix"
    local -a files=()
    while IFS= read -r f; do files+=("${f#"$stage"/}"); done < <(find "$stage" -type f | LC_ALL=C sort)
    files+=("$MANIFEST")

    # What the last install wrote: its files may be replaced.
    local -A ours=()
    if [ -f "$root/$MANIFEST" ]; then
        while IFS= read -r line; do ours["$line"]=1; done < "$root/$MANIFEST"
    fi

    # Every directory writable (or creatable), and no file of someone else's in the way.
    local f dir
    for f in "${files[@]}"; do
        writable "$prefix" "$(dirname "$root/$f")"
        if [ -e "$root/$f" ] && [ -z "${ours[$prefix/$f]:-}" ] && [ "$f" != "$MANIFEST" ]; then
            fail 73 "cannot install into PREFIX '$prefix': '$root/$f' is there and navviz's install did not write it; remove it first"
        fi
    done

    # Directories install creates, recorded so uninstall can remove them when empty (with
    # those an earlier install created, which an upgrade keeps listing).
    local -a created=()
    if [ -f "$root/$MANIFEST" ]; then
        while IFS= read -r line; do
            case "$line" in "dir "*) created+=("${line#dir }") ;; esac
        done < "$root/$MANIFEST"
    fi
    for f in "${files[@]}"; do
        dir=$(dirname "$prefix/$f")
        while [ ! -d "$destdir$dir" ] && [ "$dir" != / ]; do
            created+=("$dir")
            dir=$(dirname "$dir")
        done
    done

    # Copy beside, then rename: on a failure, nothing is left behind.
    local -a temporaries=()
    cleanup() { local t; for t in "${temporaries[@]}"; do rm -f "$t"; done; }
    trap 'cleanup' EXIT
    local manifest_text=""
    for f in "${files[@]}"; do
        [ "$f" = "$MANIFEST" ] && continue
        manifest_text+="$prefix/$f"$'\n'
    done
    for f in "${files[@]}"; do
        mkdir -p "$(dirname "$root/$f")" || fail 74 "cannot create '$(dirname "$root/$f")'"
        local tmp
        tmp="$(dirname "$root/$f")/.$(basename "$f").navviz-install-$$"
        temporaries+=("$tmp")
        if [ "$f" = "$MANIFEST" ]; then
            { printf '%s' "$manifest_text"; echo "$prefix/$MANIFEST"; printf '%s\n' "${created[@]+"${created[@]}"}" | LC_ALL=C sort -ru | sed '/^$/d; s/^/dir /'; } > "$tmp" \
                || fail 74 "cannot write '$tmp'"
        else
            cp "$stage/$f" "$tmp" || fail 74 "cannot write '$tmp'"
        fi
        case "$f" in bin/*) chmod 755 "$tmp" ;; *) chmod 644 "$tmp" ;; esac
    done
    local i=0
    for f in "${files[@]}"; do
        mv -f "${temporaries[$i]}" "$root/$f"
        i=$((i + 1))
    done
    trap - EXIT
    for f in "${files[@]}"; do echo "installed $root/$f"; done
}

uninstall_files() {
    local prefix=$1 destdir=${2:-}
    local root="$destdir$prefix"
    if [ ! -f "$root/$MANIFEST" ]; then
        echo "uninstall: nothing to remove: no manifest at $root/$MANIFEST (navviz was not installed with PREFIX=$prefix)"
        return 0
    fi
    local line
    local -a dirs=()
    while IFS= read -r line; do
        case "$line" in
            "dir "*) dirs+=("${line#dir }") ;;
            "$prefix/$MANIFEST") ;;
            /*) if [ -e "$destdir$line" ] || [ -L "$destdir$line" ]; then rm -f "$destdir$line" && echo "removed $destdir$line"; fi ;;
        esac
    done < "$root/$MANIFEST"
    rm -f "$root/$MANIFEST"
    echo "removed $root/$MANIFEST"
    # Deepest first (the manifest lists them so); only empty ones.
    local d
    for d in "${dirs[@]+"${dirs[@]}"}"; do
        rmdir "$destdir$d" 2>/dev/null && echo "removed $destdir$d/" || true
    done
}

case "${1:-}" in
    check) [ $# -ge 2 ] || fail 64 "usage: install.sh check PREFIX [DESTDIR]"; check_prefix "$2" "${3:-}" ;;
    install) [ $# -ge 3 ] || fail 64 "usage: install.sh install STAGE PREFIX [DESTDIR]"; install_files "$2" "$3" "${4:-}" ;;
    uninstall) [ $# -ge 2 ] || fail 64 "usage: install.sh uninstall PREFIX [DESTDIR]"; uninstall_files "$2" "${3:-}" ;;
    *) fail 64 "usage: install.sh install STAGE PREFIX [DESTDIR] | uninstall PREFIX [DESTDIR]" ;;
esac
