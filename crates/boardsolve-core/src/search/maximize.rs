//! Depth-bounded branch and bound with a transposition table.
//!
//! A [`Climb`] is a one-player game whose score never decreases along a
//! line of play (2048's largest tile is one). A [`Climbing`] says how to
//! search one: [`Climbing::maximize`] finds the best score reachable in at
//! most `depth` moves, [`Climbing::reaches`] whether a target is;
//! [`first_line_reaching`] finds the shortest line reaching a target,
//! first in move order among equals.
//!
//! Both searches are exact: a subtree is cut only when a proven upper bound
//! ([`Climb::upper_bound`]) says it cannot beat what is already known, and
//! the transposition table only skips positions already searched at least
//! as deep.
//!
//! A search given a [`RunContext`] ([`Climbing::context`]) publishes what
//! it finds to the context's progress as it goes, for a live display, and
//! stops when the context asks it to.

use super::context::RunContext;
use super::progress;
pub use super::stats::{LEVELS, LevelStats, SearchStats};
use super::table::ByteTable;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// A one-player game for [`Climbing`]: positions, moves, scores and bounds.
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
    /// Where positions entered and scores reached are published, and
    /// the stop looked at; none for a search nobody watches or stops.
    context: Option<&'p RunContext>,
    /// Positions entered already added to `progress`.
    published: u64,
    /// The next position count at which `climb` looks up from its work:
    /// to publish, or to give up at `node_limit`. One test covers both,
    /// so the inner loop costs what it did with the limit alone.
    checkpoint: u64,
    /// Whether a stop from outside (the [`RunContext`]) ended this search early.
    cut_short: bool,
}

/// The children of one position in the order they are searched: (upper
/// bound, rank, move), most promising first, `count` of them.
struct Order {
    moves: [(u32, u32, usize); 8],
    count: usize,
    /// Whether the children are not built yet: their bounds came from
    /// [`Climb::child_bounds`] or from the parent.
    lazy: bool,
}

impl<'p, P: Climb> Searcher<'p, P> {
    fn new(
        problem: &'p P,
        root: &P::Node,
        depth: u32,
        context: Option<&'p RunContext>,
    ) -> Searcher<'p, P> {
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
            context,
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

    /// Adds the positions entered since the last call to the record, looks
    /// at the context's deadline, and sets the next checkpoint.
    fn publish_positions(&mut self) {
        if let Some(context) = self.context {
            context
                .progress()
                .entered(self.stats.nodes - self.published);
            context.check_deadline();
        }
        self.published = self.stats.nodes;
        self.checkpoint =
            (self.stats.nodes + progress::BATCH).min(self.node_limit.saturating_add(1));
    }

