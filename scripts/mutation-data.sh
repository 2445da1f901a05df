#!/usr/bin/env bash
# Writes the data sets the reference oracle (`crates/boardsolve-core/tests/
# reference_oracle.rs`) measures mutants of the plain references with: for
# each JUDGE, one folder of `X.in` with `X.ans` per data set,
#
#   OUT/JUDGE/samples       boardsolve samples JUDGE
#   OUT/JUDGE/killers-S     boardsolve gen JUDGE --seed S --killers, S = 1..5
#   OUT/JUDGE/package-S     data/sample and data/secret of
#                           boardsolve package JUDGE --seed S, S = 1..10
#                           (for a judge's number: `package` needs one)
#
# The answers are the fast solver's (the binary's own). Every file is made
# by BINARY, so the same commit gives the same data; a data set already
# written is kept, so an interrupted run can be resumed. `package 12094`
# takes minutes of CPU a seed, hence the lowest priority.
#
#   scripts/mutation-data.sh OUT [JUDGE...]      (default judges: 12100 12094;
#                                                 the others: 17825 92345 14600 14601)
#
# BINARY (environment) defaults to target/release/boardsolve: build it first
# with `cargo build --release`.
set -euo pipefail
out=$1
shift
judges=("$@")
[ ${#judges[@]} -gt 0 ] || judges=(12100 12094)
bin=${BINARY:-target/release/boardsolve}
cd "$(dirname "$0")/.."
bin=$(realpath "$bin")
mkdir -p "$out"
out=$(realpath "$out")
run() { nice -n 19 "$bin" "$@" > /dev/null; }

# A data set is written to a temporary folder beside its place and renamed
# into place once complete, so a folder that exists is a finished one.
for judge in "${judges[@]}"; do
    mkdir -p "$out/$judge"
    dest=$out/$judge/samples
    if [ ! -d "$dest" ]; then
        tmp=$(mktemp -d "$dest.XXXX")
        run samples "$judge" --out-dir "$tmp"
        for f in "$tmp"/*.out; do mv "$f" "${f%.out}.ans"; done
        mv "$tmp" "$dest"
    fi
    for seed in 1 2 3 4 5; do
        dest=$out/$judge/killers-$seed
        [ ! -d "$dest" ] || continue
        tmp=$(mktemp -d "$dest.XXXX")
        run gen "$judge" --seed "$seed" --killers --out-dir "$tmp"
        for f in "$tmp"/*.out; do mv "$f" "${f%.out}.ans"; done
        mv "$tmp" "$dest"
    done
    # A puzzle's own name has no judge, so no package: its samples and
    # killer sets only (tromino's placement order is such a contract).
    case $judge in
    2048 | yut | tromino | footholds) seeds=() ;;
    *) seeds=(1 2 3 4 5 6 7 8 9 10) ;;
    esac
    for seed in "${seeds[@]}"; do
        dest=$out/$judge/package-$seed
        [ ! -d "$dest" ] || continue
        tmp=$(mktemp -d "$dest.XXXX")
        # A stated time limit skips the measuring runs; the data is the same.
        run package "$judge" --seed "$seed" --time-limit 1 --out-dir "$tmp/pkg"
        for kind in sample secret; do
            for f in "$tmp/pkg/data/$kind"/*.in; do
                base=$(basename "$f" .in)
                cp "$f" "$tmp/$kind-$base.in"
                cp "${f%.in}.ans" "$tmp/$kind-$base.ans"
            done
        done
        rm -rf "$tmp/pkg"
        mv "$tmp" "$dest"
    done
    echo "$judge: $(find "$out/$judge" -name '*.in' | wc -l) cases in $out/$judge"
done
