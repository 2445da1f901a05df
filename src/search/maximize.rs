//! Depth-bounded branch and bound with a transposition table.
//!
//! A [`Climb`] is a one-player game whose score never decreases along a
//! line of play (2048's largest tile is one). [`maximize`] finds the best
//! score reachable in at most `depth` moves; [`first_line_reaching`] finds
//! the shortest line reaching a target, first in move order among equals.
//!
//! Both searches are exact: a subtree is cut only when a proven upper bound
//! ([`Climb::upper_bound`]) says it cannot beat what is already known, and
//! the transposition table only skips positions already searched at least
//! as deep.
//!
//! Every search publishes what it finds to [`progress::global`] as it
//! goes, for a live display.

use super::progress::{self, Progress};
pub use super::stats::{LEVELS, LevelStats, SearchStats};
use super::stop;
use super::table::ByteTable;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// A one-player game for [`maximize`]: positions, moves, scores and bounds.
pub trait Climb {
    /// A position. Children are written into reused buffers, so cloning
    /// happens only when the search first grows its scratch space.
    type Node: Clone;
    /// Number of moves tried at every position, numbered `0..MOVES` in the
    /// order [`first_line_reaching`] prefers them.
    const MOVES: usize;

    /// The score of a position; must never decrease along a move.
    fn score(&self, node: &Self::Node) -> u32;

    /// A proven upper bound of the best score reachable from `node` in at
    /// most `remaining` moves. It must be at least `score(node)`.
    fn upper_bound(&self, node: &Self::Node, remaining: u32) -> u32;

    /// Writes the position after move `mv` into `out`; returns `false`, with
    /// `out` unspecified, when the move changes nothing.
    fn apply(&self, node: &Self::Node, mv: usize, out: &mut Self::Node) -> bool;

    /// The best score after at most one move. Implement it when the last
    /// level of the search can be answered without building children.
    fn best_after_one(&self, node: &Self::Node) -> u32 {
        let mut scratch = node.clone();
        let mut best = self.score(node);
        for mv in 0..Self::MOVES {
            if self.apply(node, mv, &mut scratch) {
                best = best.max(self.score(&scratch));
            }
        }
        best
    }

    /// Upper bounds for every child, `upper_bound(child(mv), remaining)` or
    /// larger, into `out.bound[mv]`, computed without building the children; `false` if not
    /// available. When the bounds already rule children out, the search
    /// never builds them.
    ///
    /// `floor` is the best score already reached: a bound only has to be
    /// exact above it, so `max(upper_bound, floor)` is a valid answer and
    /// may be cheaper to compute.
    ///
    /// `out.rank` orders children of equal bound (higher first): any value
    /// is correct, a good one finds lines reaching a high score sooner.
    fn child_bounds(
        &self,
        node: &Self::Node,
        remaining: u32,
        floor: u32,
        out: &mut ChildBounds,
    ) -> bool {
        let _ = (node, remaining, floor, out);
        false
    }

    /// Builds the child after `mv` into `child` and reports, without
    /// entering it, its score and upper bounds for each of its children
    /// and ranks (`child_bounds(child, remaining, floor)`): `Some((changed, score))`, or
    /// `None` when not available. When the bounds rule out every
    /// grandchild, the search never enters the child: on wide boards most
    /// positions two moves from the leaves end that way, and entering costs
    /// more than looking.
    fn child_outlook(
        &self,
        node: &Self::Node,
        mv: usize,
        child: &mut Self::Node,
        remaining: u32,
        floor: u32,
        out: &mut ChildBounds,
    ) -> Option<(bool, u32)> {
        let _ = (node, mv, child, remaining, floor, out);
        None
    }

    /// The transposition-table key of a position: bytes that identify it,
    /// of the same length for every position of one search.
    fn key<'a>(&self, node: &'a Self::Node) -> &'a [u8];

    /// Positions with fewer moves left than this are not remembered.
    fn table_min_remaining(&self) -> u32 {
        2
    }

    /// How many positions the transposition table may hold; beyond that the
    /// search goes on without remembering more (still exact, only slower).
    fn table_limit(&self) -> usize {
        1 << 22
    }
}

