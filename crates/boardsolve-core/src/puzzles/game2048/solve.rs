//! The fast exact solver: the 2048 moves and the merge-tree bound given to
//! the branch and bound search of [`crate::search::maximize`], on one core
//! or on all of them.

use super::ahead;
use super::board::{Board, Direction, value_of};
use super::counts::{Counts, EXPONENT_SLOTS};
use super::lanes::{self, Scratch};
use super::merges::{self, counts_after_moves_above};
use crate::puzzles::error::Error;
use crate::search::context::RunContext;
use crate::search::maximize::{ChildBounds, Climb, Climbing, End, SearchStats};
use std::sync::atomic::{AtomicU32, Ordering};

/// The counters of one search: positions, table hits, bound cuts.
pub type Stats = SearchStats;

/// The search problem: boards, four moves, and the merge-tree bound.
///
/// It knows the board it searches so the transposition tables can be
/// sized by the real key (one byte a cell) and by how many searches hold
/// a table at once: the memory budget is for the whole run, not per table.
pub(super) struct Search {
    /// Bytes of one table key: the board's cell count.
    key_bytes: usize,
    /// Searches that may hold a table at the same time (threads).
    searches: usize,
    /// How the two-move look has done at each number of moves left.
    two_ahead: TwoAheadRecord,
}

impl Search {
    /// The problem for `board`, searched by `searches` threads at once.
    pub(super) fn new(board: &Board, searches: usize) -> Search {
        Search {
            key_bytes: board.n * board.n,
            searches: searches.max(1),
            two_ahead: TwoAheadRecord::default(),
        }
    }
}

/// The largest exponent reachable within `remaining` moves, by the merge-tree bound.
///
/// The search's own bounds come from [`merges::counts_after_moves_above`]; where
/// it needs a position's bound from the board alone it uses the tighter
/// [`upper_exponent`]. This one stays as the reference both are tested against.
#[cfg(test)]
pub(super) fn merge_tree_bound(cells: &[u8], remaining: u32) -> u32 {
    let mut counts: Counts = [0; EXPONENT_SLOTS];
    for &e in cells {
        counts[e as usize] += 1;
    }
    bound_from_counts(&counts, remaining)
}

/// The merge-tree bound from block counts.
///
/// Proof. A block present after r more moves is either a block present now
/// or the merge of two equal blocks present one move earlier. Unfolding r
/// moves, a block `2^e` is the root of a binary merge tree of depth at most
/// r whose leaves are blocks on the board now: each leaf at depth d has
/// value `2^(e-d)`, so every leaf has an exponent in `[e-r, e]`, and the
/// leaves sum to `2^e`. Hence `2^e` is reachable only if the blocks with
/// exponents in `[e-r, e]` sum to at least `2^e`. The largest block never
/// shrinks, so the answer is at least the current maximum `m`, and at most
/// `m + r` (a block at most doubles per move).
#[cfg(test)]
fn bound_from_counts(counts: &Counts, remaining: u32) -> u32 {
    bound_and_promise(counts, remaining, EXPONENT_SLOTS).0
}

/// The merge-tree bound `e` (proved at `bound_from_counts`), and the [`promise`]
/// of the blocks that may still make `2^e`, to order children of equal
/// bound. `limit` is an exponent above every block (it saves the scan of
/// the empty slots).
fn bound_and_promise(counts: &Counts, remaining: u32, limit: usize) -> (u32, u32) {
    let m = counts[..limit.min(EXPONENT_SLOTS)]
        .iter()
        .rposition(|&c| c > 0)
        .unwrap_or(0);
    if remaining == 0 || m == 0 {
        return (m as u32, 0);
    }
    let m = m as u32;
    let top = m.saturating_add(remaining);
    // For e > m the window [e-r, e] holds no block above m: its total is the
    // value of blocks with exponents in [low, m], low = max(1, e - r) <= m
    // because e <= m + r. Walking e downwards only widens the window at its
    // low end. Totals fit in a u128: the board's total value never changes
    // and is below 2^76.
    let low_of = |e: u32| e.saturating_sub(remaining).max(1);
    let mut low = low_of(top);
    let mut window: u128 = (low..=m).map(|x| u128::from(counts[x as usize]) << x).sum();
    for e in (m + 1..=top).rev() {
        while low > low_of(e) {
            low -= 1;
            window += u128::from(counts[low as usize]) << low;
        }
        if e < 127 && window >= 1u128 << e {
            return (e, promise(counts, low, m));
        }
    }
    (m, 0)
}

