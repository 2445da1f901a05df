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
pub mod samples;
mod solve;
mod svg;
#[cfg(test)]
mod tests;

pub use board::{
    BOARD, CENTRE_25, END, FORTY, LONGEST_ROUTE, MAX_USEFUL_DICE, OUTER_10, OUTER_20, OUTER_30,
    SQUARES, START, Square, SquareId, destination, path,
};
pub use explain::{Alternative, Play, Turn, play};
pub use r#gen::{hard, random, shrink};
pub use parse::Instance;
pub use solve::{Choice, Stats, answer, answer_with_stats, best_from, choices};

use crate::puzzles::contract::Flag;
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::Rules;
use std::io::{self, Write};

/// The rules of dice yut; every entry reads the same judge format.
#[derive(Debug, Clone, Copy, Default)]
pub struct Yut;

impl Rules for Yut {
    type Play = Play;
    const TAKES: &'static [Flag] = &[Flag::Explain, Flag::Svg, Flag::Html];
    type Options = ();
    fn summary(&self) -> &'static str {
        "dice yut: best total score for the dice"
    }

    const HELP: Help = Help {
        limits: "any number of dice (at least one), each 1..5; at most 84 are ever used, since all four pieces have finished by then",
        hard: "dice through the blue corners, the shared centre and 40, fives that force pieces to finish early, each case drawn until a catalogued mistake changes its answer",
        samples: "the four examples of BOJ 17825",
    };

    fn write_answer(&self, instance: &Instance, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(out, "{}", answer(instance.dice()))?;
        Ok(())
    }

    fn samples(&self) -> Vec<Instance> {
        samples::instances()
    }

    fn play(&self, instance: &Instance) -> Result<Play, Error> {
        Ok(play(instance.dice()))
    }

    fn explain(&self, instance: &Instance, play: &Play, out: &mut dyn Write) -> io::Result<()> {
        explain::write_explanation(play, instance.dice().len(), out)
    }

    fn svg(&self, instance: &Instance, known: Option<&Play>) -> Result<String, Error> {
        Ok(match known {
            Some(known) => svg::draw(known),
            None => svg::draw(&play(instance.dice())),
        })
    }

    /// Facts of the best line `--explain` shows: the blue routes it takes,
    /// the centre 25 passed, a move ending on 40, a piece finishing (before
    /// the last move).
    fn features(&self, instance: &Instance) -> Result<Vec<&'static str>, Error> {
        Ok(features::features(instance.dice()))
    }

    fn layout(&self) -> Option<serde_json::Value> {
        Some(svg::layout())
    }
}