/// What [`Climb::child_bounds`] tells of a position's children, by move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildBounds {
    /// An upper bound of the best score reachable from each child.
    pub bound: [u32; 8],
    /// Among children of equal bound, the higher rank is searched first.
    pub rank: [u32; 8],
}

struct Searcher<'p, P: Climb> {
    problem: &'p P,
    best: u32,
    /// Nothing can beat this: once reached, the search stops.
    ceiling: u32,
    /// One buffer of `MOVES` children per level, taken out while in use.
    scratch: Vec<Vec<P::Node>>,
    /// Deepest remaining depth each position has been searched with.
    table: ByteTable,
    stats: SearchStats,
    /// The best score of all threads of a parallel search.
    shared: Option<&'p AtomicU32>,
    /// Give up after entering this many positions.
    node_limit: u64,
    /// Where positions entered and scores reached are published.
    progress: &'p Progress,
    /// Positions entered already added to `progress`.
    published: u64,
    /// The next position count at which `climb` looks up from its work:
    /// to publish, or to give up at `node_limit`. One test covers both,
    /// so the inner loop costs what it did with the limit alone.
    checkpoint: u64,
    /// Whether a stop from outside ([`stop`]) ended this search early.
    cut_short: bool,
}

impl<'p, P: Climb> Searcher<'p, P> {
    fn new(problem: &'p P, root: &P::Node, depth: u32, progress: &'p Progress) -> Searcher<'p, P> {
        let levels = depth as usize + 1;
        Searcher {
            problem,
            best: problem.score(root),
            ceiling: problem.upper_bound(root, depth),
            scratch: vec![Vec::new(); levels],
            table: ByteTable::new(problem.key(root).len(), problem.table_limit()),
            stats: SearchStats::default(),
            shared: None,
            node_limit: u64::MAX,
            progress,
            published: 0,
            checkpoint: progress::BATCH,
            cut_short: false,
        }
    }

    /// Sets the limit of positions entered, before the search starts.
    fn limit_nodes(&mut self, node_limit: u64) {
        self.node_limit = node_limit;
        self.checkpoint = self.checkpoint.min(node_limit.saturating_add(1));
    }

    /// Adds the positions entered since the last call to the record, and
    /// sets the next checkpoint.
    fn publish_positions(&mut self) {
        self.progress.entered(self.stats.nodes - self.published);
        self.published = self.stats.nodes;
        self.checkpoint =
            (self.stats.nodes + progress::BATCH).min(self.node_limit.saturating_add(1));
    }

    fn raise(&mut self, score: u32) {
        if score > self.best {
            self.best = score;
            self.progress.found(score);
            if let Some(shared) = self.shared {
                shared.fetch_max(score, Ordering::Relaxed);
            }
        }
    }

    fn children_buffer(&mut self, level: usize, like: &P::Node) -> Vec<P::Node> {
        let mut buf = std::mem::take(&mut self.scratch[level]);
        if buf.len() < P::MOVES {
            buf.resize(P::MOVES, like.clone());
        }
        buf
    }

    /// `bound` is `upper_bound(node, remaining)`, already computed by the
    /// parent, and `known` the node's child bounds if the parent has them.
    fn climb(
        &mut self,
        node: &P::Node,
        remaining: u32,
        bound: u32,
        level: usize,
        known: Option<ChildBounds>,
    ) {
        self.stats.nodes += 1;
        self.stats.level(remaining).entered += 1;
        if self.stats.nodes >= self.checkpoint {
            if self.stats.nodes > self.node_limit {
                return;
            }
            self.publish_positions();
        }
        if stop::requested() {
            // `best` stays a score some line reaches: a lower bound.
            stop::note_cut_short();
            self.cut_short = true;
            return;
        }
        if let Some(shared) = self.shared {
            // Another thread's best prunes here too: every bound test below
            // only needs `best` to be a score some line really reaches.
            self.best = self.best.max(shared.load(Ordering::Relaxed));
        }
        self.raise(self.problem.score(node));
        if remaining == 0 || self.best >= self.ceiling {
            return;
        }
        if remaining == 1 {
            self.raise(self.problem.best_after_one(node));
            return;
        }
        if bound <= self.best {
            self.stats.bound_cuts += 1;
            return;
        }
        // A position searched before with at least `remaining` moves left
        // cannot improve `best`: that search either raised `best` to its
        // value or was cut by a bound no larger than `best` at the time,
        // and `best` never decreases.
        if remaining < self.problem.table_min_remaining() {
            // Too close to the leaves: looking up costs more than searching.
        } else if self
            .table
            .raise(self.problem.key(node), remaining)
            .is_some_and(|seen| seen >= remaining)
        {
            self.stats.table_hits += 1;
            return;
        }

        let mut children = self.children_buffer(level, node);
        let mut order: [(u32, u32, usize); 8] = [(0, 0, 0); 8];
        let mut bounds = ChildBounds::default();
        let lazy = match known {
            Some(k) => {
                bounds = k;
                true
            }
            None => self
                .problem
                .child_bounds(node, remaining - 1, self.best, &mut bounds),
        };
        let mut count = 0;
        if lazy {
            for mv in 0..P::MOVES {
                order[count] = (bounds.bound[mv], bounds.rank[mv], mv);
                count += 1;
            }
        } else {
            for (mv, child) in children.iter_mut().enumerate().take(P::MOVES) {
                if self.problem.apply(node, mv, child) {
                    let b = self.problem.upper_bound(child, remaining - 1);
                    order[count] = (b, 0, mv);
                    count += 1;
                }
            }
        }
        // Most promising first, so `best` rises early and the bound cuts more.
        order[..count].sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        for &(b, _, mv) in &order[..count] {
            if b <= self.best {
                self.stats.bound_cuts += 1;
                continue;
            }
            let mut grand = ChildBounds::default();
            let outlook = if remaining >= 3 {
                self.problem.child_outlook(
                    node,
                    mv,
                    &mut children[mv],
                    remaining - 2,
                    self.best,
                    &mut grand,
                )
            } else {
                None
            };
            let known = match outlook {
                Some((false, _)) => continue,
                Some((true, score)) => {
                    self.stats.level(remaining - 1).looked_at += 1;
                    // The child's value is its own score or a grandchild's,
                    // and no grandchild can beat `best`.
                    self.raise(score);
                    if grand.bound[..P::MOVES].iter().all(|&g| g <= self.best) {
                        self.stats.bound_cuts += 1;
                        self.stats.level(remaining - 1).cut_by_look += 1;
                        continue;
                    }
                    Some(grand)
                }
                None => {
                    if lazy && !self.problem.apply(node, mv, &mut children[mv]) {
                        continue;
                    }
                    None
                }
            };
            self.climb(&children[mv], remaining - 1, b, level + 1, known);
            if self.best >= self.ceiling {
                break;
            }
        }
        self.scratch[level] = children;
    }
}

