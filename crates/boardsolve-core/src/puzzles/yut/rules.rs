//! [`Rules`] for dice yut: what the command line asks of the puzzle, each
//! answered by the file of its concern.

use super::explain::{self, Play, play};
use super::parse::Instance;
use super::solve::answer;
use super::variant::Yut;
use super::{features, samples, svg};
use crate::puzzles::contract::Flag;
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::Rules;
use std::io::{self, Write};

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
