#!/usr/bin/env bash
# The library's reference documentation: a DocC archive for each library product
# (NavVizCore, NavVizFiles, NavVizRender, NavVizArtifacts, NavVizRecorder), made from the
# catalogs in Sources/MODULE/MODULE.docc and the modules' public symbols, with the toolchain's
# own `docc` (no package dependency: a consumer of navviz resolves nothing more for it).
#
#   Scripts/build-docs.sh [OUT]     (default .build-docs/archives; `make docs`)
#
# The modules' public symbols come from `swift package dump-symbol-graph`, run on the build
# `swift build` makes (NAVVIZ_DOCS_SWIFT_FLAGS: make passes its SWIFT_FLAGS, the build
# directory and link flags of a GRAPHVIZ_PREFIX; none: .build): after `make test` its debug
# build is there, and the dump only extracts the graphs (5 s, where a build directory of its
# own cost a whole debug build, about 100 s of CI's budget); it leaves that build as it was.
# Only graphs written by this run are used. Every warning DocC prints (an unresolved
# ``link``, a topic that names nothing) fails the build, and so does a public declaration
# without a doc comment (Scripts/undocumented-public.py). Open an archive with
# `docc preview`, or serve its `index.html` after `docc process-archive transform-for-static-hosting`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs/archives}
scratch=.build-docs
modules=(NavVizCore NavVizFiles NavVizRender NavVizArtifacts NavVizRecorder)
start=$(date +%s)

Scripts/undocumented-public.py >/dev/null

mkdir -p "$out"
# It also tries the test targets' discovery module, which swift-symbolgraph-extract cannot
# read (a non-zero exit after every library module is written): each library module's graph
# is checked below instead.
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
mkdir -p "$scratch"
# shellcheck disable=SC2086 # a list of flags
swift package ${NAVVIZ_DOCS_SWIFT_FLAGS:-} dump-symbol-graph --minimum-access-level public >"$scratch/dump-symbol-graph.log" 2>&1 || true
# Its last line names the directory: "Files written to PATH".
graphs=$(sed -n 's/^Files written to //p' "$scratch/dump-symbol-graph.log" | tail -n 1)
for m in "${modules[@]}"; do
    if [ -z "$graphs" ] || [ ! "$graphs/$m.symbols.json" -nt "$stamp" ]; then
        echo "docs: no symbol graph was written for $m (see $scratch/dump-symbol-graph.log)" >&2
        exit 1
    fi
done

status=0
for m in "${modules[@]}"; do
    dir=$scratch/graphs-$m
    rm -rf "$dir" && mkdir -p "$dir"
    cp "$graphs/$m.symbols.json" "$dir/"
    # Its extensions of other modules' types, as written by this run (an earlier dump, of
    # another access level, may have left others beside them).
    for f in "$graphs/$m"@*.symbols.json; do
        if [ -f "$f" ] && [ "$f" -nt "$stamp" ]; then cp "$f" "$dir/"; fi
    done
    log=$(docc convert "Sources/$m/$m.docc" --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$m" --fallback-bundle-identifier "org.navviz.$m" \
        --output-path "$out/$m.doccarchive" 2>&1) || status=1
    warnings=$(printf '%s\n' "$log" | grep -E 'warning:|error:' || true)
    if [ -n "$warnings" ]; then
        printf '%s\n' "$warnings" >&2
        status=1
    fi
    echo "docs: $out/$m.doccarchive"
done
echo "docs: $(( $(date +%s) - start )) s"
exit $status