/// A proven upper bound of the largest exponent reachable from `board`
/// within `remaining` moves, from the board alone: the merge capacity
/// bound with one move's look ([`merges::line_neighbour_bound`]), never
/// above the merge-tree bound. Used where the search has no parent's
/// counts: the root, the parallel tasks, and the quick answers of
/// [`Climbing::reaches`]; inside the search the look at the children's
/// counts is at least as strong (docs/2048.md).
pub(super) fn upper_exponent(board: &Board, remaining: u32) -> u32 {
    merges::line_neighbour_bound(&board.cells, board.n, remaining)
}

/// The best exponent after at most one move, without building boards.
///
/// Left and right produce the same merged values (a run of two or more equal
/// neighbours, empty cells between them ignored, always merges at least one
/// pair in either direction), and so do up and down. So one move can create
/// `2^(e+1)` exactly when two equal blocks `2^e` are neighbours in a row or
/// a column with only empty cells between them.
fn best_exponent_after_one(cells: &[u8], n: usize) -> u32 {
    let mut best = cells.iter().copied().max().unwrap_or(0);
    for line in 0..n {
        let mut last_row = 0u8;
        let mut last_col = 0u8;
        for k in 0..n {
            let r = cells[line * n + k];
            if r != 0 {
                if r == last_row {
                    best = best.max(r + 1);
                }
                last_row = r;
            }
            let c = cells[k * n + line];
            if c != 0 {
                if c == last_col {
                    best = best.max(c + 1);
                }
                last_col = c;
            }
        }
    }
    u32::from(best)
}

/// How promising the blocks with exponents in `low..=top` are: each counts
/// as the square of its value in units of `2^low` (the total at most
/// `u32::MAX`). Squares, because a merge of two equal blocks doubles their
/// sum of squares while leaving their sum unchanged, so boards a few merges
/// further along rank higher. Ordering children by their plain sum instead
/// left the search 45 times as many positions to find a 16384 at K = 16 on
/// the dense seed-2 board (1.2 million against 27 thousand).
fn promise(counts: &Counts, low: u32, top: u32) -> u32 {
    let mut total: u64 = 0;
    for x in low..=top {
        let shift = 2 * (x - low);
        let c = u64::from(counts[x as usize]);
        total = total.saturating_add(if shift >= 48 {
            c * (1 << 48)
        } else {
            c << shift
        });
    }
    total.min(u64::from(u32::MAX)) as u32
}

/// The board the look is at and what each of its steps reads with it:
/// its largest exponent `top` (the caller often has it already, and it
/// costs a pass over the board), the moves `remaining` after its
/// children, and the `floor` a child's bound must beat.
#[derive(Clone, Copy)]
struct Look<'a> {
    b: &'a Board,
    top: u8,
    remaining: u32,
    floor: u32,
}

impl<'a> Look<'a> {
    /// The look at `b` for `remaining` moves after its children above
    /// `floor`, its largest exponent taken from the board.
    fn at(b: &'a Board, remaining: u32, floor: u32) -> Self {
        Look {
            b,
            top: b.max_exponent(),
            remaining,
            floor,
        }
    }
}

impl Search {
    /// [`Climb::child_bounds`] of the look's board. Returns the block
    /// counts after a horizontal and a vertical move (exact above
    /// `floor - remaining`), for [`Search::look_two_ahead`].
    fn bounds_below(&self, look: Look<'_>, out: &mut ChildBounds) -> (Counts, Counts) {
        let Look {
            b,
            top,
            remaining,
            floor,
        } = look;
        // Above `floor` the bound only reads exponents from floor + 1 -
        // remaining up (see `bound_from_counts`), and those come from
        // blocks one exponent lower or more.
        let low = (floor + 1)
            .saturating_sub(remaining + 1)
            .min(u32::from(u8::MAX)) as u8;
        let (horizontal, vertical) = counts_after_moves_above(&b.cells, b.n, low);
        // No block is above the board's largest after one move.
        let limit = usize::from(top) + 2;
        let (h, rh) = bound_and_promise(&horizontal, remaining, limit);
        let (v, rv) = bound_and_promise(&vertical, remaining, limit);
        let (h, v) = (h.max(floor), v.max(floor));
        out.bound[..4].copy_from_slice(&[v, v, h, h]);
        out.rank[..4].copy_from_slice(&[rv, rv, rh, rh]);
        (horizontal, vertical)
    }

