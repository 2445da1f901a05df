#!/usr/bin/env bash
# Times `boardsolve solve footholds` on a full ROWS×COLS board for every
# start pair (A over the top-left quarter, which covers the others by the
# board's mirror symmetries; B anywhere), one process per pair, and prints
# the slowest pair and the largest peak RSS, each as measured by
# /usr/bin/time. This is the user's view: parse, solve, print. Time is CPU
# time (user + system; the solver runs on one thread), which other
# processes on a shared machine disturb far less than the wall clock.
#
#   scripts/footholds-pairs.sh ROWS COLS [BINARY]
#
# BINARY defaults to target/release/boardsolve (build it first). Prints one
# line per pair to stderr with --verbose as a fourth argument.
set -euo pipefail
rows=$1 cols=$2 bin=${3:-target/release/boardsolve} verbose=${4:-}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ones=$(printf '1 %.0s' $(seq "$cols"))
worst_time=0 worst_time_pair= worst_rss=0 worst_rss_pair= pairs=0 total=0
for ((ar = 0; ar < (rows + 1) / 2; ar++)); do
    for ((ac = 0; ac < (cols + 1) / 2; ac++)); do
        for ((br = 0; br < rows; br++)); do
            for ((bc = 0; bc < cols; bc++)); do
                {
                    echo "$rows $cols"
                    for ((r = 0; r < rows; r++)); do echo "$ones"; done
                    echo "$ar $ac $br $bc"
                } > "$work/in"
                /usr/bin/time -f '%U %S %M' -o "$work/time" "$bin" solve footholds "$work/in" > "$work/out"
                read -r user sys kb < "$work/time"
                secs=$(echo "$user + $sys" | bc)
                pair="A ($ar, $ac) B ($br, $bc)"
                [ -n "$verbose" ] && echo "$pair: $(cat "$work/out") moves, $secs s, $kb KB" >&2
                pairs=$((pairs + 1))
                total=$(echo "$total + $secs" | bc)
                if [ "$(echo "$secs > $worst_time" | bc)" = 1 ]; then
                    worst_time=$secs worst_time_pair=$pair
                fi
                if [ "$kb" -gt "$worst_rss" ]; then
                    worst_rss=$kb worst_rss_pair=$pair
                fi
            done
        done
    done
done
echo "${rows}×${cols} full board, $pairs start pairs, $total s CPU in all:" \
    "slowest $worst_time s ($worst_time_pair), largest peak RSS $((worst_rss / 1024)) MB ($worst_rss_pair)"
