#!/usr/bin/env bash
# Mutation testing of the plain 2048 reference (the brute force `stress`
# trusts, crates/boardsolve-core/src/puzzles/game2048/reference.rs): every
# mutant cargo-mutants makes of the code the reference runs with no
# mistake is built once and run by the reference oracle
# (crates/boardsolve-core/tests/reference_oracle.rs) on every data set
# under DATA (written by scripts/mutation-data.sh), which appends one line
# a data set to OUT/sets.log. Each mutant's test binary is kept in
# OUT/bins/, for scripts/mutation-rerun.sh to run on more data sets
# without building it again. scripts/mutation-score.py then gives each
# data set its score. Needs `cargo install --locked cargo-mutants`.
#
#   scripts/mutation-2048.sh DATA OUT [JUDGES]     (JUDGES: 12100,12094 by default)
#
# Left out, as no mutant of the correct reference: the arms of the
# catalogue's mistakes (`Some(Mistake::…)` in move_line, answer, shift and
# step) and the functions only a mistake calls (greedy, bounded,
# shift_marked); and the functions the reference's answer never calls
# (slide, answer_in, restricted, first_sequence, first). The line numbers
# are those of the mistake arms in reference.rs: `--list` shows what is
# kept (65 mutants).
#
# Low priority, one mutant at a time and two build jobs: the machine is
# shared. BOARDSOLVE_ORACLE_MAX_WORK (see the oracle) bounds the cases run.
set -euo pipefail
data=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
judges=${3:-12100,12094}
cd "$(dirname "$0")/.."
file=crates/boardsolve-core/src/puzzles/game2048/reference.rs
exclusions=(
    -E ' in (slide|answer_in|restricted|greedy|bounded|first_sequence|first|shift_marked)$'
    -E 'replace (slide|answer_in|restricted|greedy|bounded|first_sequence|first|shift_marked) '
    -E 'delete match arm Some\(Mistake::'
    -E 'reference\.rs:(7[0-9]|8[0-9]|9[0-9]|10[0-9]|155|168|269|330|333|334):'
)
# The line numbers above hold the mistake arms only while reference.rs
# keeps its shape: refuse to run when a line is no longer where it was.
expect() {
    sed -n "$1p" "$file" | grep -qF -- "$2" ||
        { echo "$file:$1 is not '$2' any more: update the exclusions" >&2; exit 2; }
}
expect 69 'Some(Mistake::MergeAgain) => {'
expect 111 'None'
expect 155 'Some(Mistake::OneMoveLong) => moves + 1,'
expect 168 'Some(Mistake::MergeMarksKept) =>'
expect 269 'Some(Mistake::RightDownFromFarSide) if dir % 2 == 1'
expect 330 'Some(Mistake::LeftUpOnly) if dir % 2 == 1'
expect 332 'Some(Mistake::NoRepeatMove) => {'
export BOARDSOLVE_MUTATION_DATA=$data
export BOARDSOLVE_MUTATION_LOG=$out/sets.log
export BOARDSOLVE_ORACLE_JUDGES=$judges
export BOARDSOLVE_MUTATION_KEEP=$out/bins
export CARGO_BUILD_JOBS=2
: > "$out/sets.log"
cp "$file" "$out/reference.rs.orig"
status=0
nice -n 15 cargo mutants -p boardsolve-core -f "$file" "${exclusions[@]}" \
    -j 1 --no-shuffle --timeout "${TIMEOUT:-120}" -o "$out" \
    --cargo-arg=--test=reference_oracle || status=$?
# cargo-mutants exits 2 when some mutants are missed, 3 on timeouts:
# those are results, not failures of the run.
case $status in 0 | 2 | 3) ;; *) exit "$status" ;; esac
