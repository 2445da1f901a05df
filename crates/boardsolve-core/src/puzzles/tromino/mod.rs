//! L-tromino tiling of a board with one hole, numbered in the placement
//! order of docs/tromino.md, BOJ 14600 / 14601, and any side not divisible
//! by 3.
//!
//! Power-of-two boards follow the placement order exactly and stream: every
//! label follows arithmetically from its cell's quadrant path (see
//! [`order`]), so an 8192×8192 board goes out two rows at a time in a few
//! MiB of memory. Other sides are tiled in memory by the construction of
//! [`general`]. `--explain` and `--json` list the trominoes in placement
//! order with their recursion levels ([`play`]).

mod check;
mod explain;
mod features;
mod r#gen;
pub mod general;
pub mod order;
mod parse;
pub mod reference;
mod rules;
pub mod samples;
mod solve;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use check::{MAX_CHECK_N, check_from, check_output};
pub use explain::{MAX_PLAY_N, Play, Tile, play};
pub use features::features;
pub use r#gen::{hard, random, shrink};
pub use parse::{Instance, MAX_BOJ_K, MAX_GENERAL_N, MAX_POW2_N};
pub use solve::{answer, tiling};
pub use svg::MAX_SVG_N;
pub use variant::{BOJ_MAX_LABEL, Format, Options, Tromino};