    /// Lowers to `floor` the bound of each child of the look's board that
    /// the two-move look ([`ahead::rules_out`]) shows cannot make
    /// `2^(floor + 1)` in `remaining` moves, where the count left it above
    /// `floor`. The counts are those of [`Search::bounds_below`] for the
    /// same look.
    fn look_two_ahead(&self, look: Look<'_>, counts: &(Counts, Counts), out: &mut ChildBounds) {
        let level = look.remaining as usize;
        if level >= TWO_AHEAD_LEVELS
            || out.bound[..4].iter().all(|&x| x <= look.floor)
            || !self.two_ahead.worth(level)
        {
            return;
        }
        let before = *out;
        self.look_two_ahead_always(look, counts, out);
        self.two_ahead.note(level, *out != before);
    }

    /// The bounds of [`Search::bounds_below`] lowered by the two-move look,
    /// as [`Search::look_two_ahead`] does, with the look's walks first:
    /// where the walks rule out all four children (nearly every look
    /// where the look pays), the counts are never taken. `false` where the
    /// look's record may skip this level (the skip is counted only when
    /// the count leaves a child above `floor`, so that case stays with the
    /// counts first) or the look does not judge: then nothing is done.
    ///
    /// The same bounds wherever they matter, and the same record: the
    /// count rules a child out exactly when the walks say so
    /// ([`ahead::look`]), and then the look rules it out too (docs/2048.md,
    /// "The walks before the counts"). Where every child is ruled out the bounds are
    /// all `floor` and the ranks are left at 0: the search enters none of
    /// them.
    fn look_first(&self, look: Look<'_>, out: &mut ChildBounds) -> bool {
        let level = look.remaining as usize;
        if level >= TWO_AHEAD_LEVELS || !self.two_ahead.runs(level) {
            return false;
        }
        let Some(lowered) = self.walks_then_counts(look, out) else {
            return false;
        };
        if let Some(lowered) = lowered {
            self.two_ahead.note(level, lowered);
        }
        true
    }

    /// [`Search::look_first`] whatever the record says: `None` where the
    /// look does not judge; else whether the look ran (the count left a
    /// child above `floor`) and then whether it lowered a bound.
    fn walks_then_counts(&self, look: Look<'_>, out: &mut ChildBounds) -> Option<Option<bool>> {
        let (b, floor) = (look.b, look.floor);
        let outlook = ahead::look(&b.cells, b.n, look.remaining, floor + 1)?;
        // Where the count rules out every child, the look does not run.
        let looked = outlook.counted_out.contains(&false);
        if !outlook.ruled_out.contains(&false) {
            out.bound[..4].fill(floor);
            out.rank[..4].fill(0);
            return Some(looked.then_some(true));
        }
        self.bounds_below(look, out);
        let before = *out;
        for (bound, &ruled_out) in out.bound[..4].iter_mut().zip(&outlook.ruled_out) {
            if ruled_out {
                *bound = floor;
            }
        }
        Some(looked.then_some(*out != before))
    }

    /// [`Search::look_two_ahead`] wherever it may run.
    fn look_two_ahead_always(
        &self,
        look: Look<'_>,
        (horizontal, vertical): &(Counts, Counts),
        out: &mut ChildBounds,
    ) {
        let Look {
            b,
            top,
            remaining,
            floor,
        } = look;
        let target = floor + 1;
        let mut scratch = Scratch::new();
        for (axis, counts) in [(0, vertical), (2, horizontal)] {
            if out.bound[axis..axis + 2].iter().all(|&x| x <= floor) {
                continue;
            }
            let steps = if axis == 0 {
                lanes::columns(&b.cells, b.n, &mut scratch)
            } else {
                lanes::rows(&b.cells, b.n, &mut scratch)
            };
            // Both moves of an axis have the same counts, so the same bound.
            let ruled_out = ahead::rules_out(&steps, counts, top, remaining, target);
            for (bound, ruled_out) in out.bound[axis..axis + 2].iter_mut().zip(ruled_out) {
                if ruled_out {
                    *bound = floor;
                }
            }
        }
    }
}

