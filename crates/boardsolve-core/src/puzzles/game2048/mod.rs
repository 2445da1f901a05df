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
mod explain;
mod features;
mod r#gen;
mod landing;
mod lanes;
mod merges;
mod parse;
pub mod reference;
pub mod samples;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod slide;
mod solve;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod sse2;
mod svg;
#[cfg(test)]
mod tests;
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

use crate::puzzles::contract::{Flag, RuleOptions};
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::{Rules, Settings};
use crate::search::context::RunContext;
use std::io::{self, Write};

/// Largest number of moves accepted by `--moves`.
pub const MAX_MOVES: u32 = 100;

/// The 2048 rules of one command-line entry.
#[derive(Debug, Clone)]
pub struct Game2048 {
    /// K: the entry's default, until [`Rules::configure`] applies `--moves`.
    pub moves: u32,
    /// The run the searches belong to, once configured.
    pub context: Option<RunContext>,
}

impl Game2048 {
    /// The rules with K = `moves` and no run yet (a search alone, nobody
    /// stopping or watching it).
    pub const fn new(moves: u32) -> Game2048 {
        Game2048 {
            moves,
            context: None,
        }
    }
}

/// The options of one 2048 run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// K from `--moves`; `None` plays the entry's own.
    pub moves: Option<u32>,
}

impl TryFrom<RuleOptions> for Options {
    type Error = Flag;

    fn try_from(given: RuleOptions) -> Result<Options, Flag> {
        match given {
            RuleOptions::Defaults => Ok(Options::default()),
            RuleOptions::Moves(k) => Ok(Options { moves: Some(k) }),
            RuleOptions::PlacementOrder => Err(Flag::Order),
        }
    }
}

impl Rules for Game2048 {
    type Play = Play;
    const TAKES: &'static [Flag] = &[
        Flag::Moves,
        Flag::Explain,
        Flag::Svg,
        Flag::Html,
        Flag::TimeLimit,
    ];
    type Options = Options;
    fn summary(&self) -> &'static str {
        "2048: largest block in at most K moves"
    }

    const HELP: Help = Help {
        limits: "boards up to 64×64, blocks up to 2^63, --moves up to 100 (the time grows about 3× a move on dense 20×20 boards: K = 10 takes tens of milliseconds, K = 14 seconds); --svg up to 100000 cells of boards",
        hard: "equal runs (2 2 2, 2 2 2 2, 4 2 2), ladders of chains that take K-1 to K+1 moves to merge, lines with equal blocks at both ends, full boards, a single block, all cells equal; every board turned so that best lines need right and down as often as left and up",
        samples: "the example of BOJ 12100 (12094: the same board, K = 10)",
    };

    fn moves(&self) -> Option<u32> {
        Some(self.moves)
    }

    fn configure(&self, settings: &Settings<Options>) -> Result<Self, Error> {
        let moves = settings.options.moves.unwrap_or(self.moves);
        if moves > MAX_MOVES {
            return Err(crate::puzzles::refusal::Refusal::Moves {
                moves,
                most: MAX_MOVES,
            }
            .into());
        }
        Ok(Game2048 {
            moves,
            context: Some(settings.context.clone()),
        })
    }

    fn write_answer(&self, instance: &Instance, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(
            out,
            "{}",
            solve::answer_or_bounds(&instance.board, self.moves, self.context.as_ref())?
        )?;
        Ok(())
    }

    fn samples(&self) -> Vec<Instance> {
        samples::instances()
    }

    fn play(&self, instance: &Instance) -> Result<Play, Error> {
        explain::play_or_bounds(&instance.board, self.moves, self.context.as_ref())
    }

    fn explain(&self, _instance: &Instance, play: &Play, out: &mut dyn Write) -> io::Result<()> {
        explain::write_explanation(self.moves, play, out)
    }

    /// Exact facts of the case and its optimal play (`features.rs`): the
    /// best needs a move right or down, a move twice in a row, all K
    /// moves; one more move would help; three equal blocks in a line.
    fn features(&self, instance: &Instance) -> Result<Vec<&'static str>, Error> {
        Ok(features::features(&instance.board, self.moves))
    }

    fn svg(&self, instance: &Instance, known: Option<&Play>) -> Result<String, Error> {
        match known {
            Some(known) => svg::draw(known, self.moves),
            None => svg::draw(
                &explain::play_or_bounds(&instance.board, self.moves, self.context.as_ref())?,
                self.moves,
            ),
        }
    }
}
