#!/usr/bin/env bash
# Compares two boardsolve binaries command by command: stdout, exit status
# and written pictures must be byte-identical on the bundled examples, the
# golden cases, the invalid-input corpus (stderr too) and generated
# instances of every entry. Used before and after a restructuring that
# must not change behaviour.
#
#   scripts/compare-binaries.sh OLD_BINARY NEW_BINARY [SEEDS]
#
# SEEDS (default 150) is the number of generated instances per entry and
# shape. Prints one line per difference and a summary; exit 1 on any
# difference.
set -uo pipefail
old=$1 new=$2 seeds=${3:-150}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0 differed=0

# run_both NAME STDIN_FILE ARGS...: runs both binaries, compares stdout,
# status and (with COMPARE_STDERR=1) stderr.
run_both() {
    local input=$1; shift
    "$old" "$@" < "$input" > "$work/o.out" 2> "$work/o.err"; local so=$?
    "$new" "$@" < "$input" > "$work/n.out" 2> "$work/n.err"; local sn=$?
    compared=$((compared + 1))
    if [ $so != $sn ] || ! cmp -s "$work/o.out" "$work/n.out" ||
        { [ "${COMPARE_STDERR:-0}" = 1 ] && ! cmp -s "$work/o.err" "$work/n.err"; }; then
        differed=$((differed + 1))
        echo "DIFF: $* < $input (status $so vs $sn)"
        diff <(head -c 2000 "$work/o.out"; head -c 500 "$work/o.err") \
             <(head -c 2000 "$work/n.out"; head -c 500 "$work/n.err") | head -8
    fi
}

# solve_all ENTRY INPUT: every output mode the entry takes.
solve_all() {
    local entry=$1 input=$2
    run_both "$input" solve "$entry"
    case $entry in
        tromino|14600|14601)
            "$old" solve "$entry" "$input" > "$work/answer" 2>/dev/null &&
                run_both /dev/null check "$entry" "$input" "$work/answer" &&
                run_both /dev/null check "$entry" "$input" "$work/answer" --order
            ;;
        *)
            run_both "$input" solve "$entry" --explain
            run_both "$input" solve "$entry" --json
            "$old" solve "$entry" "$input" > "$work/answer" 2>/dev/null &&
                run_both /dev/null check "$entry" "$input" "$work/answer"
            ;;
    esac
    case $entry in
        yut|17825|tromino|14600|14601)
            "$old" solve "$entry" --svg "$work/o.svg" "$input" > /dev/null 2>&1
            "$new" solve "$entry" --svg "$work/n.svg" "$input" > /dev/null 2>&1
            compared=$((compared + 1))
            if ! cmp -s "$work/o.svg" "$work/n.svg"; then
                differed=$((differed + 1)); echo "DIFF: --svg $entry $input"
            fi
            rm -f "$work/o.svg" "$work/n.svg"
            ;;
    esac
}

entry_of_dir() {
    case $1 in 2048) echo 2048;; yut) echo yut;; footholds) echo footholds;; tromino) echo tromino;; esac
}

# The bundled examples and golden cases.
for dir in examples/* tests/data/2048 tests/data/yut tests/data/footholds tests/data/tromino; do
    entry=$(entry_of_dir "$(basename "$dir")")
    for input in "$dir"/*.in "$dir"/*.json; do
        [ -f "$input" ] || continue
        case $input in *boj14601*) solve_all 14601 "$input";; *) solve_all "$entry" "$input";; esac
    done
done

# The invalid-input corpus: refusals must match, message and all.
for input in tests/data/invalid/*/*; do
    case $input in *.in) ;; *) continue;; esac
    entry=$(basename "$(dirname "$input")")
    COMPARE_STDERR=1 run_both "$input" solve "$entry"
done

# Generated instances of every entry, plain and hard, at several sizes.
gen_and_solve() {
    local entry=$1; shift
    for seed in $(seq 1 "$seeds"); do
        run_both /dev/null gen "$entry" --seed "$seed" "$@"
        "$new" gen "$entry" --seed "$seed" "$@" > "$work/case.in" 2>/dev/null || continue
        solve_all "$entry" "$work/case.in"
    done
}
for entry in 2048 12100 12094; do
    gen_and_solve "$entry"
    gen_and_solve "$entry" --hard
done
gen_and_solve 2048 --n 12 --density 0.9 --max-tile 64
for entry in yut 17825; do
    gen_and_solve "$entry"
    gen_and_solve "$entry" --hard
done
gen_and_solve yut --dice 40
for entry in tromino 14600 14601; do
    gen_and_solve "$entry"
    gen_and_solve "$entry" --hard
done
gen_and_solve tromino --n 10
for entry in footholds 92345; do
    gen_and_solve "$entry"
    gen_and_solve "$entry" --hard
done
gen_and_solve footholds --rows 5 --cols 5 --density 0.9
# gen into a directory, and refusals of size options.
for entry in 2048 yut tromino footholds; do
    "$old" gen "$entry" --seed 9 --count 30 --out-dir "$work/o-gen" > /dev/null 2>&1
    "$new" gen "$entry" --seed 9 --count 30 --out-dir "$work/n-gen" > /dev/null 2>&1
    compared=$((compared + 1))
    diff -r "$work/o-gen" "$work/n-gen" > /dev/null || { differed=$((differed + 1)); echo "DIFF: gen --out-dir $entry"; }
    rm -rf "$work/o-gen" "$work/n-gen"
    COMPARE_STDERR=1 run_both /dev/null gen "$entry" --seed 1 --dice 3 --n 4
done

echo "$compared comparisons, $differed differences"
[ "$differed" = 0 ]
