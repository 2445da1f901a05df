//! The rule features of a game and its optimal play, for a diagnosis that
//! no catalogued mistake explains: each an exact fact, found by following
//! every optimal line (every move of optimal value, for both players) with
//! the fast engine's scores.
//!
//! Once the players cannot reach each other the lines are not followed
//! move by move: from there every winning move of the winner ends the game
//! at the same move (the loser's walk decides it), they share no cell and
//! the loser can only run out of moves, so only the loser's longest walks
//! are left to look at (`Lines::loser_can_stop_sooner`).

use super::board::{Instance, bit, component};
use super::solve::{Search, State, root_state};
use crate::search::negamax::{Negamax, Score};
use std::collections::HashSet;

/// At some turn of optimal play, the winner's first winning step in the
/// order up, down, left, right wins later than its quickest.
pub const FIRST_WIN_NOT_QUICKEST: &str = "at some turn of optimal play the winner's first winning step (trying up, down, left, right) is not its quickest";
/// At some turn of optimal play, the winner has a win that takes longer.
pub const WINNER_COULD_WAIT: &str = "at some turn of optimal play the winner could also win later";
/// At some turn of optimal play, the loser has a move that loses sooner.
pub const LOSER_COULD_HURRY: &str = "at some turn of optimal play the loser could lose sooner";
/// Both players stand on one cell at some point of some optimal play.
pub const SHARED_CELL: &str = "the players share a cell at some point of optimal play";
/// Some optimal play ends with the loser's foothold gone from under it.
pub const FOOTHOLD_GONE: &str =
    "some optimal play ends with the loser's foothold vanishing under it";
/// The second player wins.
pub const B_WINS: &str = "B (the second player) wins";
/// No path of footholds joins the two starts.
pub const APART: &str = "the players cannot reach each other from the start";
/// Rows and columns differ.
pub const NOT_SQUARE: &str = "the board is not square";

/// Cell index steps up, down, left, right (cells at bit `8r + c`).
const STEPS: [i8; 4] = [-8, 8, -1, 1];

/// What the optimal lines have shown so far.
#[derive(Default)]
struct Found {
    first_win_not_quickest: bool,
    winner_could_wait: bool,
    loser_could_hurry: bool,
    shared: bool,
    foothold_gone: bool,
}

/// The walk of the optimal lines, with the engine that scores them.
struct Lines {
    engine: Negamax<Search>,
    /// The longest walks of a player alone in its region.
    walker: Search,
    /// The board's cells.
    inside: u64,
    /// Positions already followed.
    seen: HashSet<State>,
    /// Loser positions (region, cell) already followed after the split.
    walks: HashSet<(u64, u8)>,
    found: Found,
}

impl Lines {
    /// The mover's legal steps, in the order up, down, left, right, each
    /// as the position after it.
    fn steps(&self, s: &State) -> Vec<State> {
        let feet = s.feet & !(1u64 << s.mover);
        let col = s.mover % 8;
        STEPS
            .iter()
            // No wrapping from one row's edge to the next row.
            .filter(|&&d| !(d == -1 && col == 0 || d == 1 && col == 7))
            .filter_map(|&d| {
                let to = i16::from(s.mover) + i16::from(d);
                let to = u8::try_from(to).ok().filter(|&t| t < 64)?;
                (feet & self.inside & (1u64 << to) != 0).then_some(State {
                    feet,
                    mover: s.other,
                    other: to,
                })
            })
            .collect()
    }

    fn follow(&mut self, s: State) {
        if !self.seen.insert(s) {
            return;
        }
        if s.mover == s.other {
            self.found.shared = true;
        }
        let mover = 1u64 << s.mover;
        if s.feet & mover == 0 {
            self.found.foothold_gone = true;
            return;
        }
        let children = self.steps(&s);
        if children.is_empty() {
            return;
        }
        let reach = component(s.feet, mover);
        if s.mover != s.other && reach & (1u64 << s.other) == 0 {
            // Cut off from each other: only the loser's walk is left.
            let score = self.engine.score(&s);
            let loser = if score.wins() { s.other } else { s.mover };
            let region = component(s.feet, 1u64 << loser);
            if !self.found.loser_could_hurry {
                self.found.loser_could_hurry = self.loser_can_stop_sooner(region, loser);
            }
            return;
        }
        let scores: Vec<Score> = children
            .iter()
            .map(|c| Score::from_child(self.engine.score(c)))
            .collect();
        let best = *scores.iter().max().expect("a legal step");
        if best.wins() {
            let first = scores.iter().find(|s| s.wins()).expect("a win");
            if *first != best {
                self.found.first_win_not_quickest = true;
            }
            if scores.iter().any(|s| s.wins() && *s < best) {
                self.found.winner_could_wait = true;
            }
        } else if scores.iter().any(|s| *s < best) {
            self.found.loser_could_hurry = true;
        }
        for (child, score) in children.into_iter().zip(scores) {
            if score == best {
                self.follow(child);
            }
        }
    }

    /// Whether the loser, walking alone in `region` from `at` as long as
    /// it can, has at some step of some longest walk a step that ends its
    /// walk sooner.
    fn loser_can_stop_sooner(&mut self, region: u64, at: u8) -> bool {
        if !self.walks.insert((region, at)) {
            return false;
        }
        let rest = region & !(1u64 << at);
        let here = State {
            feet: region,
            mover: at,
            other: at,
        };
        let lengths: Vec<(u8, u32)> = self
            .steps(&here)
            .into_iter()
            .map(|c| {
                let next = component(rest, 1u64 << c.other);
                (c.other, self.walker.longest_path(next, c.other))
            })
            .collect();
        let Some(most) = lengths.iter().map(|&(_, l)| l).max() else {
            return false;
        };
        if lengths.iter().any(|&(_, l)| l < most) {
            return true;
        }
        lengths.into_iter().any(|(to, _)| {
            let next = component(rest, 1u64 << to);
            self.loser_can_stop_sooner(next, to)
        })
    }
}

/// The features of `instance` (see the constants of this module), in the
/// order of the constants.
pub fn features(instance: &Instance) -> Vec<&'static str> {
    let inside = (0..instance.rows)
        .flat_map(|r| (0..instance.cols).map(move |c| bit((r, c))))
        .fold(0, |all, b| all | b);
    let mut lines = Lines {
        engine: Negamax::new(Search::new(instance.rows, instance.cols)),
        walker: Search::new(instance.rows, instance.cols),
        inside,
        seen: HashSet::new(),
        walks: HashSet::new(),
        found: Found::default(),
    };
    let root = root_state(instance);
    let a_wins = lines.engine.score(&root).wins();
    lines.follow(root);
    let f = &lines.found;
    let apart = component(instance.footholds, bit(instance.a)) & bit(instance.b) == 0;
    [
        (f.first_win_not_quickest, FIRST_WIN_NOT_QUICKEST),
        (f.winner_could_wait, WINNER_COULD_WAIT),
        (f.loser_could_hurry, LOSER_COULD_HURRY),
        (f.shared, SHARED_CELL),
        (f.foothold_gone, FOOTHOLD_GONE),
        (!a_wins, B_WINS),
        (apart, APART),
        (instance.rows != instance.cols, NOT_SQUARE),
    ]
    .into_iter()
    .filter_map(|(has, clause)| has.then_some(clause))
    .collect()
}