/// Moves left after a grandchild (`remaining` of the look) below which
/// the two-move look may run.
const TWO_AHEAD_LEVELS: usize = 8;

/// How often the two-move look lowered a bound, by moves left: it costs
/// about as much as building a board, and pays only where it often rules
/// a grandchild out. On the dense seed-2 board at K = 16 it rules out
/// nearly every grandchild with 4 moves left and few with 5; at K = 14
/// many with 3 and none with 4. So each level keeps running it only while
/// at least one look in [`TwoAheadRecord::RATE`] lowers a bound, and
/// tries it again once every [`TwoAheadRecord::RETRY`] looks it skips,
/// since what pays changes as the best score rises. Shared by the threads
/// of a parallel search (relaxed counters: a lost update only moves the
/// choice, never an answer).
#[derive(Default)]
struct TwoAheadRecord {
    /// Looks run and looks that lowered a bound, halved now and then so
    /// that recent looks count most.
    tried: [AtomicU32; TWO_AHEAD_LEVELS],
    lowered: [AtomicU32; TWO_AHEAD_LEVELS],
    skipped: [AtomicU32; TWO_AHEAD_LEVELS],
}

impl TwoAheadRecord {
    /// One look in this many must lower a bound for the look to be kept.
    const RATE: u32 = 8;
    /// Looks run at a level before its rate is trusted.
    const WARM_UP: u32 = 256;
    /// A skipped level is tried again once in this many looks.
    const RETRY: u32 = 64;
    /// Counts are halved when the looks run reach this.
    const WINDOW: u32 = 4096;

    fn worth(&self, level: usize) -> bool {
        self.runs(level)
            || self.skipped[level].fetch_add(1, Ordering::Relaxed) % Self::RETRY == Self::RETRY - 1
    }

    /// Whether [`TwoAheadRecord::worth`] says yes at `level` without a
    /// retry (so without counting a skip).
    fn runs(&self, level: usize) -> bool {
        let tried = self.tried[level].load(Ordering::Relaxed);
        tried < Self::WARM_UP || self.lowered[level].load(Ordering::Relaxed) * Self::RATE >= tried
    }

    fn note(&self, level: usize, lowered: bool) {
        let tried = self.tried[level].fetch_add(1, Ordering::Relaxed) + 1;
        if lowered {
            self.lowered[level].fetch_add(1, Ordering::Relaxed);
        }
        if tried >= Self::WINDOW {
            let kept = self.lowered[level].load(Ordering::Relaxed);
            self.tried[level].store(tried / 2, Ordering::Relaxed);
            self.lowered[level].store(kept / 2, Ordering::Relaxed);
        }
    }
}

impl Climb for Search {
    type Node = Board;
    const MOVES: usize = 4;

    fn score(&self, b: &Board) -> u32 {
        u32::from(b.max_exponent())
    }
    fn upper_bound(&self, b: &Board, remaining: u32) -> u32 {
        upper_exponent(b, remaining)
    }
    fn apply(&self, b: &Board, mv: usize, out: &mut Board) -> bool {
        out.slide_from(b, Direction::ALL[mv])
    }
    fn best_after_one(&self, b: &Board) -> u32 {
        best_exponent_after_one(&b.cells, b.n)
    }
    fn child_bounds(&self, b: &Board, remaining: u32, floor: u32, out: &mut ChildBounds) -> bool {
        self.bounds_below(Look::at(b, remaining, floor), out);
        true
    }
    fn child_outlook(
        &self,
        b: &Board,
        mv: usize,
        child: &mut Board,
        remaining: u32,
        floor: u32,
        out: &mut ChildBounds,
    ) -> Option<(bool, u32)> {
        if !child.slide_from(b, Direction::ALL[mv]) {
            return Some((false, 0));
        }
        let look = Look::at(child, remaining, floor);
        if !self.look_first(look, out) {
            let counts = self.bounds_below(look, out);
            self.look_two_ahead(look, &counts, out);
        }
        Some((true, u32::from(look.top)))
    }
    fn key<'a>(&self, b: &'a Board) -> &'a [u8] {
        &b.cells
    }
    fn table_limit(&self) -> usize {
        // The run's budget in all tables together, whatever the board
        // size: an entry is its key plus 12 bytes of hash and value, and
        // up to 16 bytes of slots (a u32 slot per entry, at most 3/4 used,
        // doubled while growing).
        (crate::host::table_bytes() / self.searches / (self.key_bytes + 28)).max(1 << 12)
    }
}

