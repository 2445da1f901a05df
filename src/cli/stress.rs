//! `boardsolve stress`.

use super::options::{RulesArgs, RunLimits};
use super::puzzle::{PuzzleParser, hard_shapes};
use crate::values::{SizeArgs, parse_duration};
use boardsolve::puzzles::Puzzle;
use clap::Args;

pub(super) const STRESS_HELP: &str = "\
The program reads one case on standard input and prints its answer. The
first failing case (wrong answer, non-zero exit, signal, time-out or
unreadable output) is shrunk to a smallest case that still fails the same
way and printed with the expected and the received output. With a
judge's number (12100, 17825, 14600, ...), cases stay inside that judge's
limits unless a size option asks for more (the first line then says
\"beyond\"), and answers are judged as that judge does: 14600 and 14601
accept any valid tiling numbered 1..19000 (--order: only the placement
order). Exit status 1 when a failure is found, 0 when every case passes.

CMD may be a source file (main.cpp, sol.py, Main.java, .c, .rs, .js,
.kt): compiled once with a judge's options (the first line shows them;
--compile-flags adds more) and cached; a compile error is the result CE
(exit 1). For 92345, a file that defines Programmers' solution(board,
aloc, bloc) (Python, C++, Java, JavaScript) is wrapped in a harness that
feeds it the cases: no main to write, and its prints are kept apart
from the value it returns.

--generator CMD makes every case with your own program, run as
CMD SEED CASE (SEED: 0..2147483647, a new one each case, the same for the
same --seed; CASE: 1, 2, ...) with the judge's limits; each case it prints
is held to the judge's input format, and an invalid one stops the run
(exit 2) with the validator's message. --reference CMD judges your
program against your own brute force, whose answers the built-in
reference judges first: a wrong one stops the run (exit 2) with the case,
as a bug in the brute force. Either one failing (a crash, a limit) is
exit 2 with its stderr.

Examples:
  boardsolve stress 2048 --cases 300 -- ./a.out
  boardsolve stress 12094 --seed 42 --cases 20 --timeout 5s --jobs 2 -- python3 sol.py
  boardsolve stress 2048 --hard --diagnose -- ./a.out
  boardsolve stress 92345 --cases 30 -- solution.py
  boardsolve stress 12100 --generator gen.py --cases 50 -- ./a.out
  boardsolve stress 12100 --reference brute.py --cases 20 -- ./a.out";

/// The shapes of `--hard`, from the registry, before stress's own text.
pub(super) fn stress_help() -> String {
    format!("{}\n{STRESS_HELP}", hard_shapes())
}

/// Arguments of `boardsolve stress`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// How many cases to try.
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,
    /// The seed of the cases (printed when chosen at random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Limits and parallel runs.
    #[command(flatten)]
    pub limits: RunLimits,
    /// Time allowed for shrinking a failure (progress shown on a terminal).
    #[arg(long, value_name = "DUR", default_value = "30s", value_parser = parse_duration)]
    pub shrink_time: std::time::Duration,
    /// Time allowed for the reference answer of one case.
    #[arg(long, value_name = "DUR", default_value = "30s", value_parser = parse_duration)]
    pub reference_limit: std::time::Duration,
    /// The options that reach the rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Gone: 14600 and 14601 accept any valid tiling by default.
    #[arg(long, hide = true)]
    pub any_tiling: bool,
    /// After a wrong answer, name the classic mistake your program makes.
    #[arg(long)]
    pub diagnose: bool,
    /// Your own generator, which makes every case in place of the
    /// built-in one: run as `CMD SEED CASE`, it prints one case (CMD is
    /// one string, split at spaces: ./gen.py, gen.cpp, "python3 gen.py
    /// sparse"; a source file is compiled as after --).
    #[arg(long, value_name = "CMD")]
    pub generator: Option<String>,
    /// Your own reference (brute force): your program is judged against
    /// its answers, each judged first by the built-in reference (CMD as
    /// for --generator).
    #[arg(long = "reference", value_name = "CMD")]
    pub own_reference: Option<String>,
    /// Instance sizes.
    #[command(flatten)]
    pub sizes: SizeArgs,
    /// Options added to the judge's when CMD is a source file (one
    /// string: --compile-flags "-DLOCAL -g").
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    pub compile_flags: Option<String>,
    /// Your program and its arguments, after `--`: a command, or a
    /// source file (main.cpp, sol.py, Main.java, ...) compiled as a judge does.
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<String>,
}
