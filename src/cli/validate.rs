//! `boardsolve validate`.

use super::puzzle::PuzzleParser;
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const VALIDATE_HELP: &str = "\
Each file must be exactly in the judge's layout (single spaces, one newline
at the end of every line, nothing after the last) and within the judge's
limits for a judge's number (12100: N ≤ 20, blocks 2..1024; 17825: ten
dice; 14600: K ≤ 2; ...). `solve` stays lenient; this is for test data.
One line per invalid file, FILE:LINE:COL: reason. Exit status 0 when every
file is valid, 1 when one is not, 2 for usage or an unreadable file.

Examples:
  boardsolve validate 12100 tests/*.in
  boardsolve validate 14601 examples/tromino/boj14601.in";

/// Arguments of `boardsolve validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The puzzle: a judge's number holds inputs to its limits too.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// Input files, or directories of *.in files.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}