/// Whether the look with its walks first ([`Search::walks_then_counts`])
/// agrees with the counts followed by the look
/// ([`Search::look_two_ahead_always`] where a count leaves a child above
/// `floor`) at `b`, for `remaining` moves after its children: the same
/// bounds (all at most `floor` in both, or equal with the same ranks),
/// the same record of whether the look ran and lowered a bound, and
/// nothing judged where the look does not judge.
#[cfg(test)]
pub(super) fn walks_first_agree(b: &Board, remaining: u32, floor: u32) -> bool {
    let search = Search::new(b, 1);
    let look = Look::at(b, remaining, floor);
    let mut counted = ChildBounds::default();
    let counts = search.bounds_below(look, &mut counted);
    let looked = counted.bound[..4].iter().any(|&x| x > floor);
    let mut old = counted;
    if looked {
        search.look_two_ahead_always(look, &counts, &mut old);
    }
    let mut new = ChildBounds::default();
    match search.walks_then_counts(look, &mut new) {
        None => old == counted,
        Some(note) => {
            note == looked.then_some(old != counted)
                && if new.bound[..4].iter().all(|&x| x <= floor) {
                    old.bound[..4].iter().all(|&x| x <= floor)
                } else {
                    new == old
                }
        }
    }
}

/// Builds the four children of `board` and takes their counts as the look
/// at them does (bounds for `remaining` moves after them above `floor`),
/// without the two-move look: the work the two-move look saves when it
/// rules a board's grandchildren out. Returns the sum of the bounds.
#[doc(hidden)]
pub fn build_children(board: &Board, remaining: u32, floor: u32) -> u32 {
    let search = Search::new(board, 1);
    let mut child = board.clone();
    let mut out = ChildBounds::default();
    let mut total = 0;
    for d in Direction::ALL {
        child.slide_from(board, d);
        search.bounds_below(Look::at(&child, remaining, floor), &mut out);
        total += out.bound[..4].iter().sum::<u32>();
    }
    total
}

/// Builds the four children of `board` into one reused board, nothing
/// more: the move's share of [`build_children`]. Returns the number that
/// changed.
#[doc(hidden)]
pub fn slide_children(board: &Board) -> u32 {
    let mut child = board.clone();
    Direction::ALL
        .iter()
        .map(|&d| u32::from(child.slide_from(board, d)))
        .sum()
}

/// The counts the look at `board` takes (bounds of its four children for
/// `remaining` moves after them above `floor`), without the two-move
/// look: the count's share of [`two_move_look`]. Returns the sum of the bounds.
#[doc(hidden)]
pub fn count_children(board: &Board, remaining: u32, floor: u32) -> u32 {
    let search = Search::new(board, 1);
    let mut out = ChildBounds::default();
    search.bounds_below(Look::at(board, remaining, floor), &mut out);
    out.bound[..4].iter().sum()
}

/// The two-move look at `board`'s four children, as the look at `board`
/// takes it (the walks, then the counts if a child is left, whatever the
/// record of earlier looks): their bounds for `remaining` moves after them
/// above `floor`.
#[doc(hidden)]
pub fn two_move_look(board: &Board, remaining: u32, floor: u32) -> [u32; 4] {
    let search = Search::new(board, 1);
    let mut out = ChildBounds::default();
    let look = Look::at(board, remaining, floor);
    if search.walks_then_counts(look, &mut out).is_some() {
        return [out.bound[0], out.bound[1], out.bound[2], out.bound[3]];
    }
    let counts = search.bounds_below(look, &mut out);
    search.look_two_ahead_always(look, &counts, &mut out);
    [out.bound[0], out.bound[1], out.bound[2], out.bound[3]]
}

