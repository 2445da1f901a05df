#!/usr/bin/env bash
# Runs the reference oracle binaries scripts/mutation-reference.sh kept
# (one a mutant that built, and the unmutated one) on the data sets of
# JUDGES under DATA, appending their lines to OUT/sets.log as the first
# run did: the same mutants scored on more data without building any of
# them again.
# Each binary is stopped after TIMEOUT seconds (default 600); a binary
# stopped so, or dying, leaves lines for the sets it finished only; its
# exit status (124 when stopped) is in OUT/rerun-JUDGES.status, for
# scripts/mutation-score.py.
#
#   scripts/mutation-rerun.sh DATA OUT JUDGES      (e.g. 12094)
set -euo pipefail
data=$(realpath "$1")
out=$(realpath "$2")
judges=$3
export BOARDSOLVE_MUTATION_DATA=$data
export BOARDSOLVE_MUTATION_LOG=$out/sets.log
export BOARDSOLVE_ORACLE_JUDGES=$judges
statuses=$out/rerun-$judges.status
: > "$statuses"
for bin in "$out"/bins/*.bin; do
    status=0
    nice -n 15 timeout "${TIMEOUT:-600}" "$bin" --exact \
        the_plain_references_give_the_fast_solvers_answers > /dev/null 2>&1 || status=$?
    echo "$(basename "$bin" .bin) $status" >> "$statuses"
done
