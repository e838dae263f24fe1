#!/usr/bin/env bash
# Writes pkg-config files into OUTDIR for building navviz against the Graphviz in PREFIX:
#
#     Scripts/graphviz-pkgconfig.sh PREFIX OUTDIR
#
# SwiftPM puts every -L of the pc files it reads on the link line and drops only -L/usr/lib,
# so gdlib's and zlib's `-L/usr/lib/x86_64-linux-gnu` (Debian) come ahead of PREFIX/lib and
# the linker finds the system's libgvc first. OUTDIR gets copies of those two files without
# -L for directories the linker searches anyway (pkg-config's own list of system library
# directories); put OUTDIR first on PKG_CONFIG_PATH, then PREFIX/lib/pkgconfig.
set -euo pipefail
prefix=$1 out=$2
mkdir -p "$out"
# Look the originals up without OUTDIR itself.
search=$(printf '%s' "${PKG_CONFIG_PATH:-}" | tr ':' '\n' | grep -vxF "$out" | grep -vxF "$(cd "$out" && pwd)" | paste -sd: -)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${search:+:$search}"
system_dirs=":$(pkg-config --variable pc_system_libdirs pkg-config 2>/dev/null || echo /usr/lib:/lib):"
for name in gdlib zlib; do
    source=$(pkg-config --path "$name") || { echo "graphviz-pkgconfig: pkg-config cannot find $name" >&2; exit 69; }
    libdir=$(pkg-config --variable=libdir "$name")
    if [[ "$system_dirs" == *":$libdir:"* ]]; then
        sed -E '/^Libs:/ s/-L\$\{(libdir|sharedlibdir)\}//g' "$source" >"$out/$name.pc"
    else
        cp "$source" "$out/$name.pc"
    fi
done
