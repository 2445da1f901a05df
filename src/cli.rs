//! Command-line types (clap derive). A field's doc comment is its help text.

use crate::values::{
    PackageFormatArg, SizeArgs, TextFormArg, moves_parser, parse_duration, parse_memory_limit,
};
use boardsolve::puzzles::{self, Error, Flag, Puzzle, Refusal, RuleOptions};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

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

/// Arguments of `boardsolve man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (solve, test, ...); the whole
    /// program's page without it.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

const GEN_HELP: &str = "\
Examples:
  boardsolve gen 2048 --seed 1
  boardsolve gen 2048 --seed 1 --n 20 --density 1 --count 100 --out-dir cases/
  boardsolve gen 2048 --seed 5 --hard --count 20 --out-dir hard/
  boardsolve gen 12100 --seed 1 --killers --out-dir killers/
  boardsolve gen yut --seed 2 --dice 84
  boardsolve gen footholds --seed 3 --rows 5 --cols 5 --hard";

const CHECK_HELP: &str = "\
Tokens are compared, so spacing and line ends do not matter; a wrong
answer is reported with its first differing token. Each name accepts what
its judge accepts: 14600 and 14601 any valid tiling (--order: only the
placement order), tromino only the placement order, the others the exact
answer.

Examples:
  boardsolve check 2048 case.in my.out
  boardsolve check tromino examples/tromino/sample.in tiling.out  in placement order";

const STRESS_HELP: &str = "\
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

const TEST_HELP: &str = "\
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

const SAMPLES_HELP: &str = "\
Examples:
  boardsolve samples 12100 --out-dir tests/
  boardsolve samples 92345 --out-dir tests/            [[1, 1, 1], ...] [1, 0] [1, 2]
  boardsolve samples footholds --out-dir tests/ --format json";

const VALIDATE_HELP: &str = "\
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

const AUDIT_HELP: &str = "\
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

const PACKAGE_HELP: &str = "\
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
fn package_help() -> String {
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

const COMPLETIONS_HELP: &str = "\
Examples:
  source <(boardsolve completions bash)                  in ~/.bashrc
  boardsolve completions zsh > ~/.zfunc/_boardsolve
  boardsolve completions fish > ~/.config/fish/completions/boardsolve.fish";

/// Arguments of `boardsolve completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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

/// The limits of each run of a program under test, and how many run at
/// once: shared by `stress` and `test`.
#[derive(Debug, Clone, Copy, Args)]
pub struct RunLimits {
    /// CPU time limit per run, such as 2s, 500ms or 1.5s: user plus system
    /// time of your program and everything it starts (wall clock: 3x + 1s;
    /// default: the judge's published limit for a judge's number, else 2s).
    #[arg(long, visible_alias = "timeout", value_name = "DUR", value_parser = parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// Peak resident memory limit per run, such as 256M or 1G (default: the
    /// judge's published limit for a judge's number, else none).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
    pub memory_limit: Option<u64>,
    /// Runs at the same time (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
}

/// The options of `check`, `stress` and `test` that reach a puzzle's
/// rules; each puzzle refuses the ones it does not take.
#[derive(Debug, Clone, Copy, Args)]
pub struct RulesArgs {
    /// 2048: the number of moves K (default 5; 10 for 12094).
    #[arg(long, value_name = "K", value_parser = moves_parser())]
    pub moves: Option<u32>,
    /// 14600, 14601: accept only the tiling in placement order (they
    /// accept any valid tiling by default; `tromino` always asks for the order).
    #[arg(long)]
    pub order: bool,
}

impl RulesArgs {
    /// The options given as one value for the rules, once `puzzle` has
    /// refused the first it does not take (`--moves` before `--order`),
    /// with the wording every command shares.
    ///
    /// # Errors
    /// [`Error::Refused`] naming the option `puzzle` does not take.
    pub fn options(&self, puzzle: &dyn Puzzle) -> Result<RuleOptions, Error> {
        puzzle.takes(&self.asked())?;
        match (self.moves, self.order) {
            (None, false) => Ok(RuleOptions::Defaults),
            (Some(k), false) => Ok(RuleOptions::Moves(k)),
            (None, true) => Ok(RuleOptions::PlacementOrder),
            // No puzzle takes both, so `takes` has refused one already; a
            // puzzle that took both would need a value holding both.
            (Some(_), true) => Err(Refusal::NotTaken {
                puzzle: puzzle.name(),
                flag: Flag::Order.name(),
            }
            .into()),
        }
    }

    /// The options given, for [`Puzzle::takes`].
    fn asked(&self) -> Vec<Flag> {
        let mut asked = Vec::new();
        if self.moves.is_some() {
            asked.push(Flag::Moves);
        }
        if self.order {
            asked.push(Flag::Order);
        }
        asked
    }
}

/// Arguments of `boardsolve check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle.
    #[arg(value_parser = PuzzleParser)]
    pub puzzle: &'static dyn Puzzle,
    /// The instance, in the judge's input format.
    pub input: PathBuf,
    /// The answer to check.
    pub output: PathBuf,
    /// The options that reach the rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Time allowed for the reference answer the output is checked against.
    #[arg(long, value_name = "DUR", default_value = "60s", value_parser = parse_duration)]
    pub reference_limit: std::time::Duration,
}

