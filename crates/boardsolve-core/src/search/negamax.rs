//! Two-player search scored by win or loss and distance, memoized, with alpha-beta.
//!
//! A [`TwoPlayer`] game is seen from the side to move: a position, its
//! children, and optionally a shortcut ([`TwoPlayer::resolve`]) that gives a
//! position's exact value without searching it. Every game ends: there are no
//! draws, and a player who has no move has lost.
//!
//! Values are [`Score`]s from the side to move's point of view. A player who
//! can win wins as fast as possible; a player who must lose lasts as long as
//! possible. Both wishes are one order on scores (a quicker win is better, a
//! later loss is better), so the search is plain negamax: a position's score
//! is the best of [`Score::from_child`] over its children.
//!
//! The transposition table stores scores relative to the position (distances
//! to the end of the game, not to the root), so an entry is valid wherever
//! the position occurs; alpha-beta leaves bounds, stored as such.

use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::ops::Neg;

/// The value of a position for the player to move: who wins, and in how many moves.
///
/// The sign says who wins (positive: the player to move), the size says how
/// soon: `Score::win(d)` is `BASE - d` and `Score::loss(d)` is `-(BASE - d)`,
/// so the integer order is the players' preference. `Neg` swaps the point of
/// view without changing the distance.
///
/// ```
/// use boardsolve_core::search::negamax::Score;
/// assert!(Score::win(1) > Score::win(3));
/// assert!(Score::win(99) > Score::loss(99));
/// assert!(Score::loss(4) > Score::loss(2));
/// assert_eq!(-Score::win(3), Score::loss(3));
/// // The opponent to move loses in 2: we win in 3 by moving there.
/// assert_eq!(Score::from_child(Score::loss(2)), Score::win(3));
/// assert_eq!((Score::win(3).distance(), Score::win(3).wins()), (3, true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// Distances must stay below this; 2^20 moves is far beyond any board here.
    pub const BASE: i32 = 1 << 20;
    /// Below every score (an alpha-beta window bound, not a value).
    pub const MIN: Score = Score(-Self::BASE - 1);
    /// Above every score (an alpha-beta window bound, not a value).
    pub const MAX: Score = Score(Self::BASE + 1);

    /// The player to move wins, the game lasting `moves` more moves.
    pub fn win(moves: u32) -> Score {
        debug_assert!((moves as i32) < Self::BASE);
        Score(Self::BASE - moves as i32)
    }

    /// The player to move loses, the game lasting `moves` more moves.
    pub fn loss(moves: u32) -> Score {
        -Score::win(moves)
    }

    /// Whether the player to move wins.
    pub fn wins(self) -> bool {
        self.0 > 0
    }

    /// How many more moves the game lasts.
    pub fn distance(self) -> u32 {
        (Self::BASE - self.0.abs()) as u32
    }

    /// The score of a position whose move leads to a position scored `child`
    /// (for the opponent): the point of view flips and the game is one move longer.
    pub fn from_child(child: Score) -> Score {
        match child.0 {
            c if c > 0 => Score(-c + 1),
            c if c < 0 => Score(-c - 1),
            _ => Score(0),
        }
    }

    /// Whether a game can end with this score: the player who cannot go on
    /// is the one to move, so the player to move now wins after an odd
    /// number of moves and loses after an even number.
    fn possible(self) -> bool {
        self.0 != 0 && self.wins() == (self.distance() % 2 == 1)
    }

    /// The least possible score at or above `self` (which is at most `win(1)`).
    fn possible_up(self) -> Score {
        let mut s = self;
        while !s.possible() {
            s.0 += 1;
        }
        s
    }

    /// The greatest possible score at or below `self` (which is at least `loss(0)`).
    fn possible_down(self) -> Score {
        let mut s = self;
        while !s.possible() {
            s.0 -= 1;
        }
        s
    }

    /// The inverse of [`Score::from_child`], extended to window bounds: the
    /// child bound `x` such that `from_child(y) > bound` exactly when `y < x`.
    fn to_child(bound: Score) -> Score {
        match bound.0 {
            b if b >= Self::MAX.0 => Self::MIN,
            b if b <= Self::MIN.0 => Self::MAX,
            b if b > 0 => Score(-b - 1),
            b if b < 0 => Score(1 - b),
            _ => Score(0),
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// A finite two-player game without draws, seen from the side to move.
pub trait TwoPlayer {
    /// A position, including whatever the rules need (the side to move may be
    /// left out when the rules are the same for both players).
    type Position: Copy;
    /// What identifies a position in the transposition table.
    type Key: Hash + Eq + Copy;

    /// The transposition-table key of `pos`.
    fn key(&self, pos: &Self::Position) -> Self::Key;

    /// The exact score of `pos` if it is known without searching (the game
    /// is over, or splits into parts that no longer interact). Positions
    /// resolved here are not stored in the table.
    fn resolve(&mut self, pos: &Self::Position) -> Option<Score> {
        let _ = pos;
        None
    }

    /// Appends the positions after each legal move to `out` (which is empty),
    /// in a fixed order; the principal variation takes the first best move.
    /// No move at all means the player to move has lost.
    fn children(&self, pos: &Self::Position, out: &mut Vec<Self::Position>);

    /// Reorders `children` (as given by [`TwoPlayer::children`]) so the
    /// moves most likely best come first; alpha-beta cuts more that way.
    /// Only the search uses it: the principal variation keeps the fixed order.
    fn order(&self, children: &mut [Self::Position]) {
        let _ = children;
    }
}

/// Counters of one engine's searches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NegamaxStats {
    /// Positions searched (not resolved, not answered by the table).
    pub nodes: u64,
    /// Positions answered by [`TwoPlayer::resolve`].
    pub resolved: u64,
    /// Positions answered or cut by the table.
    pub table_hits: u64,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The true score is at least this.
    lower: Score,
    /// The true score is at most this.
    upper: Score,
    /// The child (in [`TwoPlayer::order`] order) that scored best last
    /// time: tried first when the position is searched again, which the
    /// repeated null-window searches of [`Negamax::score`] do often.
    best_child: u8,
}

/// A memoized alpha-beta negamax over one game; keep it to reuse its table
/// across calls (the principal variation asks about every position on the line).
pub struct Negamax<G: TwoPlayer> {
    /// The game (public so callers can reach caches the game keeps).
    pub game: G,
    table: FxHashMap<G::Key, Entry>,
    /// One reusable child buffer per depth, so the search allocates only
    /// while it first grows.
    buffers: Vec<Vec<G::Position>>,
    stats: NegamaxStats,
    table_limit: usize,
}

impl<G: TwoPlayer> Negamax<G> {
    /// An engine with an empty table.
    pub fn new(game: G) -> Self {
        Negamax {
            game,
            table: FxHashMap::default(),
            buffers: Vec::new(),
            stats: NegamaxStats::default(),
            table_limit: Self::DEFAULT_TABLE_LIMIT,
        }
    }

    /// Positions the table holds at most by default (about 600 MB with
    /// 16-byte keys); beyond it the search goes on exactly, only slower.
    pub const DEFAULT_TABLE_LIMIT: usize = 1 << 24;

    /// Sets how many positions the table may hold.
    pub fn with_table_limit(mut self, limit: usize) -> Self {
        self.table_limit = limit;
        self
    }

    /// The counters so far.
    pub fn stats(&self) -> NegamaxStats {
        self.stats
    }

    /// Number of positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact score of `pos` for the player to move.
    ///
    /// Found by null-window searches (MTD style): a null window cuts far
    /// more than the full one, and the table keeps what each search
    /// proved. The first asks who wins; its fail-soft result bounds the
    /// length. The next ones start from the proven side (a loss as long as
    /// the bound allows, a win quicker than the one found) and go twice as
    /// far past it each time it holds; once a probe does not, the score is
    /// bracketed and the range is halved. Probes far from the true length
    /// on the loser's side cost as much as probes at it, so neither plain
    /// halving nor stepping from the side alone is safe: on the slowest
    /// 8×8 footholds boards halving searched up to 2.3M positions, stepping
    /// up to 2.1M, this at most 1.8M. Only possible scores are probed: a
    /// win comes after an odd number of moves, a loss after an even number.
    pub fn score(&mut self, pos: &G::Position) -> Score {
        // The score lies in lo..=hi, both kept on possible scores.
        let (mut lo, mut hi) = (Score::loss(0), Score::win(1));
        // How far past the proven side the next probe goes, doubling while
        // the probes keep confirming that side; once one does not, the
        // score is bracketed and the range is halved instead.
        let mut gap = 0;
        let mut halving = false;
        let mut first = true;
        while lo < hi {
            // Is the score at least `beta`? lo < beta <= hi.
            let beta = if first || halving {
                Score(lo.0 + (hi.0 - lo.0 + 1) / 2).possible_up()
            } else if hi.0 < 0 {
                // A loss: from the longest still possible down.
                Score((hi.0 - gap).max(lo.0 + 1)).possible_up()
            } else {
                // A win: from the longest proven win towards quicker ones.
                Score((lo.0 + 1 + gap).min(hi.0)).possible_up()
            };
            let g = self.search(pos, Score(beta.0 - 1), beta, 0);
            let confirmed = if g >= beta {
                lo = g.possible_up();
                lo.0 > 0
            } else {
                hi = g.possible_down();
                hi.0 < 0
            };
            if !first {
                if confirmed {
                    gap = 2 * gap + 2;
                } else {
                    halving = true;
                }
            }
            first = false;
        }
        lo
    }

    /// Whether the player to move at `pos` wins (cheaper than [`Negamax::score`]:
    /// the search only needs to tell wins from losses).
    pub fn wins(&mut self, pos: &G::Position) -> bool {
        self.search(pos, Score(-1), Score(1), 0).wins()
    }

    /// The exact score and the principal variation: the positions after each
    /// move of one optimal line, the first best move in
    /// [`TwoPlayer::children`] order at every step.
    pub fn principal_variation(&mut self, pos: &G::Position) -> (Score, Vec<G::Position>) {
        let root = self.score(pos);
        let mut line = Vec::new();
        let mut current = *pos;
        let mut want = root;
        while want.distance() > 0 {
            let mut children = Vec::new();
            self.game.children(&current, &mut children);
            let next = children
                .into_iter()
                .map(|c| (c, self.score(&c)))
                .find(|&(_, s)| Score::from_child(s) == want)
                .expect("an exact score is reached by one of the moves");
            line.push(next.0);
            current = next.0;
            want = next.1;
        }
        (root, line)
    }

    /// Fail-soft alpha-beta: the result is exact inside `(alpha, beta)`, an
    /// upper bound when at most `alpha`, a lower bound when at least `beta`.
    fn search(&mut self, pos: &G::Position, alpha: Score, beta: Score, ply: usize) -> Score {
        if let Some(s) = self.game.resolve(pos) {
            self.stats.resolved += 1;
            return s;
        }
        let key = self.game.key(pos);
        let (alpha, beta, first) = match self.probe(&key, alpha, beta) {
            Ok(narrowed) => narrowed,
            Err(known) => return known,
        };
        self.stats.nodes += 1;
        let (best, best_child) = self.children(pos, alpha, beta, ply, first);
        self.store(key, best, best_child, (alpha, beta));
        best
    }

    /// What the table knows of `key` against the window (`alpha`, `beta`):
    /// `Err(score)` when that settles the search, else the window narrowed
    /// by its bounds and the child to try first.
    fn probe(
        &mut self,
        key: &G::Key,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<(Score, Score, usize), Score> {
        let Some(e) = self.table.get(key) else {
            return Ok((alpha, beta, 0));
        };
        if e.lower == e.upper {
            self.stats.table_hits += 1;
            return Err(e.lower);
        }
        let beta_asked = beta;
        alpha = alpha.max(e.lower);
        beta = beta.min(e.upper);
        if alpha >= beta {
            self.stats.table_hits += 1;
            return Err(if e.lower >= beta_asked {
                e.lower
            } else {
                e.upper
            });
        }
        Ok((alpha, beta, usize::from(e.best_child)))
    }

    /// Searches the children of `pos`, the remembered best (`first`, in
    /// [`TwoPlayer::order`] order) first: the best score and the index of
    /// the child that gave it.
    fn children(
        &mut self,
        pos: &G::Position,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        first: usize,
    ) -> (Score, usize) {
        if self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(8));
        }
        let mut children = std::mem::take(&mut self.buffers[ply]);
        children.clear();
        self.game.children(pos, &mut children);
        self.game.order(&mut children);
        if first < children.len() {
            // The remembered best first; the others keep their order.
            children[..=first].rotate_right(1);
        }
        let mut best = Score::loss(0);
        let mut best_child = first;
        for (i, child) in children.iter().enumerate() {
            let s = Score::from_child(self.search(
                child,
                Score::to_child(beta),
                Score::to_child(alpha),
                ply + 1,
            ));
            if s > best {
                best = s;
                // Index in `order` order, undoing the rotation.
                best_child = match i {
                    0 => first,
                    i if i <= first => i - 1,
                    i => i,
                };
                if best > alpha {
                    alpha = best;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = children;
        (best, best_child)
    }

    /// Remembers `best` for `key`, classified against the window it was
    /// searched with (narrowed by the table already: a bound the table gave
    /// makes the result exact whenever it falls outside), unless the table
    /// is full.
    fn store(&mut self, key: G::Key, best: Score, best_child: usize, window: (Score, Score)) {
        if self.table.len() >= self.table_limit && !self.table.contains_key(&key) {
            return;
        }
        let entry = self.table.entry(key).or_insert(Entry {
            lower: Score::MIN,
            upper: Score::MAX,
            best_child: 0,
        });
        entry.best_child = best_child as u8;
        let (alpha, beta) = window;
        if best <= alpha {
            entry.upper = entry.upper.min(best);
        } else if best >= beta {
            entry.lower = entry.lower.max(best);
        } else {
            entry.lower = best;
            entry.upper = best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1..=3 from a pile, whoever cannot move loses.
    struct Take(u32);
    impl TwoPlayer for Take {
        type Position = u32;
        type Key = u32;
        fn key(&self, p: &u32) -> u32 {
            *p
        }
        fn children(&self, p: &u32, out: &mut Vec<u32>) {
            for k in 1..=self.0 {
                if k <= *p {
                    out.push(p - k);
                }
            }
        }
    }

    fn plain(p: u32, max_take: u32) -> Score {
        let mut best = Score::loss(0);
        for k in 1..=max_take.min(p) {
            best = best.max(Score::from_child(plain(p - k, max_take)));
        }
        best
    }

    #[test]
    fn subtraction_game_matches_plain_negamax() {
        for p in 0..20 {
            let mut engine = Negamax::new(Take(3));
            let s = engine.score(&p);
            assert_eq!(s, plain(p, 3), "pile {p}");
            assert_eq!(s.wins(), p % 4 != 0);
            assert_eq!(engine.wins(&p), p % 4 != 0);
            let (root, line) = engine.principal_variation(&p);
            assert_eq!(root, s);
            assert_eq!(line.len() as u32, s.distance());
            // A table too small to remember anything changes speed, not answers.
            let mut forgetful = Negamax::new(Take(3)).with_table_limit(0);
            assert_eq!(forgetful.score(&p), s);
            assert_eq!(forgetful.table_len(), 0);
        }
    }

    #[test]
    fn possible_scores_follow_the_parity_of_the_length() {
        for d in 0..10 {
            assert_eq!(Score::win(d).possible(), d % 2 == 1, "win {d}");
            assert_eq!(Score::loss(d).possible(), d % 2 == 0, "loss {d}");
        }
        assert_eq!(Score::win(4).possible_up(), Score::win(3));
        assert_eq!(Score::win(4).possible_down(), Score::win(5));
        assert_eq!(Score::loss(3).possible_up(), Score::loss(4));
        assert_eq!(Score::loss(3).possible_down(), Score::loss(2));
        assert_eq!(Score(0).possible_up(), Score(1));
        assert_eq!(Score(0).possible_down(), Score(-2));
        // Every score the plain search finds is possible.
        for p in 0..20 {
            assert!(plain(p, 3).possible(), "pile {p}");
        }
    }

    #[test]
    fn windows_map_exactly() {
        let scores: Vec<Score> = (0..8)
            .flat_map(|d| [Score::win(d), Score::loss(d)])
            .collect();
        let mut bounds = scores.clone();
        bounds.extend([Score(0), Score::MIN, Score::MAX]);
        for &a in &bounds {
            for &y in &scores {
                if y.distance() > 0 || !y.wins() {
                    assert_eq!(
                        Score::from_child(y) > a,
                        y < Score::to_child(a),
                        "{a:?} {y:?}"
                    );
                }
            }
        }
    }
}
