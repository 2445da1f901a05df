//! The fast exact solver: the generic [`crate::search::negamax`] engine,
//! memoized on (footholds, the mover's cell, the other player's cell). The
//! rules are the same for both players, so the side to move is implied by
//! whose cell comes first, and A-to-move and B-to-move positions share
//! entries.
//!
//! Once the players cannot reach each other, the game splits: each can only
//! walk its own region, so each one's best is the longest path it can walk
//! there, and the outcome follows without searching ([`Search::resolve`]).

use super::board::{Coord, EVEN, Instance, NOT_COL0, NOT_COL7, bit, component, spread};
use crate::search::negamax::{Negamax, NegamaxStats, Score, TwoPlayer};
use rustc_hash::FxHashMap;

/// The search counters of one solve.
pub type Stats = NegamaxStats;

/// A position of the search, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// Cells that still have a foothold.
    pub feet: u64,
    /// The cell (bit index `8r + c`) of the player to move.
    pub mover: u8,
    /// The cell of the other player.
    pub other: u8,
}

/// The rules for the [`Negamax`] engine, with the longest-path cache used
/// when the players' regions split.
pub struct Search {
    /// Per cell, its neighbours on the board.
    neighbors: [u64; 64],
    /// Longest path (in moves) from a cell through a connected region that
    /// contains it, keyed by (region, cell).
    paths: FxHashMap<(u64, u8), u8>,
    /// Whether [`TwoPlayer::resolve`] may use the split (off only to measure it).
    split: bool,
}

impl Search {
    /// The rules on a `rows`×`cols` board.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut neighbors = [0u64; 64];
        let mut inside = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                inside |= bit((r, c));
            }
        }
        for (i, n) in neighbors.iter_mut().enumerate() {
            *n = spread(1 << i) & inside;
        }
        Search {
            neighbors,
            paths: FxHashMap::default(),
            split: true,
        }
    }

    /// The same rules without the split shortcut: every position is searched.
    pub fn without_split(rows: usize, cols: usize) -> Self {
        Search {
            split: false,
            ..Search::new(rows, cols)
        }
    }

    /// The longest walk (number of moves) from `at` inside the connected
    /// `region` (which contains `at`), the cell left behind vanishing each move.
    pub fn longest_path(&mut self, region: u64, at: u8) -> u32 {
        self.walk(region, at, u32::MAX)
    }

    /// `min(longest_path(region, at), cap)`: the search stops as soon as a
    /// walk of `cap` moves is found, which is all a comparison needs.
    pub(super) fn walk(&mut self, region: u64, at: u8, cap: u32) -> u32 {
        if cap == 0 {
            return 0;
        }
        let rest = region & !(1u64 << at);
        let next = self.neighbors[usize::from(at)] & rest;
        if next == 0 {
            return 0;
        }
        if next.is_power_of_two() {
            // A single way on: everything left stays connected through it, and
            // there is no choice to remember.
            return 1 + self.walk(rest, next.trailing_zeros() as u8, cap - 1);
        }
        if let Some(&l) = self.paths.get(&(region, at)) {
            return u32::from(l).min(cap);
        }
        let bound = walk_bound(region, at);
        let enough = bound.min(cap);
        let mut best = 0;
        let mut left = next;
        while left != 0 {
            let n = left & left.wrapping_neg();
            left ^= n;
            let sub = component(rest, n);
            let to = n.trailing_zeros() as u8;
            // Through `to` the walk makes at most 1 + walk_bound(sub, to) moves.
            if walk_bound(sub, to) < best {
                continue;
            }
            best = best.max(1 + self.walk(sub, to, cap - 1));
            if best >= enough {
                break;
            }
        }
        // Only exact lengths are remembered: below the cap every branch was
        // followed to its end, and the bound is never exceeded. The memo is
        // bounded like the engine's table: beyond it, recompute instead.
        if (best < cap || best == bound) && self.paths.len() < 1 << 22 {
            self.paths.insert((region, at), best as u8);
        }
        best
    }
}

/// An upper bound of the longest walk from `at` in `region` (which holds
/// `at`), the lesser of two:
///
/// - Colours: the board is a chessboard and a walk alternates colours, so
///   it uses at most one more cell of its starting colour than of the other.
/// - Dead ends: a cell other than `at` with at most one neighbour in the
///   region can only be the walk's last cell (entered from that neighbour,
///   it has no way on), so the walk visits at most one of them.
pub(super) fn walk_bound(region: u64, at: u8) -> u32 {
    let own_colour = if EVEN >> at & 1 == 1 { EVEN } else { !EVEN };
    let same = (region & own_colour).count_ones();
    let other = (region & !own_colour).count_ones();
    let by_colour = (2 * same.min(other)).max((2 * same - 1).min(2 * other + 1));
    let up = (region << 8) & region;
    let down = (region >> 8) & region;
    let left = (region << 1) & NOT_COL0 & region;
    let right = (region >> 1) & NOT_COL7 & region;
    let two_or_more =
        (up & down) | (up & left) | (up & right) | (down & left) | (down & right) | (left & right);
    let dead_ends = (region & !two_or_more & !(1u64 << at)).count_ones();
    let by_dead_ends = region.count_ones() - dead_ends.saturating_sub(1);
    by_colour.min(by_dead_ends) - 1
}

