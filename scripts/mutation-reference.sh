#!/usr/bin/env bash
# Mutation testing of the plain reference of 2048, yut, footholds or
# tromino (the brute force `stress` trusts, crates/boardsolve-core/src/
# puzzles/PUZZLE/reference.rs, and for 2048 also game2048/decisions.rs,
# which holds its cell formula): every mutant cargo-mutants makes of the
# code the reference runs with no mistake is built once and run by the
# reference oracle (crates/boardsolve-core/tests/reference_oracle.rs) on
# every data set of the puzzle's judges under DATA (written by
# scripts/mutation-data.sh), which appends one line a data set to
# OUT/sets.log. Each mutant's test binary is kept in OUT/bins/ (for
# scripts/mutation-rerun.sh), and scripts/mutation-score.py OUT gives
# each data set its score. Needs `cargo install --locked cargo-mutants`.
#
#   scripts/mutation-reference.sh PUZZLE DATA OUT [JUDGES [ARG...]]
#
# PUZZLE is 2048 or game2048 (judges 12100,12094 by default), yut (17825),
# footholds (92345) or tromino (14600,14601 by default; JUDGES `tromino`
# for its placement order, which has no judge). ARGs go to cargo mutants
# as they are: e.g. `--re 508:55` builds and runs the mutants of one
# place only, in a fresh OUT.
#
# Left out, as no mutant of the correct reference (the code never runs
# without a mistake, so no data can tell a mutant of it from the
# reference), and listed in the puzzle's docs page:
#   - the arms of the catalogue's mistakes and what only they run: the
#     functions only a mistake calls, the guards of `Some(Mistake::…)`
#     arms, the body of an `if mistake == …` block, the right operand
#     of `mistake == Some(…) && x`, which `&&` never evaluates when the
#     left one is false, a guard `mistake != Some(…)` made true, which it
#     is with no mistake, and (2048) the arms of a decision point's
#     `Some(Change::…)`, which `mistake.and_then(Mistake::change)` is
#     only with a mistake;
#   - the public helpers the reference's answer never calls.
# The line numbers hold while reference.rs keeps its shape: the script
# refuses to run when a line excluded is no longer what it was, and
# LIST=1 (`cargo mutants --list` with the same expressions) shows what is
# kept. In the other files mutated (2048's decisions.rs) code is left
# out by function name only.
#
# Low priority (nice 19), one mutant at a time and one build job unless
# CARGO_BUILD_JOBS says more: the machine is shared. CARGO_TARGET_DIR,
# when set, is the target of every build (a warm one saves the first
# build's minutes).
set -euo pipefail
puzzle=$1
[ "$puzzle" != 2048 ] || puzzle=game2048
data=$(realpath -m "$2")
out=$(realpath -m "$3")
cd "$(dirname "$0")/.."
file=crates/boardsolve-core/src/puzzles/$puzzle/reference.rs
# The files mutated, in the order the oracle hashes them (its judge's
# `sources`): a mutant's log lines and kept binary are named by the hash
# of them all, one of them mutated.
files=("$file")
expect() {
    sed -n "$1p" "$file" | grep -qF -- "$2" ||
        { echo "$file:$1 is not '$2' any more: update the exclusions" >&2; exit 2; }
}
case $puzzle in
game2048)
    judges=${4:-12100,12094}
    files+=(crates/boardsolve-core/src/puzzles/game2048/decisions.rs)
    exclusions=(
        # The functions only a mistake calls (greedy, bounded,
        # shift_marked, step_pruned; the mistaken merges of move_line,
        # merge_again, merge_cascade, far_side_first, no_merge_across_gap
        # and merge_again_across_gap; Mistake::change, which
        # `mistake.and_then` calls with a mistake only; the changed
        # decision points largest and merged_equals_next of decisions.rs),
        # and the public helpers the answer never calls (slide and
        # first_sequence with first, for the unit tests of the fast
        # solver's moves and lines; answer_in with restricted).
        -E ' in (slide|answer_in|restricted|greedy|bounded|first_sequence|first|shift_marked|step_pruned|merge_again|merge_cascade|far_side_first|no_merge_across_gap|merge_again_across_gap|Mistake::change|largest|merged_equals_next)$'
        -E 'replace (slide|answer_in|restricted|greedy|bounded|first_sequence|first|shift_marked|step_pruned|merge_again|merge_cascade|far_side_first|no_merge_across_gap|merge_again_across_gap|Mistake::change|largest|merged_equals_next) '
        -E 'delete match arm Some\(Mistake::'
        # answer: the moves of a mistake, the state a mistake carries.
        -E 'reference\.rs:(27[0-7]|28[4-6]):'
        # shift: the far side's arms (their guard).
        -E 'reference\.rs:(386|387):'
        # step: a Change's arms, the mistakes' arms and their guard.
        -E 'reference\.rs:(464|465|469|47[0-9]):'
        # search: the largest block read as a Change reads it; the right
        # operand of `mistake == Some(StopAtNoOpMove) && next[..] ==
        # current[..]`;
        # the body of `if mistake == Some(BoardNotCopied)`.
        -E 'reference\.rs:(499|519:69|523|524):'
    )
    expect 133 'Some(Mistake::MergeAgain) => merge_again(blocks, out),'
    expect 138 '// The mistakes made elsewhere merge as the rules say.'
    expect 139 'None'
    expect 270 'Some(Mistake::OneMoveShort) => moves.saturating_sub(1),'
    expect 278 '_ => moves,'
    expect 284 'Some(Mistake::MergeMarksKept) => state.resize(2 * n * n, 0),'
    expect 286 'Some(m) if m.change() == Some(Change::NoRepeatIfMergedEqualsNext) => state.push(NO_MOVE),'
    expect 386 'Some(Mistake::RightDownFromFarSide) if dir % 2 == 1'
    expect 387 'Some(Mistake::RightDownFromFarSide) => None,'
    expect 464 'Some(Change::NeverMade(never)) if never == dir => return None,'
    expect 465 'Some(Change::NoRepeatIfMergedEqualsNext) => return step_pruned(n, state, dir),'
    expect 469 'Some(Mistake::LeftUpOnly) if dir % 2 == 1 => None,'
    expect 480 '_ => Some(shift(n, state, dir, mistake)),'
    expect 499 'Some(Change::Largest(region)) => decisions::largest(n, &state[..n * n], region),'
    expect 519 'if mistake == Some(Mistake::StopAtNoOpMove) && next[..] == current[..] {'
    expect 522 'if mistake == Some(Mistake::BoardNotCopied) {'
    expect 523 'best = best.max(search(n, next.clone(), moves - 1, mistake, memo));'
    expect 524 'current = Cow::Owned(next);'
    expect 525 '} else {'
    ;;
