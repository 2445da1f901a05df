//! `boardsolve gen`.

use super::puzzle::{PuzzleParser, by_puzzle, hard_shapes};
use crate::values::SizeArgs;
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const GEN_HELP: &str = "\
Examples:
  boardsolve gen 2048 --seed 1
  boardsolve gen 2048 --seed 1 --n 20 --density 1 --count 100 --out-dir cases/
  boardsolve gen 2048 --seed 5 --hard --count 20 --out-dir hard/
  boardsolve gen 12100 --seed 1 --killers --out-dir killers/
  boardsolve gen yut --seed 2 --dice 84
  boardsolve gen footholds --seed 3 --rows 5 --cols 5 --hard";

/// Which size options each puzzle reads and the shapes of `--hard`, from
/// the registry.
pub(super) fn gen_help() -> String {
    let sizes = by_puzzle("Size options by puzzle:", |p| {
        let flags: Vec<&str> = p.sizes().iter().map(|s| s.flag()).collect();
        flags.join(", ")
    });
    format!("{sizes}\n{}\n{GEN_HELP}", hard_shapes())
}

/// Arguments of `boardsolve gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// The seed: the same seed gives the same instances on every machine.
    #[arg(long)]
    pub seed: u64,
    /// How many instances; more than one needs --out-dir.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Write NNN.in files into this directory instead of printing.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Overwrite files that already exist in --out-dir (refused otherwise).
    #[arg(long, requires = "out_dir")]
    pub force: bool,
    /// Instead of --count cases: the fewest small cases (each with its
    /// .out) that every killable mistake of the catalogue fails, inside
    /// the judge's limits, found among 2000 generated cases, shortest
    /// first, to a fixed budget (a seed gives the same files on every
    /// machine).
    #[arg(long, requires = "out_dir", conflicts_with = "count")]
    pub killers: bool,
    /// Instance sizes.
    #[command(flatten)]
    pub sizes: SizeArgs,
}
