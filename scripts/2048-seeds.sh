#!/usr/bin/env bash
# Times `boardsolve solve 2048` at K moves on COUNT seeded dense 20×20
# boards of blocks from 2 to 1024: the first COUNT seeds S = 1, 2, ... whose
# `boardsolve gen 2048 --seed S --n 20 --density 1` has a 1024 (the others
# draw their blocks from 2 to 8 only, and take milliseconds); one process a board, each stopped after LIMIT (`--time-limit`), and
# prints one line a board (the answer, or the bounds proven when stopped;
# wall and CPU seconds; peak RSS), then the median and largest wall time
# and how many boards finished within 10 s and within LIMIT. Times are
# measured by /usr/bin/time; set BOARDSOLVE_SIMD=off for the portable path.
#
#   scripts/2048-seeds.sh K LIMIT COUNT [BINARY]
#
# BINARY defaults to target/release/boardsolve (build it first).
set -euo pipefail
moves=$1 limit=$2 count=$3 bin=${4:-target/release/boardsolve}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
walls=()
within10=0 finished=0
seed=0 boards=0
while ((boards < count)); do
    seed=$((seed + 1))
    "$bin" gen 2048 --seed "$seed" --n 20 --density 1 > "$work/in"
    grep -qw 1024 "$work/in" || continue
    boards=$((boards + 1))
    status=0
    args=(solve 2048 --moves "$moves")
    [ "$limit" = - ] || args+=(--time-limit "$limit")
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin" "${args[@]}" "$work/in" \
        > "$work/out" 2> "$work/err" || status=$?
    read -r wall user sys rss < <(tail -n 1 "$work/time")
    case $status in
        0) result=$(cat "$work/out"); finished=$((finished + 1)) ;;
        3) result=$(sed 's/^no exact answer within [^:]*: //' "$work/err") ;;
        *) echo "seed $seed: status $status: $(cat "$work/err")" >&2; exit 1 ;;
    esac
    if [ "$status" = 0 ] && awk -v w="$wall" 'BEGIN { exit !(w <= 10) }'; then
        within10=$((within10 + 1))
    fi
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf 'seed %2d: %-30s %7.2f s wall %7s s CPU %6d MB\n' \
        "$seed" "$result" "$wall" "$cpu" $((rss / 1024))
    walls+=("$wall")
done
printf '%s\n' "${walls[@]}" | sort -g | awk -v n="$count" -v f="$finished" \
    -v t="$within10" -v l="$limit" -v k="$moves" '
    { w[NR] = $1 }
    END {
        median = (n % 2) ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2
        if (l == "-") l = "no limit"
        printf "K = %s: median %.2f s wall, largest %.2f s; %d of %d finished within 10 s, %d within %s\n",
            k, median, w[n], t, n, f, l
    }'