yut)
    judges=${4:-17825}
    exclusions=(
        # The first-arrival searches (their own board numbering) and the
        # test of a stalling mistake run only with a mistake.
        -E ' in (number|first_arrival)$'
        -E 'replace (number|first_arrival|Mistake::stalls) '
        -E 'delete match arm Some\(Mistake::'
        # place: the guards of the mistake arms.
        -E 'reference\.rs:(178|180|181):'
        # The right operands of `mistake == Some(…) && …`.
        -E 'reference\.rs:(138:57|153:89|156:73|162:61|211:53|217:81):'        # blue_route: the guards `mistake != Some(…)` made true, which they
        # are with no mistake (made false, 20 or 30 is never blue: kept).
        -E 'reference\.rs:(128|129):15: replace match guard .* with true '
    )
    expect 92 'matches!('
    expect 138 'mistake == Some(Mistake::FortyStuck) && value(p) == 40'
    expect 153 'mistake == Some(Mistake::PassingFortyScores) && value(p) != 40'
    expect 156 'mistake == Some(Mistake::BlueWhenPassing) && step < die'
    expect 162 'mistake == Some(Mistake::FortyFinishes) && value(at) == 40'
    expect 128 '20 if mistake != Some(Mistake::TwentyNotBlue) => Some(2),'
    expect 129 '30 if mistake != Some(Mistake::ThirtyNotBlue) => Some(3),'
    expect 178 'Some(Mistake::ThirtyIsOneSquare) if v == 30'
    expect 179 'Some(Mistake::CellByNumber)'
    expect 180 'Some(Mistake::FortyPerRoute) if v == 40'
    expect 181 'Some(Mistake::CentrePerRoute) if centre && v != 40'
    expect 210 'mistake == Some(Mistake::FinishOccupied)'
    expect 211 '&& others.clone().any(|j| pieces[j] == DONE)'
    expect 217 'mistake == Some(Mistake::FortyNotOccupied) && at.1 == 40'
    ;;
