//! Dice yut: the best total score for a sequence of dice (BOJ 17825; the
//! rules are in `docs/yut.md`).
//!
//! The board is the table [`BOARD`]: every square with its value, its next
//! square and, for the three blue corners, the first square of its blue
//! route. Moves are looked up in a destination table built from it at
//! compile time.
//!
//! The solver memoizes on (turn, the four positions as a sorted multiset):
//! pieces are interchangeable, and the score still to come depends only on
//! that pair, so the work grows with the number of distinct states, not with
//! `4^dice`. Every move advances a piece by at least one square and the
//! longest route from start to end is [`LONGEST_ROUTE`] moves, so after at
//! most [`MAX_USEFUL_DICE`] turns all four pieces are finished and later
//! dice go unused: a million dice cost no more to solve than 84.

mod board;
mod explain;
mod features;
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

pub use board::{
    BOARD, CENTRE_25, END, FORTY, LONGEST_ROUTE, MAX_USEFUL_DICE, OUTER_10, OUTER_20, OUTER_30,
    SQUARES, START, Square, SquareId, destination, path,
};
pub use explain::{Alternative, Play, Turn, play};
pub use r#gen::{hard, random, shrink};
pub use parse::Instance;
pub use solve::{Choice, Stats, answer, answer_with_stats, best_from, choices};
pub use variant::Yut;
