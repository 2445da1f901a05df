//! Command-line types (clap derive). A field's doc comment is its help
//! text. The subcommands' arguments and help texts are in a file each;
//! the texts made from the puzzle registry are in `puzzle`.

mod audit;
mod check;
mod generate;
mod meta;
mod options;
mod package;
mod puzzle;
mod samples;
mod solve;
mod stress;
mod test;
mod validate;

pub use audit::AuditArgs;
pub use check::CheckArgs;
pub use generate::GenArgs;
pub use meta::{CompletionsArgs, ManArgs};
pub use package::PackageArgs;
pub use samples::SamplesArgs;
pub use solve::SolveArgs;
pub use stress::StressArgs;
pub use test::TestArgs;
pub use validate::ValidateArgs;

use audit::AUDIT_HELP;
use check::CHECK_HELP;
use clap::{Parser, Subcommand};
use generate::gen_help;
use meta::COMPLETIONS_HELP;
use package::package_help;
use samples::samples_help;
use solve::solve_help;
use stress::stress_help;
use test::TEST_HELP;
use validate::VALIDATE_HELP;

/// The help's examples and exit statuses (`exit::Status` lists them too).
pub(crate) const EXAMPLES: &str = "\
Examples:
  boardsolve solve 2048 examples/2048/sample.in             largest block in 5 moves
  boardsolve solve 12094 board.in                           BOJ 12094: K = 10
  boardsolve solve 2048 --moves 20 --explain board.in       the shortest optimal line
  echo '2 2 2 2 2' | boardsolve solve 2048 --json           a 2×2 board of 2s
  boardsolve gen 2048 --seed 7 --count 50 --out-dir tests/  50 reproducible cases
  boardsolve solve 2048 tests/*.in                          writes tests/001.out ...
  boardsolve stress 2048 --cases 500 -- ./my_solution       find, shrink a failing case
  boardsolve check 2048 case.in my.out                      is my.out right?

Exit status: 0 success, 1 a check, test, stress, validate or audit run
found something wrong, 2 bad input or usage, 3 a 2048 search stopped by
--time-limit before it proved its answer (it prints the bounds it
proved), 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.";

/// `--version` in full: the commit built from, and which code paths this
/// CPU runs. Kept in a static because clap takes the text as `&'static str`.
fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(long_version_text)
}

fn long_version_text() -> String {
    use boardsolve::simd::{avx512, cpu_has_avx512};
    let simd = match (cpu_has_avx512(), avx512()) {
        (true, true) => {
            "AVX-512: yes (2048 moves and counts); BOARDSOLVE_SIMD=off runs the portable code"
        }
        (true, false) => "AVX-512: yes, but off (BOARDSOLVE_SIMD=off): the portable code runs",
        (false, _) => "AVX-512: no: the portable code runs (BOARDSOLVE_SIMD changes nothing)",
    };
    format!(
        "{}\ncommit: {}\n{simd}",
        env!("CARGO_PKG_VERSION"),
        env!("BOARDSOLVE_COMMIT")
    )
}

/// Exact solvers for classic board puzzles, and tools to test your own solutions.
#[derive(Debug, Parser)]
#[command(name = "boardsolve", version, long_version = long_version(), after_help = EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,

    /// When to colour verdicts and errors: auto (on a terminal, unless
    /// NO_COLOR is set; CLICOLOR_FORCE forces it), always or never. Judge
    /// output is never coloured.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
}

/// The choices of `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, as `NO_COLOR` and `CLICOLOR_FORCE` say.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve an instance given in the judge's input format.
    #[command(after_help = solve_help())]
    Solve(SolveArgs),
    /// Check that OUTPUT is a correct answer for INPUT (exit 0 correct, 1 wrong, 2 unreadable).
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// Generate random valid instances in the judge's format, reproducible from the seed.
    #[command(after_help = gen_help())]
    Gen(GenArgs),
    /// Run your program on generated cases against the reference; shrink the first failure.
    #[command(after_help = stress_help())]
    Stress(StressArgs),
    /// Run your program on your own cases (X.in with X.out or X.ans) like a judge: AC, WA, TLE, MLE, RE, OLE.
    #[command(after_help = TEST_HELP)]
    Test(TestArgs),
    /// Hold test inputs to the judge's format and limits strictly, as a testlib validator does.
    #[command(after_help = VALIDATE_HELP)]
    Validate(ValidateArgs),
    /// Audit a test set: inputs valid, answers right, and which classic wrong solutions it lets through.
    #[command(after_help = AUDIT_HELP)]
    Audit(AuditArgs),
    /// Write the examples of the problem statement with their answers (1.in, 1.out, ...).
    #[command(after_help = samples_help())]
    Samples(SamplesArgs),
    /// Write a problem package (Kattis / ICPC format, checked by BAPCtools and problemtools) for a judge's number.
    #[command(after_help = package_help())]
    Package(PackageArgs),
    /// Print a completion script for SHELL (bash, zsh, fish, powershell, elvish).
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output: boardsolve(1), or
    /// boardsolve-COMMAND(1) of one command.
    #[command(
        after_help = "Examples:\n  boardsolve man > boardsolve.1 && man -l boardsolve.1\n  boardsolve man test > boardsolve-test.1"
    )]
    Man(ManArgs),
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
