//! `boardsolve test`.

use super::options::{RulesArgs, RunLimits};
use super::puzzle::PuzzleParser;
use crate::values::parse_duration;
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const TEST_HELP: &str = "\
Each X.in is judged against X.out or X.ans beside it; without one, the
reference answer is computed and the table says so. 14600 and 14601
outputs are judged by the checker (any valid tiling numbered 1..19000;
--order: only the placement order), tromino outputs must be in placement order. Exit
status 0 when every case passes, 1 when one fails, 2 for usage or the
harness's own trouble. Under the table, the first failing cases (--show
N, default 3) are shown in full: the input, the expected and the received
output side by side with the first difference marked (>, ^), and the
start and end of the program's standard error; then every failing case is
named, with the command that tests them alone.

CMD may be a source file (main.cpp, sol.py, Main.java, .c, .rs, .js,
.kt): compiled once with a judge's options (the first line shows them;
--compile-flags adds more) and cached; a compile error is the result CE
(exit 1, no case run). For 92345, a file that defines Programmers'
solution(board, aloc, bloc) (Python, C++, Java, JavaScript) is wrapped
in a harness that feeds it the cases: no main to write, and its prints
are kept apart from the value it returns. --watch runs the cases again
whenever the source or a case changes.

Examples:
  boardsolve test 2048 tests/ -- ./a.out
  boardsolve test 12100 tests/ -- main.cpp
  boardsolve test 12100 tests/ --time-limit 1s --json -- python3 sol.py
  boardsolve test 12100 tests/ --show 10 -- main.cpp";

/// Arguments of `boardsolve test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// Case files X.in, or directories of them (default: tests/, else test/).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Limits and parallel runs.
    #[command(flatten)]
    pub limits: RunLimits,
    /// The options that reach the rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The longest the reference may take to answer a case that has no
    /// X.out or X.ans, such as 30s or 2m.
    #[arg(long, value_name = "DUR", default_value = "30s", value_parser = parse_duration)]
    pub reference_limit: std::time::Duration,
    /// Read each X.in's answer as X.out or X.ans in DIR (as `solve
    /// --out-dir DIR` writes them), not beside it.
    #[arg(long, value_name = "DIR")]
    pub answers: Option<PathBuf>,
    /// Options added to the judge's when CMD is a source file (one
    /// string: --compile-flags "-DLOCAL -g").
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    pub compile_flags: Option<String>,
    /// How many failing cases are shown in full under the table (the
    /// input, the expected and the received output with the first
    /// difference marked, the standard error); the others are only named.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub show: usize,
    /// Run the cases again, with a fresh table, whenever the source file
    /// or a case changes (Ctrl-C stops).
    #[arg(long, conflicts_with = "json")]
    pub watch: bool,
    /// Your program and its arguments, after `--`: a command, or a
    /// source file (main.cpp, sol.py, Main.java, ...) compiled as a judge does.
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<String>,
}