/// The largest block value reachable from `board` in at most `moves` moves.
///
/// ```
/// use boardsolve_core::puzzles::game2048::{answer, Board};
/// let b = Board::from_values(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
/// assert_eq!(answer(&b, 5), 16);
/// ```
pub fn answer(board: &Board, moves: u32) -> u128 {
    answer_with_stats(board, moves).0
}

/// [`answer`] with the search counters. Searches on all cores when the
/// depth makes it worth the start-up cost.
pub fn answer_with_stats(board: &Board, moves: u32) -> (u128, Stats) {
    let (e, stats) = best_exponent(board, moves, None);
    (value_of(e as u8), stats)
}

/// [`answer`], or what the search proved when it was stopped by its
/// `context` before it finished.
///
/// # Errors
/// [`Error::Unfinished`] with the largest block reached and the smallest
/// block not yet proven out of reach, when the search was cut short.
pub(super) fn answer_or_bounds(
    board: &Board,
    moves: u32,
    context: Option<&RunContext>,
) -> Result<u128, Error> {
    let (lower, upper) = bounded_exponent(board, moves, context);
    if lower < upper {
        return Err(unfinished(lower, upper));
    }
    Ok(value_of(lower as u8))
}

/// The bounds a stopped search proved, as block values.
pub(super) fn unfinished(lower: u32, upper: u32) -> Error {
    Error::Unfinished {
        lower: value_of(lower as u8),
        upper: value_of(upper as u8),
    }
}

/// The exponent of the largest block reachable, as `(lower, upper)`
/// bounds: equal when the search finished, and otherwise what it proved
/// before its `context` stopped it.
///
/// When a deadline is set ([`RunContext::has_deadline`]) the search narrows from
/// both ends, so that a stop leaves the upper bound tight too: a short
/// search first finds a good line (its largest block is the lower bound),
/// then each block value from the upper bound ([`upper_exponent`]) down is either proven
/// out of reach (the upper bound comes down) or reached (the answer).
/// Proving a high block out of reach is much cheaper than proving the one
/// just above the answer: on the dense seed-2 board at K = 20 (answer
/// 16384), 65536 takes 4.3 million positions, 32768 an estimated hundred
/// million (9.5 million at K = 18, about 3.2 times more a move). Without
/// a deadline the one maximising search is the cheapest way to the answer,
/// and the upper bound of a stop is [`upper_exponent`] of the board.
///
/// The question and the bounds as they tighten go to the context's
/// progress, for a live display.
pub(super) fn bounded_exponent(
    board: &Board,
    moves: u32,
    context: Option<&RunContext>,
) -> (u32, u32) {
    let record = context.map(RunContext::progress);
    let bound = upper_exponent(board, moves);
    if let Some(record) = record {
        record.set_depth(moves);
        record.found(u32::from(board.max_exponent()));
        record.proved_at_most(bound);
    }
    let (lower, upper) = if context.is_some_and(RunContext::has_deadline) {
        narrowed_exponent(board, moves, FIRST_LOOK, context)
    } else {
        let (e, _) = best_exponent(board, moves, context);
        let upper = if context.is_some_and(RunContext::cut_short) {
            bound
        } else {
            e
        };
        (e, upper)
    };
    if let Some(record) = record {
        record.proved_at_most(upper);
    }
    (lower, upper)
}

/// The search of [`bounded_exponent`] under a deadline, its first look
/// taking at most `first_look` positions.
pub(super) fn narrowed_exponent(
    board: &Board,
    moves: u32,
    first_look: u64,
    context: Option<&RunContext>,
) -> (u32, u32) {
    let first = climbing(moves, context)
        .node_limit(first_look)
        .maximize(&Search::new(board, 1), board);
    let lower = first.value;
    if first.end == End::Finished {
        return (lower, lower);
    }
    let mut upper = upper_exponent(board, moves);
    while upper > lower {
        // A search stopped early may miss a line, but a line it found is real.
        let reached = reaches(board, moves, upper, context);
        if reached {
            return (upper, upper);
        }
        if context.is_some_and(RunContext::cut_short) {
            break;
        }
        upper -= 1;
        if let Some(context) = context {
            context.progress().proved_at_most(upper);
        }
    }
    (lower, upper)
}

