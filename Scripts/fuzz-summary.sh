#!/usr/bin/env bash
# One line summing up a libFuzzer run of `make fuzz`: TARGET DIR SECONDS [BEFORE], from DIR/log (the
# run's final statistics, -print_final_stats=1) and DIR/crashes/. The log is read as text
# (grep -a) though it holds bytes of the inputs: Graphviz's warnings quote them.
set -euo pipefail
target=$1 dir=$2 seconds=$3
# BEFORE: how many files DIR/crashes/ held before the run (earlier runs' findings, not this one's).
before=${4:-0}
log=$dir/log
# The last status line (DONE, or the last NEW/REDUCE/pulse line when the run ends without one).
done_line=$(grep -aE '^#[0-9]+:?[[:space:]].* cov: ' "$log" | tail -1 || true)
stat() { { grep -aE "^stat::$1:" "$log" || true; } | tail -1 | awk '{print $2}'; }
field() { sed -nE "s/.* $1: ([0-9]+).*/\\1/p" <<<"$done_line"; }
corpus=$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<<"$done_line")
findings=$(( $(find "$dir/crashes" -type f | wc -l) - before ))
[ "$before" -gt 0 ] && findings="$findings ($before from earlier runs in $dir/crashes/)"
printf 'fuzz: %s: %s runs in %s s (%s a second), cov %s, ft %s, corpus %s inputs, peak RSS %s MB, findings %s\n' \
    "$target" "$(stat number_of_executed_units)" "$seconds" "$(stat average_exec_per_sec)" \
    "$(field cov)" "$(field ft)" "$corpus" "$(stat peak_rss_mb)" "$findings"
