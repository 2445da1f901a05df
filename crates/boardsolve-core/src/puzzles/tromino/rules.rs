//! [`Rules`] for L-tromino tiling: what the command line asks of the
//! puzzle, each answered by the file of its concern.

use super::explain::{self, Play, play};
use super::features::features;
use super::parse::Instance;
use super::solve::answer;
use super::variant::{Format, Options, Tromino};
use super::{check, samples, svg};
use crate::puzzles::contract::{Accepts, Flag};
use crate::puzzles::error::Error;
use crate::puzzles::puzzle::Help;
use crate::puzzles::rules::{Rules, Settings};
use crate::text::{Reopen, Verdict};
use std::io::Write;

impl Rules for Tromino {
    type Play = Play;
    const TAKES: &'static [Flag] = &[Flag::Order, Flag::Explain, Flag::Svg, Flag::Html];
    type Options = Options;
    const HELP: Help = Help {
        limits: "n up to 65536 when a power of two (streamed), else up to 4096; K up to 16; check up to 4096; --svg, --json, --explain and --html up to 256",
        hard: "holes on the borders between quadrants and in their corners, at every level of the recursion",
        samples: "the examples of the placement order in docs/tromino.md (14600 and 14601: in BOJ's format, each within its judge's limits)",
    };
    fn summary(&self) -> &'static str {
        match self.format {
            Format::Plain => "L-tromino tiling of a board with one hole, in placement order",
            Format::Boj => "BOJ 14600/14601: L-tromino tiling, K and x y from the bottom left",
        }
    }

    fn write_answer(&self, instance: &Instance, out: &mut dyn Write) -> Result<(), Error> {
        Ok(answer(instance, self.format, out)?)
    }

    fn play(&self, instance: &Instance) -> Result<Play, Error> {
        play(instance)
    }

    fn explain(
        &self,
        _instance: &Instance,
        play: &Play,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        explain::write_explanation(play, out)
    }

    fn samples(&self) -> Vec<Instance> {
        samples::instances()
    }

    fn svg(&self, instance: &Instance, _: Option<&Play>) -> Result<String, Error> {
        // Drawn from the tiling itself: the play lists boards only up to
        // a smaller size than the picture draws.
        svg::picture(instance)
    }

    fn configure(&self, settings: &Settings<Options>) -> Result<Self, Error> {
        Ok(Tromino {
            order: settings.options.order,
            order_where_defined: settings.accepts == Accepts::PlacementOrder,
            ..self.clone()
        })
    }

    fn features(&self, instance: &Instance) -> Result<Vec<&'static str>, Error> {
        Ok(features(instance, self.format))
    }

    fn check(&self, instance: &Instance, output: &[u8]) -> Result<Verdict, Error> {
        self.check_from(instance, &|| Ok(Box::new(output)))
    }

    fn check_from(&self, instance: &Instance, output: &Reopen<'_>) -> Result<Verdict, Error> {
        let order = self.order || (self.order_where_defined && instance.n.is_power_of_two());
        check::check(instance, output, self.format, order)
    }
}