const SOLVE_HELP: &str = "\
Examples:
  boardsolve solve 2048 examples/2048/sample.in
  boardsolve solve 12094 < board.in
  boardsolve solve 2048 --moves 12 --explain examples/2048/sample.in
  boardsolve solve 2048 --json examples/2048/sample.in
  boardsolve solve yut --explain --svg yut.svg examples/yut/sample.in
  boardsolve solve footholds --explain examples/footholds/sample.in
  boardsolve solve footholds --html game.html examples/footholds/sample.in
  boardsolve solve 2048 --out-dir answers/ cases/*.in     expected outputs, in parallel";

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

/// Reads a puzzle name; its possible values (shown by `--help` and offered
/// to shells) come from the registry, so no list of names is kept here.
#[derive(Debug, Clone, Copy)]
struct PuzzleParser;

/// The name of `names` a mistyped `given` most likely meant: within one
/// edit (a swap of two neighbours counts as one) for a short name, two
/// for a longer one, as clap suggests subcommands; `None` if none is.
fn closest<'a>(given: &str, names: &[&'a str]) -> Option<&'a str> {
    let most = if given.chars().count() <= 4 { 1 } else { 2 };
    names
        .iter()
        .map(|n| (strsim::damerau_levenshtein(given, n), *n))
        .filter(|&(d, _)| d <= most)
        .min()
        .map(|(_, n)| n)
}

impl clap::builder::TypedValueParser for PuzzleParser {
    type Value = &'static dyn Puzzle;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        puzzles::find(&name).ok_or_else(|| {
            let names: Vec<&str> = puzzles::all().iter().map(|p| p.name()).collect();
            let tip =
                closest(&name, &names).map_or(String::new(), |n| format!("did you mean '{n}'? "));
            let message = format!(
                "unknown puzzle '{name}'; {tip}choose one of: {}\n",
                names.join(", ")
            );
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, message).with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            puzzles::all()
                .iter()
                .map(|p| clap::builder::PossibleValue::new(p.name())),
        ))
    }
}

/// The puzzles and their aliases as `--help` lists them, from the registry.
fn puzzle_list() -> String {
    let mut list = String::from("Puzzles:\n");
    let all = puzzles::all();
    for p in all.iter().filter(|p| p.alias_of().is_none()) {
        list.push_str(&format!("  {:<10} {}\n", p.name(), p.summary()));
        for alias in all.iter().filter(|a| a.alias_of() == Some(p.name())) {
            // A judge's number: its contract, which is what sets it apart.
            let contract = alias.contract();
            let what = match contract.judge {
                Some(judge) => format!(
                    "{} ({}), {}",
                    judge.problem,
                    judge.limits.short(),
                    contract.accepts.describe()
                ),
                None => alias.summary().to_string(),
            };
            list.push_str(&format!("  {:<10} alias {}: {what}\n", "", alias.name()));
        }
    }
    list
}

/// `text` wrapped to lines of at most 78 columns, each after `indent`
/// spaces except the first, which follows a label already written.
fn wrapped(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for word in text.split(' ') {
        if column > indent && column + 1 + word.chars().count() > 78 {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > indent {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.chars().count();
    }
    out.push('\n');
    out
}

/// `title`, then one wrapped line of `what` for each puzzle (canonical
/// names), from the registry.
fn by_puzzle(title: &str, what: impl Fn(&dyn Puzzle) -> String) -> String {
    let mut help = format!("{title}\n");
    for p in puzzles::all().iter().filter(|p| p.alias_of().is_none()) {
        help.push_str(&format!("  {:<10} ", p.name()));
        help.push_str(&wrapped(&what(*p), 13));
    }
    help
}

/// Which size options each puzzle reads and the shapes of `--hard`, from
/// the registry.
fn gen_help() -> String {
    let sizes = by_puzzle("Size options by puzzle:", |p| {
        let flags: Vec<&str> = p.sizes().iter().map(|s| s.flag()).collect();
        flags.join(", ")
    });
    let hard = by_puzzle("--hard prefers shapes that break solutions:", |p| {
        p.help().hard.to_string()
    });
    format!("{sizes}\n{hard}\n{GEN_HELP}")
}

/// The shapes of `--hard`, from the registry, before stress's own text.
fn stress_help() -> String {
    let hard = by_puzzle("--hard prefers shapes that break solutions:", |p| {
        p.help().hard.to_string()
    });
    format!("{hard}\n{STRESS_HELP}")
}

fn solve_help() -> String {
    let limits = by_puzzle("Limits:", |p| p.help().limits.to_string());
    format!(
        "{}\n{limits}  Every input: at most 64 MiB (answers given to check: 1 GiB).\n\n{SOLVE_HELP}",
        puzzle_list()
    )
}

fn samples_help() -> String {
    let which = by_puzzle("What each puzzle gives:", |p| p.help().samples.to_string());
    format!("{which}\nExisting files are refused unless --force.\n\n{SAMPLES_HELP}")
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
