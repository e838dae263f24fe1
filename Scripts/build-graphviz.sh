#!/usr/bin/env bash
# Builds Graphviz from a release tarball into PREFIX (outside git), for building and testing
# navviz against a Graphviz other than the system's:
#
#     Scripts/build-graphviz.sh TARBALL PREFIX [SHA256]
#
# Checks the tarball's sha256 when one is given, builds with cmake and Ninja (the flags of
# ../shared/vendor/README.md: a library build with the cairo, pango, gd and core plugins)
# and registers the plugins (`dot -c`). A prefix already built from the same tarball is kept.
set -euo pipefail
tarball=$1 prefix=$2 expected=${3:-}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
[ -f "$tarball" ] || { echo "build-graphviz: no such tarball: $tarball" >&2; exit 66; }
sum=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ -n "$expected" ] && [ "$sum" != "$expected" ]; then
    echo "build-graphviz: $tarball: sha256 $sum, expected $expected" >&2
    exit 65
fi
if [ -f "$prefix/.navviz-tarball-sha256" ] && [ "$(cat "$prefix/.navviz-tarball-sha256")" = "$sum" ] \
   && "$prefix/bin/dot" -V >/dev/null 2>&1; then
    echo "build-graphviz: $prefix already holds $(basename "$tarball")"
    exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/navviz-graphviz.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xJf "$tarball" -C "$work"
source=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
rm -rf "$prefix"
cmake -S "$source" -B "$work/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DENABLE_LTDL=ON -DWITH_EXPAT=ON -DENABLE_TCL=OFF -DENABLE_SWIG=OFF \
    -DWITH_GTK=OFF -DWITH_X=OFF -DWITH_GVEDIT=OFF -DWITH_SMYRNA=OFF >"$work/configure.log" 2>&1 \
    || { tail -n 40 "$work/configure.log" >&2; exit 70; }
cmake --build "$work/build" -j "${GRAPHVIZ_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log" >&2; exit 70; }
cmake --install "$work/build" >/dev/null
"$prefix/bin/dot" -c
echo "$sum" >"$prefix/.navviz-tarball-sha256"
echo "build-graphviz: $("$prefix/bin/dot" -V 2>&1) in $prefix"
