#!/usr/bin/env bash
# Compares two boardsolve binaries command by command: stdout, exit status
# and written pictures must be byte-identical on the bundled examples, the
# golden cases, the invalid-input corpus (stderr too) and generated
# instances of every entry; and every other command, error paths
# included: help, completions and the manual; samples, validate, audit,
# gen --killers and package; test and stress with a right and a wrong
# program, their times and peaks masked. Used before and after a
# restructuring that must not change behaviour.
#
#   scripts/compare-binaries.sh OLD_BINARY NEW_BINARY [SEEDS]
#
# SEEDS (default 150) is the number of generated instances per entry and
# shape. Prints one line per difference and a summary; exit 1 on any
# difference.
set -uo pipefail
seeds=${3:-150}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Both under the name `boardsolve`, which help and usage lines show.
mkdir "$work/old" "$work/new"
ln -s "$(realpath "$1")" "$work/old/boardsolve"
ln -s "$(realpath "$2")" "$work/new/boardsolve"
old=$work/old/boardsolve new=$work/new/boardsolve
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

# same_tree NAME OLD_DIR NEW_DIR: one comparison of two written trees.
same_tree() {
    compared=$((compared + 1))
    if ! diff -r "$2" "$3" > "$work/tree.diff" 2>&1; then
        differed=$((differed + 1)); echo "DIFF: $1"; head -8 "$work/tree.diff"
    fi
}

# Every command's help, the completions and the manual.
run_both /dev/null --help
run_both /dev/null --version
for command in solve check gen stress test validate audit samples package completions man help; do
    run_both /dev/null "$command" --help
    run_both /dev/null help "$command"
done
for shell in bash zsh fish; do run_both /dev/null completions "$shell"; done
run_both /dev/null man
COMPARE_STDERR=1 run_both /dev/null frobnicate
COMPARE_STDERR=1 run_both /dev/null solve
COMPARE_STDERR=1 run_both /dev/null solve nosuch examples/2048/sample.in
COMPARE_STDERR=1 run_both /dev/null solve yut --moves 3 examples/yut/sample.in
COMPARE_STDERR=1 run_both /dev/null check 12100 examples/2048/sample.in /nonexistent
printf '0\n' > "$work/wrong.out"
for entry in 12100 17825 92345; do
    case $entry in 12100) input=examples/2048/sample.in;; 17825) input=examples/yut/sample.in;; *) input=examples/footholds/sample.in;; esac
    COMPARE_STDERR=1 run_both /dev/null check "$entry" "$input" "$work/wrong.out"
done
COMPARE_STDERR=1 run_both /dev/null check 14601 examples/tromino/sample.in "$work/wrong.out"

# samples, gen --killers and package write trees; validate and audit read
# them. A package's time limit is measured, so its lines are masked.
for entry in 2048 12100 12094 yut 17825 tromino 14600 14601 footholds 92345; do
    "$old" samples "$entry" --out-dir "$work/o-s" > "$work/o-said" 2>&1; echo "status $?" >> "$work/o-said"
    "$new" samples "$entry" --out-dir "$work/n-s" > "$work/n-said" 2>&1; echo "status $?" >> "$work/n-said"
    mv "$work/o-said" "$work/o-s/said"; mv "$work/n-said" "$work/n-s/said"
    same_tree "samples $entry" "$work/o-s" "$work/n-s"
    COMPARE_STDERR=1 run_both /dev/null validate "$entry" "$work/n-s"
    COMPARE_STDERR=1 run_both /dev/null audit "$entry" "$work/n-s"
    rm -rf "$work/o-s" "$work/n-s"
done
for entry in 12100 17825 14600 14601 92345; do
    "$old" gen --killers "$entry" --seed 3 --out-dir "$work/o-k" > "$work/o-k.txt" 2>&1
    "$new" gen --killers "$entry" --seed 3 --out-dir "$work/n-k" > "$work/n-k.txt" 2>&1
    cp "$work/o-k.txt" "$work/o-k/said"; cp "$work/n-k.txt" "$work/n-k/said"
    same_tree "gen --killers $entry" "$work/o-k" "$work/n-k"
    COMPARE_STDERR=1 run_both /dev/null audit "$entry" "$work/n-k"
    rm -rf "$work/o-k" "$work/n-k" "$work/o-k.txt" "$work/n-k.txt"