/// The best score reachable from `root` in at most `depth` moves, with the
/// search counters.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize<P: Climb>(problem: &P, root: &P::Node, depth: u32) -> (u32, SearchStats) {
    maximize_within(problem, root, depth, u64::MAX).expect("no limit to reach")
}

/// [`maximize`] if it finishes within `node_limit` positions, else `None`.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize_within<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    node_limit: u64,
) -> Option<(u32, SearchStats)> {
    search_within(problem, root, depth, 0, u32::MAX, node_limit)
}

/// [`maximize_within`] for a caller who knows that no line scores above
/// `cap`: the search stops as soon as a line reaches `cap`, and the result
/// is the best score up to `cap`.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize_capped_within<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    cap: u32,
    node_limit: u64,
) -> Option<(u32, SearchStats)> {
    search_within(problem, root, depth, 0, cap, node_limit)
}

/// [`maximize`] for at most `node_limit` positions: the best score some
/// line reaches that it found, and whether that is the best of all (the
/// search finished, or reached a score nothing can beat).
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize_some<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    node_limit: u64,
) -> (u32, bool) {
    let s = run(
        problem,
        root,
        depth,
        0,
        u32::MAX,
        node_limit,
        progress::global(),
    );
    let finished = s.best >= s.ceiling || (s.stats.nodes <= node_limit && !s.cut_short);
    (s.best, finished)
}

