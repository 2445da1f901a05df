//! `boardsolve audit`.

use super::puzzle::PuzzleParser;
use crate::values::{parse_duration, parse_memory_limit};
use boardsolve::puzzles::Puzzle;
use clap::Args;
use std::path::PathBuf;

pub(super) const AUDIT_HELP: &str = "\
Each X.in (a file, or every *.in of a directory) with X.out or X.ans: the
input is validated as `validate` does, the answer checked by the exact
solver (14600/14601: by the checker), and every mistake of the catalogue
(the plain reference making it, run in process) is run on every case. A
mistake no case kills is looked for on --search generated cases inside
the judge's limits (for --search-time at most): found, it survives (and the gen command of a case
that kills it is shown); not found, it is listed as not killable within
the limits. Exit status 0 when every input is valid, every answer right
and no killable mistake survives; 1 otherwise; 2 for usage.

With --solutions DIR, your own programs instead of the catalogue: each
file of DIR's accepted/, wrong_answer/, time_limit_exceeded/,
run_time_error/, rejected/ and brute_force/ (an executable, or a .c, .cpp,
.rs or .py source, built first) runs on every case as `test` runs it. It
prints the matrix (verdict and CPU ms of each program on each case) and
whether each program did what its folder requires, by the problem
package format's rules (accepted: every case AC; wrong_answer: AC or WA,
at least one WA; ...). A PATH may be a package or its data/ (sample/ then
secret/). Exit status 1 when a program breaks its folder's rule.

With --mutants PATH (repeatable: a directory of mutants, as a mutation
tool writes them, or one mutant), the set's mutation score beside the
catalogue: each mutant (an executable or a source `test` builds, a wrong
variant of a correct solution) runs on the valid cases with right
answers, in order, under the judge's limits, until one case fails it.
It is killed by a verdict other than AC, survives when every case
passes, and is unviable (not counted) when it does not build. A
surviving mutant makes the audit fail (exit 1).

Examples:
  boardsolve gen 17825 --seed 1 --killers --out-dir set/ && boardsolve audit 17825 set/
  boardsolve audit 12100 answered/ --mutants mutants/
  boardsolve gen 92345 --seed 1 --killers --out-dir set/ && boardsolve audit 92345 set/ --json";

/// Arguments of `boardsolve audit`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("programs").args(["solutions", "mutants"]).multiple(true)))]
pub struct AuditArgs {
    /// The puzzle: a judge's number holds the set to its limits.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// Case files X.in, or directories of them.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// How many generated cases to search for a killer of a mistake the set lets through.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub search: u64,
    /// The most time spent on that search, for each mistake.
    #[arg(long, value_name = "DUR", default_value = "30s", value_parser = parse_duration)]
    pub search_time: std::time::Duration,
    /// The seed of those generated cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Run your own programs instead of the catalogue: DIR's accepted/,
    /// wrong_answer/, time_limit_exceeded/, run_time_error/, rejected/ and
    /// brute_force/ (a package's submissions/ as it is), each on every case.
    #[arg(long, value_name = "DIR")]
    pub solutions: Option<PathBuf>,
    /// Report the set's mutation score too: each mutant (an executable or a
    /// source file; a directory means each of its entries) runs on the
    /// cases until one kills it. Repeatable.
    #[arg(long, value_name = "PATH", conflicts_with = "solutions")]
    pub mutants: Vec<PathBuf>,
    /// With --solutions or --mutants: the CPU time limit per run (default:
    /// with --solutions the package's limits.time_limit, else the judge's
    /// published limit for a judge's number, else 2s).
    #[arg(long, value_name = "DUR", value_parser = parse_duration, requires = "programs")]
    pub time_limit: Option<std::time::Duration>,
    /// With --solutions or --mutants: the peak memory limit per run, such
    /// as 1G (default: the judge's published limit).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit, requires = "programs")]
    pub memory_limit: Option<u64>,
    /// With --solutions or --mutants: runs at the same time (default: the
    /// number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256), requires = "programs")]
    pub jobs: Option<u64>,
}
