//! Disappearing footholds (Programmers 92345): total moves under optimal
//! play. The rules and the input forms are described in `docs/footholds.md`.
//!
//! Two players stand on a board of footholds; in turn (A first) each steps
//! to an orthogonally adjacent foothold, and the one it left vanishes. A
//! player who cannot move, or whose foothold vanished under it, loses. The
//! winner ends the game as soon as it can, the loser lasts as long as it
//! can; the answer is the number of moves made.
//!
//! The board is a bitboard ([`Instance`]); [`answer`] is the memoized
//! negamax search with a shortcut once the players' regions split;
//! [`play`] is one optimal line, for `--explain` and `--json`; [`random`],
//! [`hard`] and [`shrink`] make instances for `gen` and `stress`; and
//! [`reference`](mod@reference) is the plain search the rest is tested against, which can
//! also make each classic mistake for `stress --diagnose`.

mod board;
mod explain;
pub mod features;
mod r#gen;
mod parse;
pub mod reference;
mod rules;
pub mod samples;
mod solve;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use board::{Coord, GridError, Instance, MAX_SIDE, Player};
pub use explain::{Alternative, Defeat, Move, Play, play};
pub use r#gen::{hard, random, shrink};
pub use solve::{Search, State, Stats, answer, answer_with_stats, answer_without_split};
pub use variant::Footholds;
