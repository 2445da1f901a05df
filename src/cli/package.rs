//! `boardsolve package`.

use super::puzzle::PuzzleParser;
use crate::values::PackageFormatArg;
use boardsolve::puzzles::{self, Puzzle};
use clap::Args;
use std::path::PathBuf;

pub(super) const PACKAGE_HELP: &str = "\
The package, in the Kattis / ICPC problem package format: 2025-09, the
current version, which BAPCtools reads (bt validate, bt run), or with
--format 2023-07-draft the version problemtools' verifyproblem reads (the
same package without data/invalid_input/, which it refuses).
problem.yaml (name, credits, source with the judge's page, license,
limits), statement/problem.en.tex, data/sample (the statement's
examples), data/secret (the killer set of gen --killers, the edge cases a
setter expects and random cases of every size up to the limits, each with
its .ans from the exact solver), data/invalid_input (the project's corpus
of invalid inputs and inputs just past each limit), a C++ input validator
of the judge's contract (exit 42 valid, 43 invalid), an answer validator,
an output validator for 14600 and 14601 (any valid tiling), the
submissions (accepted: a fast solution, for 2048 also the plain search;
wrong_answer: a classic mistake; for 12094 a time_limit_exceeded one) and
generators/README.md, the command that writes data/ again byte for byte.
The time limit is measured: every accepted submission runs on every case
(c++ builds them), and the limit is the slowest run x 2 x 1.25 (headroom
for the judge's own measurement), rounded up to whole seconds; a
time_limit_exceeded submission must then take over 1.5 x
the limit on one of the cases slowest for the accepted ones, or a warning
says the machine cannot separate them. The times and the rule are printed
and written into problem.yaml; --time-limit states a limit instead. Only
judge numbers (12100, 12094, 17825, 14600, 14601, 92345) have a package.
The package is written into a temporary directory beside DIR and renamed
into place; an existing DIR is refused unless it is empty or --force
replaces it.

Examples:
  boardsolve package 12100 --out-dir pkg-12100/
  boardsolve package 14601 --out-dir pkg-14601/ --seed 7";

/// The package help, with the names it refuses (those of no judge), from
/// the registry.
pub(super) fn package_help() -> String {
    let refused: Vec<&str> = puzzles::all()
        .iter()
        .filter(|p| p.contract().judge.is_none())
        .map(|p| p.name())
        .collect();
    let (text, examples) = PACKAGE_HELP
        .split_once("\n\nExamples:")
        .expect("the package help has examples");
    format!(
        "{text}\n\nRefused (no judge, so no package): {}.\n\nExamples:{examples}",
        refused.join(", ")
    )
}

/// Arguments of `boardsolve package`.
#[derive(Debug, Args)]
pub struct PackageArgs {
    /// The judge's number (12100, 12094, 17825, 14600, 14601, 92345).
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// The package directory to create.
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// The seed of the killer search and the random secret cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Replace DIR when it exists and is not empty (refused otherwise).
    #[arg(long)]
    pub force: bool,
    /// The package format's version: 2025-09 (the current one, read by
    /// BAPCtools) or 2023-07-draft (read by problemtools' verifyproblem).
    #[arg(long, value_enum, default_value = "2025-09", value_name = "VERSION")]
    pub format: PackageFormatArg,
    /// State this time limit, in whole seconds, instead of measuring the
    /// package's submissions.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_limit: Option<u64>,
}
