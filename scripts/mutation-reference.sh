#!/usr/bin/env bash
# Mutation testing of the plain reference of yut, footholds or tromino
# (the brute force `stress` trusts, crates/boardsolve-core/src/puzzles/
# PUZZLE/reference.rs), as scripts/mutation-2048.sh does it for 2048:
# every mutant cargo-mutants makes of the code the reference runs with no
# mistake is built once and run by the reference oracle
# (crates/boardsolve-core/tests/reference_oracle.rs) on every data set of
# the puzzle's judges under DATA (written by scripts/mutation-data.sh),
# which appends one line a data set to OUT/sets.log. Each mutant's test
# binary is kept in OUT/bins/ (for scripts/mutation-rerun.sh), and
# scripts/mutation-score.py OUT gives each data set its score. Needs
# `cargo install --locked cargo-mutants`.
#
#   scripts/mutation-reference.sh PUZZLE DATA OUT [JUDGES]
#
# PUZZLE is yut (judge 17825), footholds (92345) or tromino (14600,14601
# by default; JUDGES `tromino` for its placement order, which has no judge).
#
# Left out, as no mutant of the correct reference (the code never runs
# without a mistake, so no data can tell a mutant of it from the
# reference), and listed in the puzzle's docs page:
#   - the arms of the catalogue's mistakes and what only they run: the
#     functions only a mistake calls, the guards of `Some(Mistake::…)`
#     arms, the body of an `if mistake == …` block, and the right operand
#     of `mistake == Some(…) && x`, which `&&` never evaluates when the
#     left one is false;
#   - the public helpers the reference's answer never calls.
# The line numbers hold while reference.rs keeps its shape: the script
# refuses to run when a line excluded is no longer what it was, and
# `cargo mutants --list` with the same expressions shows what is kept.
#
# Low priority (nice 19), one mutant at a time and one build job: the
# machine is shared. CARGO_TARGET_DIR, when set, is the target of every
# build (a warm one saves the first build's minutes).
set -euo pipefail
puzzle=$1
data=$(realpath "$2")
out=$(realpath -m "$3")
cd "$(dirname "$0")/.."
file=crates/boardsolve-core/src/puzzles/$puzzle/reference.rs
expect() {
    sed -n "$1p" "$file" | grep -qF -- "$2" ||
        { echo "$file:$1 is not '$2' any more: update the exclusions" >&2; exit 2; }
}
case $puzzle in
yut)
    judges=${4:-17825}
    exclusions=(
        # The first-arrival searches (their own board numbering) and the
        # test of a stalling mistake run only with a mistake.
        -E ' in (number|first_arrival)$'
        -E 'replace (number|first_arrival|Mistake::stalls) '
        -E 'delete match arm Some\(Mistake::'
        # place: the guards of the mistake arms.
        -E 'reference\.rs:(167|169|170):'
        # The right operands of `mistake == Some(…) && …`.
        -E 'reference\.rs:(127:57|142:89|145:73|151:61|200:53|206:81):'
    )
    expect 82 'matches!('
    expect 127 'mistake == Some(Mistake::FortyStuck) && value(p) == 40'
    expect 142 'mistake == Some(Mistake::PassingFortyScores) && value(p) != 40'
    expect 145 'mistake == Some(Mistake::BlueWhenPassing) && step < die'
    expect 151 'mistake == Some(Mistake::FortyFinishes) && value(at) == 40'
    expect 167 'Some(Mistake::ThirtyIsOneSquare) if v == 30'
    expect 168 'Some(Mistake::CellByNumber)'
    expect 169 'Some(Mistake::FortyPerRoute) if v == 40'
    expect 170 'Some(Mistake::CentrePerRoute) if centre && v != 40'
    expect 199 'mistake == Some(Mistake::FinishOccupied)'
    expect 200 '&& others.clone().any(|j| pieces[j] == DONE)'
    expect 206 'mistake == Some(Mistake::FortyNotOccupied) && at.1 == 40'
    ;;
footholds)
    judges=${4:-92345}
    exclusions=(
        # outcome: the search from any position, for the fast solver's
        # tests; the answer calls play directly.
        -E 'replace outcome '
        # neighbour: the body of `if mistake == NegativeIndexWraps`.
        -E 'reference\.rs:(80|81|83|84):'
        # play: `mistake == Some(OpponentCellBlocked) && to == you`.
        -E 'reference\.rs:106:86:'
    )
    expect 78 'if mistake == Some(Mistake::NegativeIndexWraps) {'
    expect 80 'if r < 0 {'
    expect 84 'c += cols;'
    expect 86 '}'
    expect 106 '(mistake == Some(Mistake::OpponentCellBlocked) && to == you)'
    ;;
tromino)
    judges=${4:-14600,14601}
    exclusions=(
        # The exhaustive tileability search, for the tests of the
        # generator and the checker; the answer never calls it.
        -E ' in (tileable|cover)$'
        -E 'replace (tileable|cover) '
        # answer: the hole where a mistake believes it is, the quadrant
        # order of a mistake; solve: the body of `if mistake ==
        # QuadrantOffByOne`, the labels of two mistakes.
        -E 'reference\.rs:(94|96|97|99|105|164|188|189):'
    )
    expect 94 '(Some(Mistake::YFromTop), _) =>'
    expect 96 '(Some(Mistake::XySwapped), Format::Boj) =>'
    expect 97 '(Some(Mistake::XySwapped | Mistake::XAsRow), Format::Plain) =>'
    expect 99 '(Some(Mistake::XAsRow), Format::Boj) =>'
    expect 105 'Some(Mistake::ClockwiseQuadrants) =>'
    expect 163 'if rules.mistake == Some(Mistake::QuadrantOffByOne) {'
    expect 164 'x > middle'
    expect 188 'Some(Mistake::LabelsByDepth) =>'
    expect 189 'Some(Mistake::LabelsFromZero) =>'
    ;;
*)
    echo "mutation-reference.sh: PUZZLE is yut, footholds or tromino (2048: scripts/mutation-2048.sh)" >&2
    exit 2
    ;;
esac
# With LIST=1, only the mutants kept are listed (DATA and OUT unused).
if [ "${LIST:-}" = 1 ]; then
    exec cargo mutants --list -p boardsolve-core -f "$file" "${exclusions[@]}"
fi
mkdir -p "$out"
export BOARDSOLVE_MUTATION_DATA=$data
export BOARDSOLVE_MUTATION_LOG=$out/sets.log
export BOARDSOLVE_ORACLE_JUDGES=$judges
export BOARDSOLVE_MUTATION_KEEP=$out/bins
export CARGO_BUILD_JOBS=1
: > "$out/sets.log"
cp "$file" "$out/reference.rs.orig"
status=0
nice -n 19 cargo mutants -p boardsolve-core -f "$file" "${exclusions[@]}" \
    -j 1 --no-shuffle --timeout "${TIMEOUT:-120}" -o "$out" \
    --cargo-arg=--test=reference_oracle || status=$?
# cargo-mutants exits 2 when some mutants are missed, 3 on timeouts:
# those are results, not failures of the run.
case $status in 0 | 2 | 3) ;; *) exit "$status" ;; esac
