//! `boardsolve check`.

use super::options::RulesArgs;
use super::puzzle::PuzzleParser;
use crate::values::parse_duration;
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const CHECK_HELP: &str = "\
Tokens are compared, so spacing and line ends do not matter; a wrong
answer is reported with its first differing token. Each name accepts what
its judge accepts: 14600 and 14601 any valid tiling (--order: only the
placement order), tromino only the placement order, the others the exact
answer.

Examples:
  boardsolve check 2048 case.in my.out
  boardsolve check tromino examples/tromino/sample.in tiling.out  in placement order";

/// Arguments of `boardsolve check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// The instance, in the judge's input format.
    pub input: PathBuf,
    /// The answer to check.
    pub output: PathBuf,
    /// The options that reach the rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Time allowed for the reference answer the output is checked against.
    #[arg(long, value_name = "DUR", default_value = "60s", value_parser = parse_duration)]
    pub reference_limit: std::time::Duration,
}
