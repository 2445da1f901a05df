//! `boardsolve solve`.

use super::puzzle::{PuzzleParser, by_puzzle, puzzle_list};
use crate::values::{moves_parser, parse_duration};
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const SOLVE_HELP: &str = "\
Examples:
  boardsolve solve 2048 examples/2048/sample.in
  boardsolve solve 12094 < board.in
  boardsolve solve 2048 --moves 12 --explain examples/2048/sample.in
  boardsolve solve 2048 --json examples/2048/sample.in
  boardsolve solve yut --explain --svg yut.svg examples/yut/sample.in
  boardsolve solve footholds --explain examples/footholds/sample.in
  boardsolve solve footholds --html game.html examples/footholds/sample.in
  boardsolve solve 2048 --out-dir answers/ cases/*.in     expected outputs, in parallel";

pub(super) fn solve_help() -> String {
    let limits = by_puzzle("Limits:", |p| p.help().limits.to_string());
    format!(
        "{}\n{limits}  Every input: at most 64 MiB (answers given to check: 1 GiB).\n\n{SOLVE_HELP}",
        puzzle_list()
    )
}

/// Arguments of `boardsolve solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle (see the list below).
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,

    /// Input files in the judge's format; standard input when absent. With
    /// several files, a directory (its *.in files), --out-dir or --bulk, each
    /// answer goes to NAME.out (with --json NAME.json, with --explain
    /// NAME.explain); the NAME.out of an earlier run is skipped as an input.
    pub inputs: Vec<PathBuf>,

    /// Replace answer files, or the file of --svg or --html, that exist
    /// already (refused otherwise).
    #[arg(long)]
    pub force: bool,

    /// Write NAME.out even for a single input file.
    #[arg(long)]
    pub bulk: bool,

    /// Write NAME.out for each NAME.in into this directory.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// 2048: the number of moves K (default 5; 10 for 12094).
    #[arg(long, value_name = "K", value_parser = moves_parser())]
    pub moves: Option<u32>,

    /// Print the optimal play step by step instead of the judge's answer.
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,

    /// Print the answer and the optimal play as one JSON object.
    #[arg(long)]
    pub json: bool,

    /// Also draw the solution as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Also write a self-contained HTML page into FILE that plays the
    /// optimal line step by step (no network needed to view it).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// 2048: stop a search still running after DUR (such as 10s or 500ms)
    /// and print what it proved, at least L and at most U, with status 3.
    #[arg(long, value_name = "DUR", value_parser = parse_duration)]
    pub time_limit: Option<std::time::Duration>,
}