footholds)
    judges=${4:-92345}
    exclusions=(
        # outcome: the search from any position, for the fast solver's
        # tests; the answer calls play directly.
        -E 'replace outcome '
        # steps: the body of `if mistake == NoStepUp`; neighbour: the body
        # of `if mistake == NegativeIndexWraps`.
        -E 'reference\.rs:(59|94|95|97|98):'
        # play: `mistake == Some(OpponentCellBlocked) && to == you`.
        -E 'reference\.rs:120:86:'
    )
    expect 58 'if mistake == Some(Mistake::NoStepUp) {'
    expect 59 '[(1, 0), (1, 0), (0, -1), (0, 1)]'
    expect 60 '} else {'
    expect 92 'if mistake == Some(Mistake::NegativeIndexWraps) {'
    expect 94 'if r < 0 {'
    expect 98 'c += cols;'
    expect 100 '}'
    expect 120 '(mistake == Some(Mistake::OpponentCellBlocked) && to == you)'
    ;;
tromino)
    judges=${4:-14600,14601}
    exclusions=(
        # The exhaustive tileability search, for the tests of the
        # generator and the checker; the answer never calls it.
        -E ' in (tileable|cover)$'
        -E 'replace (tileable|cover) '
        # answer: the hole where a mistake believes it is, the quadrant
        # order of a mistake, the hole marked as three mistakes mark it;
        # solve: the body of `if mistake == QuadrantOffByOne`, the labels
        # of two mistakes.
        -E 'reference\.rs:(103|105|106|108|114|124|125|126|181|205|206):'
    )
    expect 103 '(Some(Mistake::YFromTop), _) =>'
    expect 105 '(Some(Mistake::XySwapped), Format::Boj) =>'
    expect 106 '(Some(Mistake::XySwapped | Mistake::XAsRow), Format::Plain) =>'
    expect 108 '(Some(Mistake::XAsRow), Format::Boj) =>'
    expect 114 'Some(Mistake::ClockwiseQuadrants) =>'
    expect 124 'Some(Mistake::HoleUnmarked) => None,'
    expect 125 'Some(Mistake::HoleMarkRowDropped) => Some(hole.1),'
    expect 126 'Some(Mistake::HoleMarkColumnDropped) => Some(hole.0 * n),'
    expect 180 'if rules.mistake == Some(Mistake::QuadrantOffByOne) {'
    expect 181 'x > middle'
    expect 205 'Some(Mistake::LabelsByDepth) =>'
    expect 206 'Some(Mistake::LabelsFromZero) =>'
    ;;
*)
    echo "mutation-reference.sh: PUZZLE is 2048, yut, footholds or tromino" >&2
    exit 2
    ;;
esac
mutated=()
for f in "${files[@]}"; do mutated+=(-f "$f"); done
# With LIST=1, only the mutants kept are listed (DATA and OUT unused).
if [ "${LIST:-}" = 1 ]; then
    exec cargo mutants --list -p boardsolve-core "${mutated[@]}" "${exclusions[@]}" "${@:5}"
fi
[ -d "$data" ] || { echo "mutation-reference.sh: $data: no such folder of data sets" >&2; exit 2; }
mkdir -p "$out"
export BOARDSOLVE_MUTATION_DATA=$data
export BOARDSOLVE_MUTATION_LOG=$out/sets.log
export BOARDSOLVE_ORACLE_JUDGES=$judges
export BOARDSOLVE_MUTATION_KEEP=$out/bins
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
: > "$out/sets.log"
# The sources as they were, for scripts/mutation-score.py to rebuild
# each mutant's hash: FILE.orig each, their order in `sources`.
: > "$out/sources"
for f in "${files[@]}"; do
    cp "$f" "$out/$(basename "$f").orig"
    basename "$f" >> "$out/sources"
done
status=0
# Only the oracle's test over the data: the oracle's own tests run the
# 2048 reference too, and a mutant that dies of a stack overflow in one
# of them would end the process while the data test is still copying
# the binary to keep.
nice -n 19 cargo mutants -p boardsolve-core "${mutated[@]}" "${exclusions[@]}" \
    -j 1 --no-shuffle --timeout "${TIMEOUT:-120}" -o "$out" \
    --cargo-arg=--test=reference_oracle "${@:5}" \
    -- the_plain_references_give_the_fast_solvers_answers || status=$?
# cargo-mutants exits 2 when some mutants are missed, 3 on timeouts:
# those are results, not failures of the run.
case $status in 0 | 2 | 3) ;; *) exit "$status" ;; esac