done
for entry in 12100 92345; do
    # Each written to the same folder, then moved: a package's uuid comes
    # from its folder.
    "$old" package "$entry" --seed 1 --out-dir "$work/p" > /dev/null 2>&1
    mv "$work/p" "$work/o-p"
    "$new" package "$entry" --seed 1 --out-dir "$work/p" > /dev/null 2>&1
    mv "$work/p" "$work/n-p"
    for tree in "$work/o-p" "$work/n-p"; do
        [ -f "$tree/problem.yaml" ] && sed -i -E -e 's/(time_limit|time_multipliers|time_resolution|[a-z_]*time[a-z_]*):.*/\1: MASKED/' \
            -e 's/^( *# (slowest accepted|also accepted)).*/\1 MASKED/' "$tree/problem.yaml"
        find "$tree" -name '*.md' -exec sed -i -E 's/[0-9]+(\.[0-9]+)? ?(ms|s)\b/T/g' {} +
    done
    same_tree "package $entry" "$work/o-p" "$work/n-p"
    rm -rf "$work/o-p" "$work/n-p"
done
COMPARE_STDERR=1 run_both /dev/null package 99999 --out-dir "$work/none"

# test and stress: the same programs judged by both binaries, with the
# measured numbers (times, peaks) masked.
masked() {
    sed -E -e '/^(slowest|largest peak)/d' \
        -e 's/"(cpu_ms|wall_ms|peak_kib)": [0-9]+/"\1": N/g' \
        -e 's/[0-9]+(\.[0-9]+)? ?(ms|s|KiB|MiB|GiB|B)\b/N/g' \
        -e 's/^([A-Z]{2,3}) +[0-9]+ +[0-9]+ +N /\1 N N N /' "$1"
}
run_masked() {
    "$old" "$@" < /dev/null > "$work/o.out" 2> "$work/o.err"; local so=$?
    "$new" "$@" < /dev/null > "$work/n.out" 2> "$work/n.err"; local sn=$?
    compared=$((compared + 1))
    if [ $so != $sn ] || ! cmp -s <(masked "$work/o.out"; masked "$work/o.err") \
                                  <(masked "$work/n.out"; masked "$work/n.err"); then
        differed=$((differed + 1)); echo "DIFF: $* (status $so vs $sn)"
        diff <(masked "$work/o.out"; masked "$work/o.err") <(masked "$work/n.out"; masked "$work/n.err") | head -8
    fi
}
mkdir -p "$work/cases"
"$new" gen 12100 --seed 5 --count 12 --out-dir "$work/cases" > /dev/null 2>&1
"$new" solve 12100 --out-dir "$work/cases" "$work"/cases/*.in > /dev/null 2>&1
right=("$new" solve 12100)
run_masked test 12100 "$work/cases" -- "${right[@]}"
run_masked test 12100 "$work/cases" --json -- "${right[@]}"
run_masked test 12100 "$work/cases" -- sh -c 'echo 2'
run_masked test 12100 "$work/cases" -- sh -c 'echo oops >&2; exit 3'
run_masked test 12100 "$work/nonexistent" -- sh -c 'echo 2'
run_masked stress 12100 --cases 40 --seed 2 -- "${right[@]}"
run_masked stress 12100 --cases 40 --seed 2 --diagnose -- sh -c 'echo 2'
run_masked stress 17825 --cases 20 --seed 2 --diagnose -- sh -c 'echo 0'
run_masked stress 92345 --cases 20 --seed 2 -- sh -c 'echo 1'
run_masked stress 14601 --cases 10 --seed 2 -- sh -c 'echo -1'
run_masked audit 12100 "$work/cases"

echo "$compared comparisons, $differed differences"
[ "$differed" = 0 ]
