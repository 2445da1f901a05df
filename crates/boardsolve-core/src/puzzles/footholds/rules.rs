//! [`Rules`] for disappearing footholds: what the command line asks of
//! the puzzle, each answered by the file of its concern.

use super::board::Instance;
use super::explain::{self, Play, play};
use super::solve::answer;
use super::variant::Footholds;
use super::{features, samples, svg};
use crate::puzzles::contract::Flag;
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::Rules;
use std::io::{self, Write};

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
