//! 2048: the largest block reachable in at most K moves (BOJ 12100, 12094;
//! the rules are in `docs/2048.md`).
//!
//! The board and its moves are in [`Board`]; the exact search lives in
//! [`crate::search::maximize`], and this puzzle supplies the moves and the
//! merge-tree bound. [`reference`](mod@reference) is the plain search it
//! is tested against, which also makes the classic mistakes for
//! `stress --diagnose`.

mod avx512;
mod board;
mod explain;
mod r#gen;
mod parse;
pub mod reference;
mod solve;
#[cfg(test)]
mod tests;

pub use board::{Board, Direction, Instance, MAX_INPUT_EXPONENT, MAX_N};
pub use explain::{Play, play};
pub use r#gen::{hard, random, shrink};
pub use solve::{Stats, answer, answer_sequential, answer_with_stats};

// The AVX-512 counts reach these through `super::`.
use solve::Counts;
#[cfg(target_arch = "x86_64")]
use solve::{EXPONENT_SLOTS, counts_above_after};

use crate::puzzles::{Error, Flag, Rules, Settings};
use std::io::Write;

/// Largest number of moves accepted by `--moves`.
pub const MAX_MOVES: u32 = 100;

/// The 2048 rules of one command-line entry.
#[derive(Debug, Clone)]
pub struct Game2048 {
    /// K when the user gives no `--moves`.
    pub default_moves: u32,
}

impl Game2048 {
    /// K for this run: `--moves`, or the entry's default.
    fn moves(&self, settings: &Settings) -> u32 {
        settings.moves.unwrap_or(self.default_moves)
    }

    /// [`Game2048::moves`], refused above [`MAX_MOVES`].
    fn checked_moves(&self, settings: &Settings) -> Result<u32, Error> {
        let moves = self.moves(settings);
        if moves > MAX_MOVES {
            return Err(Error::Usage(format!(
                "--moves {moves} is above the limit of {MAX_MOVES}"
            )));
        }
        Ok(moves)
    }
}

impl Rules for Game2048 {
    type Play = Play;
    const TAKES: &'static [Flag] = &[Flag::Moves, Flag::Explain];
    fn summary(&self) -> &'static str {
        "2048: largest block in at most K moves"
    }

    fn write_answer(
        &self,
        instance: &Instance,
        settings: &Settings,
        out: &mut dyn Write,
    ) -> Result<(), Error> {
        let moves = self.checked_moves(settings)?;
        writeln!(out, "{}", answer(&instance.board, moves))?;
        Ok(())
    }

    fn play(&self, instance: &Instance, settings: &Settings) -> Result<Play, Error> {
        Ok(play(&instance.board, self.checked_moves(settings)?))
    }

    fn write_explanation(
        &self,
        instance: &Instance,
        play: &Play,
        settings: &Settings,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        explain::write_explanation(&instance.board, self.moves(settings), play, out)
    }
}
