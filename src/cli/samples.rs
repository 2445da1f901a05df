//! `boardsolve samples`.

use super::puzzle::{PuzzleParser, by_puzzle};
use crate::values::TextFormArg;
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const SAMPLES_HELP: &str = "\
Examples:
  boardsolve samples 12100 --out-dir tests/
  boardsolve samples 92345 --out-dir tests/            [[1, 1, 1], ...] [1, 0] [1, 2]
  boardsolve samples footholds --out-dir tests/ --format json";

pub(super) fn samples_help() -> String {
    let which = by_puzzle("What each puzzle gives:", |p| p.help().samples.to_string());
    format!("{which}\nExisting files are refused unless --force.\n\n{SAMPLES_HELP}")
}

/// Arguments of `boardsolve samples`.
#[derive(Debug, Args)]
pub struct SamplesArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// Write 1.in, 1.out, 2.in, ... into this directory.
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Overwrite files that already exist in --out-dir (refused otherwise).
    #[arg(long)]
    pub force: bool,
    /// How inputs are written, for puzzles with several text forms
    /// (footholds: plain, literal or json).
    #[arg(long, value_enum, value_name = "FORM")]
    pub format: Option<TextFormArg>,
}
