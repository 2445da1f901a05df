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
pub mod samples;
mod solve;
mod svg;
#[cfg(test)]
mod tests;

pub use board::{Coord, GridError, Instance, MAX_SIDE, Player};
pub use explain::{Alternative, Defeat, Move, Play, play};
pub use r#gen::{hard, random, shrink};
pub use solve::{Search, State, Stats, answer, answer_with_stats, answer_without_split};

use crate::puzzles::contract::Flag;
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::Rules;
use std::io::{self, Write};

/// The rules of disappearing footholds for the command line: one format,
/// no option beyond `--explain` and `--json`.
///
/// Its [`Rules::parse`] reads any of the input forms, told apart by the
/// first non-space byte: `[` the problem page's literal arguments, `{` a
/// JSON object with `board`, `aloc`, `bloc`, otherwise plain text (`R C`,
/// R rows of 0/1, `ar ac br bc`).
///
/// ```
/// use boardsolve_core::puzzles::Text;
/// use boardsolve_core::puzzles::footholds::Footholds;
/// let a = Footholds.parse(b"[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
/// let b = Footholds.parse(br#"{"board": [[1,1,1,1,1]], "aloc": [0,0], "bloc": [0,4]}"#).unwrap();
/// let c = Footholds.parse(b"1 5\n1 1 1 1 1\n0 0 0 4\n").unwrap();
/// assert!(a == b && b == c);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Footholds;

impl Rules for Footholds {
    type Play = Play;
    const TAKES: &'static [Flag] = &[Flag::Explain, Flag::Svg, Flag::Html];
    type Options = ();
    fn summary(&self) -> &'static str {
        "disappearing footholds: total moves under optimal play"
    }

    const HELP: Help = Help {
        limits: "boards up to 8×8 (6×6 in well under a second)",
        hard: "players close together on a dense board (most often), a player on the top or left edge, both on one cell, separated players, a player with no move",
        samples: "the four examples of Programmers 92345 (92345: in the literal argument form; footholds: plain text)",
    };

    fn write_answer(&self, instance: &Instance, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(out, "{}", answer(instance))?;
        Ok(())
    }

    fn samples(&self) -> Vec<Instance> {
        samples::instances()
    }

    fn play(&self, instance: &Instance) -> Result<Play, Error> {
        Ok(play(instance))
    }

    fn explain(&self, instance: &Instance, play: &Play, out: &mut dyn Write) -> io::Result<()> {
        explain::write_explanation(instance, play, out)
    }

    /// The facts of [`features`](mod@features): whether the winner's first
    /// winning step is its quickest, whether the winner could wait or the
    /// loser hurry, shared cells, vanished footholds, who wins, players
    /// apart, a board that is not square.
    fn features(&self, instance: &Instance) -> Result<Vec<&'static str>, Error> {
        Ok(features::features(instance))
    }

    fn svg(&self, instance: &Instance, known: Option<&Play>) -> Result<String, Error> {
        Ok(match known {
            Some(known) => svg::draw(instance, known),
            None => svg::draw(instance, &play(instance)),
        })
    }
}