impl TwoPlayer for Search {
    type Position = State;
    type Key = u128;

    fn key(&self, s: &State) -> u128 {
        // Footholds neither player can reach do not change the game: left
        // out, positions that differ only there share one entry.
        let players = (1u64 << s.mover | 1u64 << s.other) & s.feet;
        let reach = component(s.feet, players);
        u128::from(reach) | u128::from(s.mover) << 64 | u128::from(s.other) << 72
    }

    fn resolve(&mut self, s: &State) -> Option<Score> {
        let mover = 1u64 << s.mover;
        if s.feet & mover == 0 || self.neighbors[usize::from(s.mover)] & s.feet == 0 {
            return Some(Score::loss(0));
        }
        if !self.split || s.mover == s.other {
            return None;
        }
        let mine = component(s.feet, mover);
        if mine & (1u64 << s.other) != 0 {
            return None;
        }
        let theirs = component(s.feet, 1u64 << s.other);
        // Turns alternate, mover first: whoever runs out of moves first loses,
        // and a tie loses for the mover, who must move first. So only the
        // shorter walk is needed exactly, and the longer only as far as it
        // reaches the shorter.
        let their_most = walk_bound(theirs, s.other);
        let mine_capped = self.walk(mine, s.mover, their_most + 1);
        Some(if mine_capped > their_most {
            Score::win(2 * self.longest_path(theirs, s.other) + 1)
        } else {
            // `mine_capped` is my exact walk.
            let theirs_capped = self.walk(theirs, s.other, mine_capped);
            if theirs_capped >= mine_capped {
                Score::loss(2 * mine_capped)
            } else {
                Score::win(2 * theirs_capped + 1)
            }
        })
    }

    fn children(&self, s: &State, out: &mut Vec<State>) {
        let feet = s.feet & !(1u64 << s.mover);
        let next = self.neighbors[usize::from(s.mover)] & feet;
        // Up, left, right, down: ascending bit order.
        let mut left = next;
        while left != 0 {
            let to = left.trailing_zeros() as u8;
            left &= left - 1;
            out.push(State {
                feet,
                mover: s.other,
                other: to,
            });
        }
    }

    fn order(&self, children: &mut [State]) {
        // Most territory for us first: cells we reach before the opponent.
        children.sort_by_cached_key(|c| territory(c.feet, c.mover, c.other));
    }
}

/// Cells the player at `mover` (to move) reaches strictly before the player
/// at `other`, minus the cells `other` reaches first, walking through `feet`
/// (the Voronoi count of Tron programs): a cheap guess of who controls more
/// of the board, used only to order moves.
fn territory(feet: u64, mover: u8, other: u8) -> i32 {
    let (mut mine, mut theirs) = (1u64 << mover, 1u64 << other);
    let mut seen = mine | theirs;
    let mut score = 0i32;
    loop {
        let next_mine = spread(mine) & feet & !seen;
        let next_theirs = spread(theirs) & feet & !seen;
        if next_mine | next_theirs == 0 {
            return score;
        }
        score += (next_mine & !next_theirs).count_ones() as i32
            - (next_theirs & !next_mine).count_ones() as i32;
        seen |= next_mine | next_theirs;
        mine = next_mine;
        theirs = next_theirs;
    }
}

/// The start position: A to move.
pub(super) fn root_state(instance: &Instance) -> State {
    let index = |c: Coord| (c.0 * 8 + c.1) as u8;
    State {
        feet: instance.footholds,
        mover: index(instance.a),
        other: index(instance.b),
    }
}

/// A's score at the start (see [`Score`]) and the search counters, found by
/// `rules`.
pub(super) fn score(instance: &Instance, rules: Search) -> (Score, Stats) {
    let mut engine = Negamax::new(rules);
    let score = engine.score(&root_state(instance));
    (score, engine.stats())
}

/// The total number of moves under optimal play (the judge's answer).
///
/// ```
/// use boardsolve_core::puzzles::Text;
/// use boardsolve_core::puzzles::footholds::{answer, Footholds};
/// let game = Footholds.parse(b"[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]").unwrap();
/// assert_eq!(answer(&game), 4);
/// ```
pub fn answer(instance: &Instance) -> u32 {
    answer_with_stats(instance).0
}

/// The judge's answer and the search counters.
pub fn answer_with_stats(instance: &Instance) -> (u32, Stats) {
    let (score, stats) = score(instance, Search::new(instance.rows, instance.cols));
    (score.distance(), stats)
}

/// The judge's answer and the search counters without the split shortcut
/// (for measuring it).
pub fn answer_without_split(instance: &Instance) -> (u32, Stats) {
    let rules = Search::without_split(instance.rows, instance.cols);
    let (score, stats) = score(instance, rules);
    (score.distance(), stats)
}
