#!/usr/bin/env bash
# One libFuzzer target of `make fuzz`: TARGET, with the settings make passes in the
# environment (FUZZ_WORK, FUZZ_SECONDS, FUZZ_RUNS, FUZZ_GRAPHVIZ_SECONDS, FUZZ_FLAGS,
# FUZZ_ASAN_OPTIONS). It starts from a copy of Fuzz/Corpus/TARGET and Fuzz/Regressions/TARGET
# in $FUZZ_WORK/TARGET/corpus, logs to $FUZZ_WORK/TARGET/log and prints one line summing the
# run up (Scripts/fuzz-summary.sh). On a finding it prints the log's tail and the input's
# name, and exits 1. `make fuzz` runs several at once (FUZZ_JOBS), each on a core of its own,
# each in its own folder (libFuzzer's -jobs writes fuzz-N.log files where it runs).
set -euo pipefail
t=$1
root=$(pwd)
dir=$FUZZ_WORK/$t
mkdir -p "$dir/corpus" "$dir/crashes"
# The seeds and the inputs it once crashed on, each copied where the corpus lacks it (cp -n
# exits 1 on a skipped file in some coreutils, and in BSD's).
for f in Fuzz/Corpus/"$t"/* Fuzz/Regressions/"$t"/*; do
    [ -f "$f" ] || continue
    [ -e "$dir/corpus/${f##*/}" ] || cp "$f" "$dir/corpus/"
done
# The graphviz target runs without LeakSanitizer (libgvc's own leaks, docs/security.md) and
# for a time by default; the others for a number of runs. FUZZ_SECONDS sets a time for all.
case $t in
    graphviz) leaks=detect_leaks=0; budget=-max_total_time=${FUZZ_SECONDS:-$FUZZ_GRAPHVIZ_SECONDS};;
    *) leaks=detect_leaks=1
       if [ -n "${FUZZ_SECONDS:-}" ]; then budget=-max_total_time=$FUZZ_SECONDS; else budget=-runs=$FUZZ_RUNS; fi;;
esac
echo "fuzz: $t ($budget), corpus $dir/corpus, crashes to $dir/crashes/"
before=$(find "$dir/crashes" -type f | wc -l)
start=$(date +%s)
cd "$dir"
# shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=$leaks${FUZZ_ASAN_OPTIONS:+:$FUZZ_ASAN_OPTIONS} nice -n 5 "$root/Fuzz/.build/debug/fuzz-$t" \
        "$budget" -timeout=10 -rss_limit_mb=2048 -dict="$root/Fuzz/navviz.dict" -artifact_prefix=crashes/ \
        -print_final_stats=1 ${FUZZ_FLAGS:-} corpus 2>log; then
    tail -40 log
    echo "fuzz: $t found $(ls crashes) (in $dir/crashes/)"
    exit 1
fi
cd "$root"
Scripts/fuzz-summary.sh "$t" "$dir" $(( $(date +%s) - start )) "$before"