    fn raise(&mut self, score: u32) {
        if score > self.best {
            self.best = score;
            if let Some(context) = self.context {
                context.progress().found(score);
            }
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

    /// How a search ended, from its counters and its best score.
    fn end(&self) -> End {
        if self.best >= self.ceiling {
            End::Finished
        } else if self.stats.nodes > self.node_limit {
            End::OutOfPositions
        } else if self.cut_short {
            End::Stopped
        } else {
            End::Finished
        }
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
        if !self.enter(node, remaining, bound) {
            return;
        }
        let mut children = self.children_buffer(level, node);
        let order = self.order(node, remaining, known, &mut children);
        for &(b, _, mv) in &order.moves[..order.count] {
            if b <= self.best {
                self.stats.bound_cuts += 1;
                continue;
            }
            let Some(known) = self.look(node, mv, &mut children[mv], remaining, order.lazy) else {
                continue;
            };
            self.climb(&children[mv], remaining - 1, b, level + 1, known);
            if self.best >= self.ceiling {
                break;
            }
        }
        self.scratch[level] = children;
    }

    /// Counts `node` as entered and settles it when it can be without its
    /// children: at the leaves, past a limit or a stop, under the bound or
    /// in the table. `true` if its children must be searched.
    #[inline(always)]
    fn enter(&mut self, node: &P::Node, remaining: u32, bound: u32) -> bool {
        self.stats.nodes += 1;
        self.stats.level(remaining).entered += 1;
        if self.stats.nodes >= self.checkpoint {
            if self.stats.nodes > self.node_limit {
                return false;
            }
            self.publish_positions();
        }
        if let Some(context) = self.context
            && context.stop_requested()
        {
            // `best` stays a score some line reaches: a lower bound.
            context.note_cut_short();
            self.cut_short = true;
            return false;
        }
        if let Some(shared) = self.shared {
            // Another thread's best prunes here too: every bound test below
            // only needs `best` to be a score some line really reaches.
            self.best = self.best.max(shared.load(Ordering::Relaxed));
        }
        self.raise(self.problem.score(node));
        if remaining == 0 || self.best >= self.ceiling {
            return false;
        }
        if remaining == 1 {
            self.raise(self.problem.best_after_one(node));
            return false;
        }
        if bound <= self.best {
            self.stats.bound_cuts += 1;
            return false;
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
            return false;
        }
        true
    }

    /// The children of `node` with their bounds, most promising first, so
    /// that `best` rises early and the bound cuts more. Without bounds from
    /// `known` or [`Climb::child_bounds`], the children are built into
    /// `children` to bound them.
    #[inline(always)]
    fn order(
        &self,
        node: &P::Node,
        remaining: u32,
        known: Option<ChildBounds>,
        children: &mut [P::Node],
    ) -> Order {
        let mut order = Order {
            moves: [(0, 0, 0); 8],
            count: 0,
            lazy: false,
        };
        let mut bounds = ChildBounds::default();
        order.lazy = match known {
            Some(k) => {
                bounds = k;
                true
            }
            None => self
                .problem
                .child_bounds(node, remaining - 1, self.best, &mut bounds),
        };
        if order.lazy {
            for mv in 0..P::MOVES {
                order.moves[order.count] = (bounds.bound[mv], bounds.rank[mv], mv);
                order.count += 1;
            }
        } else {
            for (mv, child) in children.iter_mut().enumerate().take(P::MOVES) {
                if self.problem.apply(node, mv, child) {
                    let b = self.problem.upper_bound(child, remaining - 1);
                    order.moves[order.count] = (b, 0, mv);
                    order.count += 1;
                }
            }
        }
        order.moves[..order.count]
            .sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        order
    }

    /// Makes the child after `mv` ready to enter, looking at its own
    /// children's bounds first where the problem can: `None` when it need
    /// not be entered (it changes nothing, or none of its children can
    /// beat `best`), else the child bounds it is entered with, if known.
    #[inline(always)]
    fn look(
        &mut self,
        node: &P::Node,
        mv: usize,
        child: &mut P::Node,
        remaining: u32,
        lazy: bool,
    ) -> Option<Option<ChildBounds>> {
        let mut grand = ChildBounds::default();
        let outlook = if remaining >= 3 {
            self.problem
                .child_outlook(node, mv, child, remaining - 2, self.best, &mut grand)
        } else {
            None
        };
        match outlook {
            Some((false, _)) => None,
            Some((true, score)) => {
                self.stats.level(remaining - 1).looked_at += 1;
                // The child's value is its own score or a grandchild's,
                // and no grandchild can beat `best`.
                self.raise(score);
                if grand.bound[..P::MOVES].iter().all(|&g| g <= self.best) {
                    self.stats.bound_cuts += 1;
                    self.stats.level(remaining - 1).cut_by_look += 1;
                    return None;
                }
                Some(Some(grand))
            }
            None => {
                if lazy && !self.problem.apply(node, mv, child) {
                    return None;
                }
                Some(None)
            }
        }
    }
}

/// One search of a [`Climb`]: how many moves, a score no line can beat,
/// a limit of positions or all cores, the run it belongs to. Set up once, in the way of
/// ripgrep's `SearcherBuilder`, then asked [`Climbing::maximize`] or
/// [`Climbing::reaches`]; it is read when a search starts, never in the
/// search's loop.
///
/// ```
/// use boardsolve_core::search::maximize::{Climb, Climbing, End};
/// /// Add 1 or 2 to a number, up to 5; the score is the number.
/// struct Count;
/// impl Climb for Count {
///     type Node = u8;
///     const MOVES: usize = 2;
///     fn score(&self, n: &u8) -> u32 { u32::from(*n) }
///     fn upper_bound(&self, n: &u8, left: u32) -> u32 { (u32::from(*n) + 2 * left).min(5) }
///     fn apply(&self, n: &u8, mv: usize, out: &mut u8) -> bool {
///         *out = (n + mv as u8 + 1).min(5);
///         out != n
///     }
///     fn key<'a>(&self, n: &'a u8) -> &'a [u8] { std::slice::from_ref(n) }
/// }
/// assert_eq!(Climbing::new(2).maximize(&Count, &0).value, 4);
/// assert_eq!(Climbing::new(2).cap(4).maximize(&Count, &0).value, 4);
/// assert!(!Climbing::new(2).reaches(&Count, &0, 5).value);
/// assert!(Climbing::new(3).parallel(1).reaches(&Count, &0, 5).value);
/// assert_eq!(Climbing::new(9).node_limit(1).maximize(&Count, &0).end, End::OutOfPositions);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Climbing<'c> {
    depth: u32,
    cap: u32,
    cores: Cores,
    context: Option<&'c RunContext>,
}

/// Where a [`Climbing`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cores {
    /// On the calling thread, giving up after `node_limit` positions.
    One { node_limit: u64 },
    /// On all cores, the positions `split` moves deep as parallel tasks.
    All { split: u32 },
}

