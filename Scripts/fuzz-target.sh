#!/usr/bin/env bash
# One libFuzzer target of `make fuzz`: TARGET, with the settings make passes in the
# environment (FUZZ_WORK, FUZZ_SECONDS, FUZZ_RUNS, FUZZ_GRAPHVIZ_SECONDS, FUZZ_FLAGS,
# FUZZ_ASAN_OPTIONS). It starts from a copy of Fuzz/Corpus/TARGET and Fuzz/Regressions/TARGET
# in $FUZZ_WORK/TARGET/corpus, logs to $FUZZ_WORK/TARGET/log and prints one line summing the
# run up (Scripts/fuzz-summary.sh). On a finding it prints the log's tail and the input's
# name, and exits 1. `make fuzz` runs several at once (FUZZ_JOBS), each on a core of its own.
set -euo pipefail
t=$1
dir=$FUZZ_WORK/$t
mkdir -p "$dir/corpus" "$dir/crashes"
cp -n Fuzz/Corpus/"$t"/* "$dir/corpus/"
if [ -d Fuzz/Regressions/"$t" ]; then cp -n Fuzz/Regressions/"$t"/* "$dir/corpus/"; fi
# The graphviz target runs without LeakSanitizer (libgvc's own leaks, docs/security.md) and
# for a time by default; the others for a number of runs. FUZZ_SECONDS sets a time for all.
case $t in
    graphviz) leaks=detect_leaks=0; budget=-max_total_time=${FUZZ_SECONDS:-$FUZZ_GRAPHVIZ_SECONDS};;
    *) leaks=detect_leaks=1
       if [ -n "${FUZZ_SECONDS:-}" ]; then budget=-max_total_time=$FUZZ_SECONDS; else budget=-runs=$FUZZ_RUNS; fi;;
esac
echo "fuzz: $t ($budget), corpus $dir/corpus, crashes to $dir/crashes/"
start=$(date +%s)
# shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=$leaks${FUZZ_ASAN_OPTIONS:+:$FUZZ_ASAN_OPTIONS} nice -n 5 Fuzz/.build/debug/fuzz-"$t" \
        "$budget" -timeout=10 -rss_limit_mb=2048 -dict=Fuzz/navviz.dict -artifact_prefix="$dir/crashes/" \
        -print_final_stats=1 ${FUZZ_FLAGS:-} "$dir/corpus" 2>"$dir/log"; then
    tail -40 "$dir/log"
    echo "fuzz: $t found $(ls "$dir/crashes")"
    exit 1
fi
Scripts/fuzz-summary.sh "$t" "$dir" $(( $(date +%s) - start ))
