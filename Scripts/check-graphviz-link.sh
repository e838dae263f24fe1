#!/usr/bin/env bash
# Fails unless BINARY loads the libgvc of the Graphviz installed in PREFIX, not another one
# found first on the link line (on Linux, gdlib's and zlib's pkg-config files can put the
# system's library directory ahead of PREFIX's):
#
#     Scripts/check-graphviz-link.sh BINARY PREFIX
#
# navviz also refuses at run time a libgvc of another release than its headers (exit 69);
# this check finds a wrong link when building, before any test runs.
set -euo pipefail
binary=$1 prefix=$2
fail() { echo "check-graphviz-link: $binary: $*" >&2; exit 1; }
[ -e "$binary" ] || fail "no such file"
case "$(uname -s)" in
Darwin)
    expected=$(otool -D "$prefix/lib/libgvc.dylib" | sed -n 2p)
    expected=${expected##*/}
    otool -L "$binary" | grep -q "/$expected " || fail "does not link $expected of $prefix ($(otool -L "$binary" | grep -o '[^ /]*libgvc[^ ]*' | head -n 1))"
    otool -l "$binary" | grep -A2 LC_RPATH | grep -q " $prefix/lib " || fail "has no run path $prefix/lib"
    ;;
*)
    expected=$(readelf -d "$prefix/lib/libgvc.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
    needed=$(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(libgvc[^]]*\)\]/\1/p')
    [ "$needed" = "$expected" ] || fail "needs ${needed:-no libgvc}, not $expected of $prefix"
    readelf -d "$binary" | grep -E 'R(UN)?PATH' | grep -q "$prefix/lib" || fail "has no run path $prefix/lib"
    loaded=$(ldd "$binary" | sed -n 's/.*libgvc[^ ]* => \([^ ]*\).*/\1/p')
    [ "$(dirname "$loaded")" -ef "$prefix/lib" ] || fail "loads $loaded, not $prefix/lib/$expected"
    ;;
esac
echo "check-graphviz-link: $binary loads $expected from $prefix/lib"