/// The sequential search: the best score starts at `floor` (or the root's
/// score if higher) and the search stops once it reaches `ceiling` (or the
/// root's bound if lower). `None` if it enters more than `node_limit`
/// positions without stopping.
fn search_within<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    floor: u32,
    ceiling: u32,
    node_limit: u64,
) -> Option<(u32, SearchStats)> {
    let s = run(
        problem,
        root,
        depth,
        floor,
        ceiling,
        node_limit,
        progress::global(),
    );
    (s.best >= s.ceiling || s.stats.nodes <= node_limit).then_some((s.best, s.stats))
}

/// The sequential search of [`search_within`], returning the searcher
/// with what it found, published to `progress`.
fn run<'p, P: Climb>(
    problem: &'p P,
    root: &P::Node,
    depth: u32,
    floor: u32,
    ceiling: u32,
    node_limit: u64,
    progress: &'p Progress,
) -> Searcher<'p, P> {
    assert!(P::MOVES <= 8, "at most 8 moves per position");
    let mut s = Searcher::new(problem, root, depth, progress);
    // The root's own score, not `floor`: a floor need not be reached.
    progress.found(s.best);
    let bound = s.ceiling;
    s.best = s.best.max(floor);
    s.ceiling = s.ceiling.min(ceiling);
    s.limit_nodes(node_limit);
    s.climb(root, depth, bound, 0, None);
    s.publish_positions();
    s
}

/// [`maximize`] on all cores: the positions `split` moves deep are searched
/// as parallel tasks that share the best score found so far, so each prunes
/// with what the others found. The result is the same as [`maximize`]'s;
/// the counters are the sum over tasks and vary from run to run.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize_parallel<P>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    split: u32,
) -> (u32, SearchStats)
where
    P: Climb + Sync,
    P::Node: Send + Sync,
{
    maximize_parallel_capped(problem, root, depth, split, u32::MAX)
}

/// [`maximize_parallel`] capped as [`maximize_capped_within`].
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn maximize_parallel_capped<P>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    split: u32,
    cap: u32,
) -> (u32, SearchStats)
where
    P: Climb + Sync,
    P::Node: Send + Sync,
{
    let ceiling = problem.upper_bound(root, depth).min(cap);
    search_parallel(problem, root, depth, split, 0, ceiling, progress::global())
}

/// Whether some line of at most `depth` moves from `root` reaches a score
/// of `target`: the search of [`maximize`] with the best score set to
/// `target - 1` from the start, so that only lines able to reach `target`
/// are followed, stopping at the first that does.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn reaches<P: Climb>(problem: &P, root: &P::Node, depth: u32, target: u32) -> bool {
    reaches_within(problem, root, depth, target, u64::MAX).expect("no limit to reach")
}

/// [`reaches`] if it finishes within `node_limit` positions, else `None`.
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn reaches_within<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    target: u32,
    node_limit: u64,
) -> Option<bool> {
    if let Some(settled) = reached_or_out_of_reach(problem, root, depth, target) {
        return Some(settled);
    }
    // The best score starts at `target - 1` though no line may reach it:
    // every cut and table skip only asks whether `target` can still be
    // reached, and the search ends as soon as it is.
    search_within(problem, root, depth, target - 1, target, node_limit)
        .map(|(best, _)| best >= target)
}