/// Positions the first, maximising look of [`bounded_exponent`] may take:
/// enough to find a 16384 on a dense 20×20 board at K = 16 to 20 (about 27
/// thousand), little against the proofs that follow.
const FIRST_LOOK: u64 = 100_000;

/// [`answer_with_stats`] on one thread, for comparisons with the plain search.
pub fn answer_sequential(board: &Board, moves: u32) -> (u128, Stats) {
    let found = Climbing::new(moves).maximize(&Search::new(board, 1), board);
    (value_of(found.value as u8), found.stats)
}

/// A search of at most `moves` moves in the run of `context`, if any.
fn climbing(moves: u32, context: Option<&RunContext>) -> Climbing<'_> {
    match context {
        Some(context) => Climbing::new(moves).context(context),
        None => Climbing::new(moves),
    }
}

/// The exponent of the largest block reachable, on all cores when deep.
pub(super) fn best_exponent(
    board: &Board,
    moves: u32,
    context: Option<&RunContext>,
) -> (u32, Stats) {
    best_exponent_capped(board, moves, u32::MAX, context)
}

/// [`best_exponent`] for a caller who knows that nothing above `cap` can
/// be made: the search ends as soon as `cap` is.
pub(super) fn best_exponent_capped(
    board: &Board,
    moves: u32,
    cap: u32,
    context: Option<&RunContext>,
) -> (u32, Stats) {
    let one = Search::new(board, 1);
    let search = climbing(moves, context).cap(cap);
    let found = if parallel_pays(board, moves) {
        // Many boards finish in a few hundred positions, faster than threads
        // start; only the rest go parallel.
        search
            .node_limit(SEQUENTIAL_TRIAL)
            .maximize(&one, board)
            .completed()
            .unwrap_or_else(|| {
                let game = Search::new(board, crate::host::threads());
                search.parallel(PARALLEL_SPLIT).maximize(&game, board)
            })
    } else {
        search.maximize(&one, board)
    };
    (found.value, found.stats)
}

/// Whether a block `2^e` can be made within `moves` moves, on all cores
/// when deep (as [`best_exponent`]).
pub(super) fn reaches(board: &Board, moves: u32, e: u32, context: Option<&RunContext>) -> bool {
    let one = Search::new(board, 1);
    let search = climbing(moves, context);
    let found = if parallel_pays(board, moves) {
        search
            .node_limit(SEQUENTIAL_TRIAL)
            .reaches(&one, board, e)
            .completed()
            .unwrap_or_else(|| {
                let game = Search::new(board, crate::host::threads());
                search.parallel(PARALLEL_SPLIT).reaches(&game, board, e)
            })
    } else {
        search.reaches(&one, board, e)
    };
    found.value
}

/// Whether a search of `moves` moves from `board` should go parallel: deep
/// enough to pay for the threads, and more than one thread to run on.
/// On one thread the parallel search's tasks run one after another, each
/// with its own table and without the best score the others would find,
/// which on the dense seed-2 board at K = 16 took 8.5 s of CPU where the
/// one search takes 3.4 s.
fn parallel_pays(board: &Board, moves: u32) -> bool {
    moves >= PARALLEL_FROM_MOVES && board.n >= 4 && crate::host::threads() > 1
}

/// Below this many moves a search takes about a millisecond or less, and
/// threads would cost more than they save.
const PARALLEL_FROM_MOVES: u32 = 7;
/// Positions a search may take on one thread before going parallel: the
/// boards that finish this quickly (equal blocks, K = 10: about a dozen)
/// never start threads, and the others lose little to the trial.
const SEQUENTIAL_TRIAL: u64 = 50;
/// Depth of the positions handed out as parallel tasks: up to 4^2 = 16
/// tasks. Deeper splits balance the cores better but share less: each task
/// has its own transposition table. Measured on dense 20×20 boards at
/// K = 10 with 2 cores, split 2 was the fastest of 1 to 4.
const PARALLEL_SPLIT: u32 = 2;
