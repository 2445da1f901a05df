//! Command-line types (clap derive). A field's doc comment is its help text.

use boardsolve::puzzles::{self, Puzzle};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  boardsolve solve 2048 examples/2048/sample.in          largest block in 5 moves
  boardsolve solve 12094 board.in                         BOJ 12094: K = 10
  boardsolve solve 2048 --moves 20 --explain board.in     the shortest optimal line
  echo '1 2 2 2 2 2 2 2 2 2 2' | boardsolve solve 2048 --json

Exit status: 0 success, 1 a check found a wrong answer, 2 bad input or usage.";

/// Exact solvers for classic board puzzles, and tools to test your own solutions.
#[derive(Debug, Parser)]
#[command(name = "boardsolve", version, after_help = EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve an instance given in the judge's input format.
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Check that OUTPUT is a correct answer for INPUT (exit 0 correct, 1 wrong, 2 unreadable).
    Check(CheckArgs),
}

/// Arguments of `boardsolve check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle.
    #[arg(value_parser = parse_puzzle)]
    pub puzzle: &'static dyn Puzzle,
    /// The instance, in the judge's input format.
    pub input: PathBuf,
    /// The answer to check.
    pub output: PathBuf,
    /// Tromino: also require the numbering to be the placement order.
    #[arg(long)]
    pub order: bool,
}

const SOLVE_HELP: &str = "\
Puzzles:
  2048    largest block in at most K moves (K = 5 unless --moves);
          aliases 12100 (BOJ 12100, K = 5) and 12094 (BOJ 12094, K = 10)
  tromino L-tromino tiling of an n×n board with one hole, input `n row col`,
          numbered in placement order (n a power of two) or by the
          documented construction (any n not divisible by 3);
          aliases 14600 / 14601 (BOJ: `K`, then `x y` from the bottom left)

Limits: 2048 boards up to 64×64, blocks up to 2^63, --moves up to 100.
        tromino n up to 65536 when a power of two (streamed), else up to
        4096; K up to 16; check up to 4096; --svg up to 256.

Examples:
  boardsolve solve 2048 examples/2048/sample.in
  boardsolve solve 12094 < board.in
  boardsolve solve 2048 --moves 12 --explain examples/2048/sample.in
  boardsolve solve 2048 --json examples/2048/sample.in";

/// Arguments of `boardsolve solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle: 2048, 12100, 12094, tromino, 14600 or 14601.
    #[arg(value_parser = parse_puzzle)]
    pub puzzle: &'static dyn Puzzle,

    /// Input file in the judge's format; standard input when absent.
    pub input: Option<PathBuf>,

    /// 2048: the number of moves K (default 5; 10 for 12094).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=i64::from(boardsolve::puzzles::game2048::MAX_MOVES)))]
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
}

fn parse_puzzle(name: &str) -> Result<&'static dyn Puzzle, String> {
    puzzles::find(name).ok_or_else(|| {
        let names: Vec<&str> = puzzles::all().iter().map(|p| p.name()).collect();
        format!(
            "unknown puzzle '{name}'; choose one of: {}",
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
