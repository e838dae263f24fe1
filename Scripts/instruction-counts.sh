#!/usr/bin/env bash
# A guard against slowing animate down that does not depend on the machine's load: counts the
# instructions (valgrind's callgrind, not seconds) of two fixed runs of the release navviz on
# a small generated session, and fails when either count is more than 10% over the figure
# recorded in Scripts/instruction-counts.txt.
#
#   Scripts/instruction-counts.sh            compare with the recorded figures (make instructions)
#   Scripts/instruction-counts.sh --record   record the figures anew (make instructions RECORD=1);
#                                            commit the file with the reason in the message
#
# The runs, each `--jobs 1` (one Graphviz worker: which frames a worker draws, and so what its
# PNG encoder can reuse, is then fixed), on Scripts/gen-session.py 40 --seed 13 (81 frames):
#   svg       navviz animate SESSION -o DIR               (SVG frames, player, summary, manifest)
#   png-gif   navviz animate SESSION -o DIR --png --gif
# Each count is navviz's process and its worker processes together (valgrind follows them:
# --trace-children=yes), less what the machine's setup decides rather than navviz's code:
# the dynamic loader (ld-linux: which libraries, in which versions) and fontconfig and the
# XML parser it reads its configuration with (libfontconfig, libexpat: which fonts are
# installed). What is left still depends on the navviz binary (the point; on Linux the
# Makefile's static build, --static-swift-stdlib, which a dynamic build of the same code exceeds by 3.5%),
# on the Swift toolchain and on the Graphviz libraries (cairo, pango and the rest under them): the figures
# are recorded with Graphviz 2.43 (Debian's, what CI runs this against); against another
# Graphviz version the counts are printed and not compared. glibc picks its memcpy for the
# CPU it runs on, but under valgrind the CPU is valgrind's (no AVX-512), the same everywhere.
#
# Where a count grew: `callgrind_annotate --inclusive=yes DIR/NAME.PID.out` (one file per
# process; the largest is navviz's own) lists the functions by what they and their callees ran.
#
# NAVVIZ_BIN: the navviz to count (default .build/release/navviz); INSTRUCTIONS_DIR: where the
# runs go (default a new directory /tmp/navviz-instructions.XXXXXX: two runs at once in one
# directory add up each other's processes; a run on a shared machine once read svg +68.6%). Takes about a minute on two cores (55 to 61 s);
# the runs' counts move by under 1% from one run to the next.
set -euo pipefail
cd "$(dirname "$0")/.."
RECORD=0
[ "${1:-}" = "--record" ] && RECORD=1
NAVVIZ=${NAVVIZ_BIN:-.build/release/navviz}
FIGURES=Scripts/instruction-counts.txt
WORK=${INSTRUCTIONS_DIR:-$(mktemp -d /tmp/navviz-instructions.XXXXXX)}
LIMIT=10  # percent
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
command -v callgrind_annotate >/dev/null || { echo "instructions: callgrind_annotate is not installed (it comes with valgrind)" >&2; exit 2; }
[ -x "$NAVVIZ" ] || { echo "instructions: $NAVVIZ is not built (swift build -c release --product navviz)" >&2; exit 2; }
rm -rf "$WORK" && mkdir -p "$WORK"
# valgrind 3.19 cannot read the DWARF 5 debug info Swift 6 writes: a copy without it (symbols
# stay). The workers are this copy too (navviz runs itself as its Graphviz workers).
objcopy --strip-debug "$NAVVIZ" "$WORK/navviz"
python3 Scripts/gen-session.py 40 "$WORK/session.ndjson" --seed 13
graphviz=$(pkg-config --modversion libgvc 2>/dev/null || dot -V 2>&1 | sed 's/.*version \([0-9.]*\).*/\1/')

# count NAME ARGS...: runs navviz ARGS under callgrind and prints the count.
count() {
    local name=$1
    shift
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$WORK/$name.%p.out" \
        --log-file="$WORK/$name.%p.log" "$WORK/navviz" "$@" >/dev/null
    # navviz does not wait for its workers to end: each writes its counts when it sees its
    # socket close, under valgrind some time after navviz itself ended.
    local waited=0
    while pgrep -f "$WORK/navviz" >/dev/null; do
        sleep 0.2
        waited=$((waited + 1))
        [ $waited -lt 300 ] || { echo "instructions: a worker of the $name run did not end within 60 s" >&2; exit 2; }
    done
    python3 - "$WORK" "$name" <<'PY'
import glob, re, subprocess, sys
work, name = sys.argv[1], sys.argv[2]
excluded = re.compile(r"/(ld-linux[^/]*|libfontconfig[^/]*|libexpat[^/]*)$")
total = 0
for path in glob.glob("%s/%s.*.out" % (work, name)):
    out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", path], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*?)(?: \[(.*)\])?$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        if m.group(3) and excluded.search(m.group(3)):
            continue
        total += int(m.group(1).replace(",", ""))
print(total)
PY
}

svg=$(count svg animate "$WORK/session.ndjson" -o "$WORK/svg" --jobs 1)
png=$(count png-gif animate "$WORK/session.ndjson" -o "$WORK/png-gif" --png --gif --jobs 1)
echo "instructions: svg $svg, png-gif $png (navviz and its workers; Graphviz $graphviz), counted in $SECONDS s in $WORK"

if [ "$RECORD" = 1 ]; then
    {
        echo "# Instructions of Scripts/instruction-counts.sh's runs (callgrind: navviz and its Graphviz workers,"
        echo "# less ld-linux, libfontconfig and libexpat), recorded with Graphviz $graphviz, $(swift --version 2>/dev/null | head -1 | sed 's/ (.*//'),"
        echo "# $(valgrind --version). Recorded anew with \`make instructions RECORD=1\`; the commit says why."
        echo "graphviz $graphviz"
        echo "svg $svg"
        echo "png-gif $png"
    } > "$FIGURES"
    echo "instructions: recorded in $FIGURES"
    exit 0
fi

[ -f "$FIGURES" ] || { echo "instructions: no $FIGURES (make instructions RECORD=1 records it)" >&2; exit 2; }
recorded_graphviz=$(awk '$1 == "graphviz" { print $2 }' "$FIGURES")
if [ "$recorded_graphviz" != "$graphviz" ]; then
    echo "instructions: the figures were recorded with Graphviz $recorded_graphviz, this is $graphviz: not compared"
    exit 0
fi
status=0
for pair in "svg $svg" "png-gif $png"; do
    set -- $pair
    recorded=$(awk -v n="$1" '$1 == n { print $2 }' "$FIGURES")
    change=$(python3 -c "print('%+.1f' % (100.0 * ($2 - $recorded) / $recorded))")
    if python3 -c "import sys; sys.exit(0 if $2 > $recorded * (1 + $LIMIT / 100.0) else 1)"; then
        echo "instructions: $1: $2, $change% over the recorded $recorded: more than $LIMIT% (Scripts/instruction-counts.sh says how to look)" >&2
        status=1
    else
        echo "instructions: $1: $2 ($change% against the recorded $recorded)"
        if python3 -c "import sys; sys.exit(0 if $2 < $recorded * (1 - $LIMIT / 100.0) else 1)"; then
            echo "instructions: $1 is more than $LIMIT% under the recorded figure: record it anew (make instructions RECORD=1) to keep the guard tight"
        fi
    fi
done
exit $status