/// The answer of [`reaches`] when no search is needed: `true` if the root
/// already scores `target`, `false` if its bound is below it.
fn reached_or_out_of_reach<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    target: u32,
) -> Option<bool> {
    if problem.score(root) >= target {
        Some(true)
    } else if problem.upper_bound(root, depth) < target {
        Some(false)
    } else {
        None
    }
}

/// [`reaches`] on all cores, split as in [`maximize_parallel`].
///
/// # Panics
/// If `P::MOVES` exceeds 8.
pub fn reaches_parallel<P>(problem: &P, root: &P::Node, depth: u32, split: u32, target: u32) -> bool
where
    P: Climb + Sync,
    P::Node: Send + Sync,
{
    if let Some(settled) = reached_or_out_of_reach(problem, root, depth, target) {
        return settled;
    }
    search_parallel(
        problem,
        root,
        depth,
        split,
        target - 1,
        target,
        progress::global(),
    )
    .0 >= target
}

/// The parallel search: the best score starts at `floor` (or the root's
/// score if higher), and the search stops once it reaches `ceiling`.
/// Every task publishes to `progress`.
fn search_parallel<P>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    split: u32,
    floor: u32,
    ceiling: u32,
    progress: &Progress,
) -> (u32, SearchStats)
where
    P: Climb + Sync,
    P::Node: Send + Sync,
{
    assert!(P::MOVES <= 8, "at most 8 moves per position");
    // Leave the tasks at least two moves, where the search has real work.
    let levels = split.min(depth.saturating_sub(2));
    // What the frontier's lines reach, kept apart from `floor`, which
    // need not be reached.
    let mut reached = problem.score(root);
    let mut frontier = vec![root.clone()];
    for _ in 0..levels {
        let mut next = Vec::with_capacity(frontier.len() * P::MOVES);
        let mut seen = ByteTable::new(problem.key(root).len(), usize::MAX);
        for node in &frontier {
            let mut child = node.clone();
            for mv in 0..P::MOVES {
                if problem.apply(node, mv, &mut child)
                    && seen.raise(problem.key(&child), 0).is_none()
                {
                    reached = reached.max(problem.score(&child));
                    next.push(child.clone());
                }
            }
        }
        // A position where no move changes anything ends every line through
        // it; its score is already in `best`, and no line is lost: any line
        // of at most `depth` moves, its do-nothing moves dropped, either
        // ends at such a position or passes a frontier position with at most
        // `depth - levels` moves left.
        frontier = next;
    }
    progress.found(reached);
    let best = reached.max(floor);
    let remaining = depth - levels;
    let mut tasks: Vec<(u32, &P::Node)> = frontier
        .iter()
        .map(|node| (problem.upper_bound(node, remaining), node))
        .collect();
    tasks.sort_by_key(|t| std::cmp::Reverse(t.0));
    let shared = AtomicU32::new(best);
    let stats = tasks
        .par_iter()
        .map(|&(bound, node)| {
            let mut s = Searcher::new(problem, node, remaining, progress);
            s.ceiling = ceiling;
            s.shared = Some(&shared);
            s.best = shared.load(Ordering::Relaxed);
            if s.best < s.ceiling {
                s.climb(node, remaining, bound, 0, None);
            }
            s.publish_positions();
            s.stats
        })
        .reduce(SearchStats::default, |a, b| a.add(&b));
    (shared.load(Ordering::Relaxed), stats)
}

/// The shortest line of moves from `root` whose final score is at least
/// `target`, using at most `depth` moves; among the shortest, the first in
/// move-number order compared move by move. `None` if no such line exists.
///
/// Moves that change nothing are never part of the answer: dropping one
/// gives a shorter line with the same final position. A search stopped
/// from outside ([`stop`]) may also end it with `None`.
pub fn first_line_reaching<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    target: u32,
) -> Option<Vec<usize>> {
    first_line_with(problem, root, depth, |node, moves| {
        reaches(problem, node, moves, target)
    })
}

