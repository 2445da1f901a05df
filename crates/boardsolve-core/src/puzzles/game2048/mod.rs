//! 2048: the largest block reachable in at most K moves (BOJ 12100, 12094;
//! the rules are in `docs/2048.md`).
//!
//! The board and its moves are in [`Board`]; the exact search lives in
//! [`crate::search::maximize`], and this puzzle supplies the moves and the
//! merge-tree bound. [`reference`](mod@reference) is the plain search it
//! is tested against, which also makes the classic mistakes for
//! `stress --diagnose`.

mod ahead;
mod avx512;
mod board;
mod counts;
mod decisions;
mod explain;
mod features;
mod r#gen;
mod landing;
mod lanes;
mod merges;
mod parse;
pub mod reference;
mod rules;
pub mod samples;
#[cfg(lanes128)]
mod slide;
mod solve;
#[cfg(lanes128)]
mod sse2;
mod svg;
#[cfg(test)]
mod tests;
mod variant;
mod walk;

pub use board::{Board, Direction, Instance, MAX_INPUT_EXPONENT, MAX_N, ValuesError, block_value};
pub use explain::{FirstMoves, Play, by_first_move, play};
pub use r#gen::{hard, random, shrink};
pub use solve::{Stats, answer, answer_sequential, answer_with_stats};

/// The pieces of one look, for `benches/game2048.rs`: what the two-move
/// look costs next to building a board's children.
#[doc(hidden)]
pub mod bench_support {
    pub use super::solve::{build_children, count_children, slide_children, two_move_look};
}
pub use svg::MAX_SVG_CELLS;
pub use variant::{Game2048, MAX_MOVES, Options};