/// What a [`Climbing`] search found: its answer, its counters and how it
/// ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The answer: exact when the search [`End::Finished`]; otherwise a
    /// score some line reaches ([`Climbing::maximize`]) or `true` only for
    /// a line found ([`Climbing::reaches`]).
    pub value: T,
    /// The counters; summed over tasks, and varying from run to run, in
    /// a parallel search.
    pub stats: SearchStats,
    /// Whether the answer is proven.
    pub end: End,
}

/// How a [`Climbing`] search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Searched through, or stopped at a score nothing can beat.
    Finished,
    /// Gave up at its [`Climbing::node_limit`].
    OutOfPositions,
    /// Stopped from outside (by its [`RunContext`]).
    Stopped,
}

impl<T> Outcome<T> {
    /// The outcome, unless the search gave up at its limit of positions.
    pub fn completed(self) -> Option<Outcome<T>> {
        (self.end != End::OutOfPositions).then_some(self)
    }
}

/// The scores a search starts from and stops at: the best score starts at
/// `floor` (or the root's score if higher), and the search ends once it
/// reaches `ceiling` (or the root's bound if lower).
#[derive(Debug, Clone, Copy)]
struct Goal {
    floor: u32,
    ceiling: u32,
}

impl<'c> Climbing<'c> {
    /// A search of at most `depth` moves, on the calling thread, with no
    /// cap, no limit of positions, and no context: nobody stops it or
    /// watches it.
    pub const fn new(depth: u32) -> Climbing<'c> {
        Climbing {
            depth,
            cap: u32::MAX,
            cores: Cores::One {
                node_limit: u64::MAX,
            },
            context: None,
        }
    }

    /// Makes the search part of the run of `context`: it publishes what it
    /// finds there and stops when the context asks (by request or
    /// deadline), keeping what it proved ([`End::Stopped`]).
    #[must_use]
    pub const fn context(self, context: &'c RunContext) -> Climbing<'c> {
        Climbing {
            context: Some(context),
            ..self
        }
    }

    /// For a caller who knows that no line scores above `cap`: the search
    /// stops as soon as a line reaches `cap`. A cap below the best score
    /// breaks that promise, and the answer is then unspecified.
    #[must_use]
    pub const fn cap(self, cap: u32) -> Climbing<'c> {
        Climbing { cap, ..self }
    }

    /// Gives up after entering `node_limit` positions, on the calling
    /// thread (this replaces [`Climbing::parallel`]).
    #[must_use]
    pub const fn node_limit(self, node_limit: u64) -> Climbing<'c> {
        Climbing {
            cores: Cores::One { node_limit },
            ..self
        }
    }

    /// On all cores: the positions `split` moves deep are searched as
    /// parallel tasks that share the best score found so far, so each
    /// prunes with what the others found. The answer is the same; a
    /// parallel search has no limit of positions (this replaces
    /// [`Climbing::node_limit`]).
    #[must_use]
    pub const fn parallel(self, split: u32) -> Climbing<'c> {
        Climbing {
            cores: Cores::All { split },
            ..self
        }
    }

    /// The best score reachable from `root` in at most `depth` moves (up to
    /// the cap).
    ///
    /// # Panics
    /// If `P::MOVES` exceeds 8.
    pub fn maximize<P>(&self, problem: &P, root: &P::Node) -> Outcome<u32>
    where
        P: Climb + Sync,
        P::Node: Send + Sync,
    {
        self.search(
            problem,
            root,
            Goal {
                floor: 0,
                ceiling: self.cap,
            },
        )
    }

    /// Whether some line of at most `depth` moves from `root` reaches a
    /// score of `target`: the search of [`Climbing::maximize`] with the
    /// best score set to `target - 1` from the start, so that only lines
    /// able to reach `target` are followed, stopping at the first that
    /// does.
    ///
    /// # Panics
    /// If `P::MOVES` exceeds 8.
    pub fn reaches<P>(&self, problem: &P, root: &P::Node, target: u32) -> Outcome<bool>
    where
        P: Climb + Sync,
        P::Node: Send + Sync,
    {
        let settled = if problem.score(root) >= target {
            Some(true)
        } else if problem.upper_bound(root, self.depth) < target {
            Some(false)
        } else {
            None
        };
        if let Some(value) = settled {
            let (stats, end) = (SearchStats::default(), End::Finished);
            return Outcome { value, stats, end };
        }
        // The best score starts at `target - 1` though no line may reach it:
        // every cut and table skip only asks whether `target` can still be
        // reached, and the search ends as soon as it is.
        let goal = Goal {
            floor: target - 1,
            ceiling: self.cap.min(target),
        };
        let found = self.search(problem, root, goal);
        Outcome {
            value: found.value >= target,
            stats: found.stats,
            end: found.end,
        }
    }

    fn search<P>(&self, problem: &P, root: &P::Node, goal: Goal) -> Outcome<u32>
    where
        P: Climb + Sync,
        P::Node: Send + Sync,
    {
        match self.cores {
            Cores::One { .. } => {
                let s = self.run_one(problem, root, goal);
                let end = s.end();
                Outcome {
                    value: s.best,
                    stats: s.stats,
                    end,
                }
            }
            Cores::All { split } => self.run_all(problem, root, split, goal),
        }
    }

    /// The sequential search, returning the searcher with what it found,
    /// published to the context.
    fn run_one<'p, P: Climb>(&self, problem: &'p P, root: &P::Node, goal: Goal) -> Searcher<'p, P>
    where
        'c: 'p,
    {
        assert!(P::MOVES <= 8, "at most 8 moves per position");
        let mut s = Searcher::new(problem, root, self.depth, self.context);
        // The root's own score, not `floor`: a floor need not be reached.
        if let Some(context) = self.context {
            context.progress().found(s.best);
        }
        let bound = s.ceiling;
        s.best = s.best.max(goal.floor);
        s.ceiling = s.ceiling.min(goal.ceiling);
        if let Cores::One { node_limit } = self.cores {
            s.limit_nodes(node_limit);
        }
        s.climb(root, self.depth, bound, 0, None);
        s.publish_positions();
        s
    }

    /// The parallel search of [`Climbing::parallel`]. Every task
    /// publishes to the context.
    fn run_all<P>(&self, problem: &P, root: &P::Node, split: u32, goal: Goal) -> Outcome<u32>
    where
        P: Climb + Sync,
        P::Node: Send + Sync,
    {
        assert!(P::MOVES <= 8, "at most 8 moves per position");
        let depth = self.depth;
        let ceiling = problem.upper_bound(root, depth).min(goal.ceiling);
        // Leave the tasks at least two moves, where the search has real work.
        let levels = split.min(depth.saturating_sub(2));
        let (frontier, reached) = frontier(problem, root, levels);
        if let Some(context) = self.context {
            context.progress().found(reached);
        }
        let best = reached.max(goal.floor);
        let remaining = depth - levels;
        let mut tasks: Vec<(u32, &P::Node)> = frontier
            .iter()
            .map(|node| (problem.upper_bound(node, remaining), node))
            .collect();
        tasks.sort_by_key(|t| std::cmp::Reverse(t.0));
        let shared = AtomicU32::new(best);
        let task = |&(bound, node): &(u32, &P::Node)| {
            let mut s = Searcher::new(problem, node, remaining, self.context);
            s.ceiling = ceiling;
            s.shared = Some(&shared);
            s.best = shared.load(Ordering::Relaxed);
            if s.best < s.ceiling {
                s.climb(node, remaining, bound, 0, None);
            }
            s.publish_positions();
            (s.stats, s.cut_short)
        };
        let none = (SearchStats::default(), false);
        let add = |a: (SearchStats, bool), b: (SearchStats, bool)| (a.0.add(&b.0), a.1 || b.1);
        // Without the `parallel` feature the tasks run one after another:
        // the same answer, for a host without threads.
        #[cfg(feature = "parallel")]
        let (stats, cut_short) = tasks.par_iter().map(task).reduce(|| none, add);
        #[cfg(not(feature = "parallel"))]
        let (stats, cut_short) = tasks.iter().map(task).fold(none, add);
        let value = shared.load(Ordering::Relaxed);
        let end = if cut_short && value < ceiling {
            End::Stopped
        } else {
            End::Finished
        };
        Outcome { value, stats, end }
    }
}