/// [`first_line_reaching`] with the question "can a line of at most
/// `moves` moves from `node` reach the target?" answered by `reaches`
/// (for example [`reaches_parallel`] on deep searches).
///
/// The length is the smallest for which the root can reach the target,
/// found from `depth` down: reaching is monotone in the moves allowed, so
/// the first "no" ends the walk, and the answers above it are searches
/// that find a line (quick when the ordering is good) instead of proofs
/// that none exists at every shorter length. Then each move is the first,
/// in move order, after which the rest of the line can still be done in
/// the moves left. A line of that length passes every position chosen
/// this way, so the walk never backtracks, and choosing the first such
/// move at each step gives the first line in move order.
pub fn first_line_with<P: Climb>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    mut reaches: impl FnMut(&P::Node, u32) -> bool,
) -> Option<Vec<usize>> {
    if !reaches(root, depth) {
        return None;
    }
    let mut length = depth;
    while length > 0 && reaches(root, length - 1) {
        length -= 1;
    }
    let mut line = Vec::with_capacity(length as usize);
    let mut node = root.clone();
    let mut child = root.clone();
    for left in (0..length).rev() {
        let Some(mv) =
            (0..P::MOVES).find(|&mv| problem.apply(&node, mv, &mut child) && reaches(&child, left))
        else {
            // Only a search stopped from outside answers "no" wrongly.
            assert!(
                stop::cut_short(),
                "every position on a shortest line has a next move on one"
            );
            return None;
        };
        line.push(mv);
        std::mem::swap(&mut node, &mut child);
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter game: add 1, 2 or 3 to a number, capped at 10; score is the number.
    struct Adder;
    impl Climb for Adder {
        type Node = u8;
        const MOVES: usize = 3;
        fn score(&self, n: &u8) -> u32 {
            u32::from(*n)
        }
        fn upper_bound(&self, n: &u8, r: u32) -> u32 {
            (u32::from(*n) + 3 * r).min(10)
        }
        fn apply(&self, n: &u8, mv: usize, out: &mut u8) -> bool {
            *out = (n + mv as u8 + 1).min(10);
            *out != *n
        }
        fn key<'a>(&self, n: &'a u8) -> &'a [u8] {
            std::slice::from_ref(n)
        }
    }

    #[test]
    fn counter_game() {
        assert_eq!(maximize(&Adder, &0, 0).0, 0);
        assert_eq!(maximize(&Adder, &0, 2).0, 6);
        assert_eq!(maximize(&Adder, &0, 5).0, 10);
        // 7 needs three moves (two reach at most 6); the first such line in
        // move order is +1, +3, +3.
        assert_eq!(first_line_reaching(&Adder, &0, 5, 7), Some(vec![0, 2, 2]));
        assert_eq!(first_line_reaching(&Adder, &0, 5, 6), Some(vec![2, 2]));
        assert_eq!(first_line_reaching(&Adder, &0, 1, 6), None);
        assert_eq!(first_line_reaching(&Adder, &4, 1, 4), Some(vec![]));
    }

    #[test]
    fn the_counts_by_moves_left_add_up() {
        let (_, stats) = maximize(&Adder, &0, 5);
        let levels = &stats.by_moves_left;
        assert_eq!(levels[5].entered, 1, "the root, five moves left");
        assert!(levels[4].entered > 0 && levels[6..].iter().all(|l| l.entered == 0));
        assert_eq!(levels.iter().map(|l| l.entered).sum::<u64>(), stats.nodes);
        let both = stats.add(&stats);
        assert_eq!(both.nodes, 2 * stats.nodes);
        assert_eq!(both.by_moves_left[4].entered, 2 * levels[4].entered);
        // Deeper than the last slot is counted in it: here the root and
        // the first positions of the first line (the search stops at 10).
        let (_, deep) = maximize(&Adder, &0, LEVELS as u32 + 3);
        assert_eq!(deep.by_moves_left[LEVELS - 1].entered, 5);
        let entered = deep.by_moves_left.iter().map(|l| l.entered).sum::<u64>();
        assert_eq!(entered, deep.nodes);
    }

    /// [`Adder`] capped at 20 under a bound that never cuts, so that a
    /// floor above the best score still lets the search run.
    struct LooseAdder;
    impl Climb for LooseAdder {
        type Node = u8;
        const MOVES: usize = 3;
        fn score(&self, n: &u8) -> u32 {
            Adder.score(n)
        }
        fn upper_bound(&self, _: &u8, _: u32) -> u32 {
            20
        }
        fn apply(&self, n: &u8, mv: usize, out: &mut u8) -> bool {
            *out = (n + mv as u8 + 1).min(20);
            *out != *n
        }
        fn key<'a>(&self, n: &'a u8) -> &'a [u8] {
            std::slice::from_ref(n)
        }
    }

    /// A tree of four moves a position, every position new and of score 0
    /// under a bound of 1: nothing is cut, so a search enters every
    /// position down to one move from its leaves.
    struct Tree;
    impl Climb for Tree {
        type Node = [u8; 8];
        const MOVES: usize = 4;
        fn score(&self, _: &[u8; 8]) -> u32 {
            0
        }
        fn upper_bound(&self, _: &[u8; 8], _: u32) -> u32 {
            1
        }
        fn apply(&self, n: &[u8; 8], mv: usize, out: &mut [u8; 8]) -> bool {
            *out = (u64::from_le_bytes(*n) * 4 + mv as u64 + 1).to_le_bytes();
            true
        }
        fn key<'a>(&self, n: &'a [u8; 8]) -> &'a [u8] {
            n
        }
    }

    #[test]
    fn every_position_entered_is_published() {
        // 1 + 4 + ... + 4^7 positions: several batches and a remainder.
        let all: u64 = (0..8).map(|d| 4u64.pow(d)).sum();
        let progress = Progress::new();
        let s = run(&Tree, &[0; 8], 8, 0, u32::MAX, u64::MAX, &progress);
        assert_eq!(s.stats.nodes, all);
        assert_eq!(progress.snapshot().positions, all);

        // A limit stops the search in the middle of a batch (the
        // positions looked at while unwinding count too).
        let progress = Progress::new();
        let s = run(&Tree, &[0; 8], 8, 0, u32::MAX, 5000, &progress);
        assert!((5001..5100).contains(&s.stats.nodes), "{:?}", s.stats);
        assert_eq!(progress.snapshot().positions, s.stats.nodes);

        // Over threads, the tasks' counts add up to the total.
        let progress = Progress::new();
        let (_, stats) = search_parallel(&Tree, &[0; 8], 10, 2, 0, 1, &progress);
        assert!(stats.nodes > 4 * progress::BATCH, "{stats:?}");
        assert_eq!(progress.snapshot().positions, stats.nodes);
    }

    #[test]
    fn only_scores_of_real_lines_are_published() {
        let progress = Progress::new();
        let s = run(&Adder, &0, 2, 0, u32::MAX, u64::MAX, &progress);
        assert_eq!((s.best, progress.snapshot().best), (6, 6));
        let progress = Progress::new();
        let (best, _) = search_parallel(&Adder, &0, 5, 2, 0, 10, &progress);
        assert_eq!((best, progress.snapshot().best), (10, 10));
        // Asking whether 8 is reached in two moves starts the best at 7,
        // which no line reaches: it must not be shown as found.
        let progress = Progress::new();
        let s = run(&LooseAdder, &0, 2, 7, 8, u64::MAX, &progress);
        assert_eq!(s.best, 7);
        assert!(progress.snapshot().best <= 6, "{:?}", progress.snapshot());
        // In parallel, with the frontier one move deep: 11 in three moves.
        let progress = Progress::new();
        let (best, _) = search_parallel(&LooseAdder, &0, 3, 1, 10, 11, &progress);
        assert_eq!(best, 10);
        assert!(progress.snapshot().best <= 9, "{:?}", progress.snapshot());
    }
}
