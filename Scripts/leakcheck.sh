#!/usr/bin/env bash
# Leak check: navviz's render loop under valgrind, beside Graphviz's own dot CLI on the same
# DOT, so what Graphviz 2.42/2.43 (and cairo, pango, fontconfig under it) leaks by itself is
# told apart from anything navviz's code loses.
#
#   Scripts/leakcheck.sh [DOCUMENT]          (make leakcheck)
#
# DOCUMENT defaults to Samples/nivelir-deeplink.script.json. Runs, each under
# `valgrind --leak-check=full`:
#   1. navviz animate DOCUMENT --png --gif --layout per-frame   (one dot layout, an SVG and a
#      PNG per frame, a GIF: the longest render loop navviz has)
#   2. navviz render DOCUMENT -o x.png and -o x.svg
#   3. dot -Tsvg -Tpng on navviz's DOT for the document, given LOOPS times (default 20) in
#      one process: Graphviz alone.
# navviz's `dot` layouts and frames run in its Graphviz worker processes (`navviz
# graphviz-worker`, exec'd), which valgrind follows (--trace-children=yes): each run prints
# navviz's own process and the sum of its workers separately.
# and prints, per run, valgrind's definite/indirect/possible bytes, then every definite
# loss record attributed to the library that allocated it (the innermost frame that is not
# an allocator). A record whose innermost frame is navviz's own code is a navviz leak and
# makes the script exit 1. Logs stay in $LEAK_DIR (default /tmp/navviz-leakcheck).
#
# valgrind 3.19 cannot read the DWARF 5 debug info Swift 6 writes, so the binary is run
# from a copy with its debug sections stripped (symbols stay; stacks name Swift functions).
set -euo pipefail
cd "$(dirname "$0")/.."
DOC=${1:-Samples/nivelir-deeplink.script.json}
LOOPS=${LOOPS:-20}
LEAK_DIR=${LEAK_DIR:-/tmp/navviz-leakcheck}
NAVVIZ=${NAVVIZ_BIN:-.build/debug/navviz}
command -v valgrind >/dev/null || { echo "leakcheck: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -x "$NAVVIZ" ] || swift build
rm -rf "$LEAK_DIR" && mkdir -p "$LEAK_DIR"
objcopy --strip-debug "$NAVVIZ" "$LEAK_DIR/navviz"
# One log per process (%p): navviz's, and each worker's.
VG=(valgrind --leak-check=full --num-callers=40 --error-exitcode=0 --trace-children=yes)

echo "leakcheck: $DOC, Graphviz $(dot -V 2>&1 | sed 's/.*version //'), valgrind $(valgrind --version | sed 's/valgrind-//')"
"${VG[@]}" --log-file="$LEAK_DIR/animate.%p.log" "$LEAK_DIR/navviz" animate "$DOC" -o "$LEAK_DIR/bundle" --png --gif --layout per-frame >/dev/null
"${VG[@]}" --log-file="$LEAK_DIR/render-png.%p.log" "$LEAK_DIR/navviz" render "$DOC" -o "$LEAK_DIR/render.png" --legend
"${VG[@]}" --log-file="$LEAK_DIR/render-svg.%p.log" "$LEAK_DIR/navviz" render "$DOC" -o "$LEAK_DIR/render.svg" --legend
"$NAVVIZ" render "$DOC" --format dot --legend >"$LEAK_DIR/graph.dot"
inputs=(); for _ in $(seq "$LOOPS"); do inputs+=("$LEAK_DIR/graph.dot"); done
"${VG[@]}" --log-file="$LEAK_DIR/dot-cli.%p.log" dot -Tsvg -Tpng -O "${inputs[@]}"

python3 - "$LEAK_DIR" <<'PY'
import re, sys, os
from collections import defaultdict
d = sys.argv[1]
allocators = re.compile(r"^(malloc|calloc|realloc|strdup|strndup|g_malloc0?|g_realloc|g_try_malloc|g_slice_alloc0?|g_strdup|g_strndup|gmalloc|zmalloc|zrealloc|grealloc|gcalloc|agalloc|agstrdup|swift_slowAlloc|swift_allocObject|operator new|\?\?\?)\b")
def owner(frames):
    for f in frames:
        m = re.match(r"(\S+) \((?:in )?([^)]*)\)", f)
        fn, where = (m.group(1), m.group(2)) if m else (f, "")
        if allocators.match(fn) or "vgpreload" in where:
            continue
        if "navviz" in where or fn.startswith("$s") or ".swift" in where:
            return "navviz"
        lib = os.path.basename(where).split(".so")[0] if where else fn
        return lib.replace("libgvplugin_", "graphviz:").replace("libgvc", "graphviz:gvc").replace("libcgraph", "graphviz:cgraph")
    return "unknown"
def num(s): return int(s.replace(",", ""))
own_leak = False
import glob
runs = []
for name in ["animate", "render-png", "render-svg", "dot-cli"]:
    logs = {"": [], " workers": []}
    for path in sorted(glob.glob(f"{d}/{name}.*.log")):
        text = open(path).read()
        logs[" workers" if re.search(r"Command: \S+ graphviz-worker", text) else ""].append(text)
    runs += [(name + suffix, texts) for suffix, texts in logs.items() if texts]
for name, texts in runs:
    summary = {k: 0 for k in ["definitely", "indirectly", "possibly"]}
    by = defaultdict(lambda: [0, 0])
    for log in texts:
        for k in summary:
            m = re.search(rf"{k} lost: ([\d,]+) bytes", log)
            if m: summary[k] += num(m.group(1))
        for block in re.split(r"\n==\d+== \n", log):
            m = re.search(r"([\d,]+) (?:\(([\d,]+) direct, ([\d,]+) indirect\) )?bytes in ([\d,]+) blocks are definitely lost", block)
            if not m: continue
            direct = num(m.group(2) or m.group(1))
            frames = re.findall(r"(?:at|by) 0x[0-9A-F]+: (.*)", block)
            who = owner(frames)
            by[who][0] += direct; by[who][1] += 1
            if who == "navviz": own_leak = True
    label = f"{name} ({len(texts)})" if name.endswith("workers") else name
    print(f"{label:19} definitely {summary['definitely']:>8,} B  indirectly {summary['indirectly']:>8,} B  possibly {summary['possibly']:>7,} B")
    for who, (b, n) in sorted(by.items(), key=lambda x: -x[1][0]):
        print(f"{'':19}   {who:34} {b:>8,} B direct in {n} record(s)")
print("navviz's own code: " + ("DEFINITE LEAKS (see the logs)" if own_leak else "no definite leak"))
sys.exit(1 if own_leak else 0)
PY