/// The distinct positions `levels` moves from `root` by moves that change
/// something, and the best score of the positions on the way.
fn frontier<P: Climb>(problem: &P, root: &P::Node, levels: u32) -> (Vec<P::Node>, u32) {
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
    (frontier, reached)
}

/// The shortest line of moves from `root` whose final score is at least
/// `target`, using at most `depth` moves; among the shortest, the first in
/// move-number order compared move by move. `None` if no such line exists.
///
/// Moves that change nothing are never part of the answer: dropping one
/// gives a shorter line with the same final position.
pub fn first_line_reaching<P>(
    problem: &P,
    root: &P::Node,
    depth: u32,
    target: u32,
) -> Option<Vec<usize>>
where
    P: Climb + Sync,
    P::Node: Send + Sync,
{
    first_line_with(problem, root, depth, |node, moves| {
        Climbing::new(moves).reaches(problem, node, target).value
    })
}

/// [`first_line_reaching`] with the question "can a line of at most
/// `moves` moves from `node` reach the target?" answered by `reaches`
/// (for example [`Climbing::reaches`] on all cores for deep searches).
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
///
/// A `reaches` that may answer "no" wrongly (a search stopped by its
/// context) may leave the walk with no next move: the line is then
/// `None`, which the caller must read as "stopped", not as "no line".
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
            // Only a search stopped from outside answers "no" wrongly:
            // every position on a shortest line has a next move on one.
            return None;
        };
        line.push(mv);
        std::mem::swap(&mut node, &mut child);
    }
    Some(line)
}

#[cfg(test)]
mod tests;
