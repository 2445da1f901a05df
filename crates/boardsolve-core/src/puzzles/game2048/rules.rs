//! [`Rules`] for 2048: what the command line asks of the puzzle, each
//! answered by the file of its concern.

use super::board::Instance;
use super::explain::{self, Play};
use super::variant::{Game2048, MAX_MOVES, Options};
use super::{features, samples, solve, svg};
use crate::puzzles::contract::Flag;
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::{Rules, Settings};
use std::io::{self, Write};

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
