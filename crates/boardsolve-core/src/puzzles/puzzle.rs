//! The byte-level face of a puzzle that the CLI and the tools use: judge
//! text in, answers, pictures, checks, generated text and shrunk text out.

use super::contract::{Contract, Flag, RuleOptions};
use super::error::Error;
use super::form::TextForm;
use super::sizes::{GenOptions, Size};
use crate::search::context::RunContext;
use crate::text::{InputError, Reopen, Verdict};
use std::io::{Read, Write};
use std::ops::ControlFlow;

/// What `solve` should print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// The optimal play, explained for a human.
    Explain,
    /// The answer and the optimal play as one JSON object.
    Json,
}

/// A picture a single solve can also make, from the search of its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawing {
    /// An SVG picture of the instance and its optimal play (`--svg`).
    Svg,
    /// A self-contained HTML page that plays the optimal line (`--html`),
    /// with the `--json` data embedded and drawn by the page's own script.
    Html,
}

/// Options of `boardsolve solve` that a puzzle may use.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// The options that reach the rules (2048's `--moves`); a puzzle
    /// refuses those it does not take.
    pub rules: RuleOptions,
    /// What to print.
    pub format: OutputFormat,
    /// The run the searches belong to: its stop, deadline and progress.
    pub context: RunContext,
}

/// Options of `boardsolve check`.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// The options that reach the rules: 2048's K as for `solve`,
    /// tromino's `--order` (the numbering must be the placement order).
    pub rules: RuleOptions,
    /// The run the searches of the check belong to.
    pub context: RunContext,
}

/// The seeded generator behind `gen` and `stress`: ChaCha8 gives the same
/// stream for the same seed on every machine and every version of `rand`
/// (the streams are pinned by `tools::generate`'s tests and
/// `tests/cli/seeded.rs`).
pub type GenRng = rand::rngs::ChaCha8Rng;

/// Solves judge input, returning the judge output; see [`Variant`].
pub type SolveFn = Box<dyn Fn(&[u8], &SolveOptions) -> Result<String, Error> + Send + Sync>;

/// A reference solver with one classic mistake, for `stress --diagnose`.
pub struct Variant {
    /// The mistake's short stable id (`merge-again`), shown as `[id]`.
    pub id: &'static str,
    /// Completes "your program behaves as if ...".
    pub mistake: &'static str,
    /// Solves judge input the mistaken way.
    pub solve: SolveFn,
}

/// One instance solved for a page: the judge's answer and, when asked
/// and the instance is small enough to explain, the optimal play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// Exactly the judge's output (what `solve` prints).
    pub answer: Vec<u8>,
    /// The optimal play as `solve --json` prints it (without its newline).
    pub play: Option<String>,
    /// The optimal play as `solve --explain` words it.
    pub explain: Option<String>,
}

/// What the help of `solve`, `gen` and `samples` says of one puzzle, so
/// that a new puzzle brings its own lines and the help lists it.
#[derive(Debug, Clone, Copy)]
pub struct Help {
    /// The sizes `solve` reads and how long they take, for its "Limits".
    pub limits: &'static str,
    /// The shapes `gen --hard` prefers.
    pub hard: &'static str,
    /// What `samples` writes.
    pub samples: &'static str,
}

/// What a puzzle's answer is, as far as a diagnosis may reason from a
/// wrong one: set for each entry in the registry (`puzzles/registry.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    /// The best value over every line of play the rules allow (2048's
    /// largest block, yut's score): an answer below it is as if lines of
    /// play were lost, one above it as if the rules allowed more.
    Maximum,
    /// Anything else: a count both players decide (footholds), a tiling.
    #[default]
    Other,
}

/// One puzzle as the command line sees it.
pub trait Puzzle: Sync {
    /// The name this entry answers to on the command line.
    fn name(&self) -> &'static str;

    /// A one-line description for `--help` and listings.
    fn summary(&self) -> &'static str;

    /// What `--help` says of the puzzle beyond its summary.
    fn help(&self) -> Help;

    /// The canonical entry this one is an alias of (a judge's problem
    /// number), or `None` for a canonical entry.
    fn alias_of(&self) -> Option<&'static str>;

    /// The size options of `gen` and `stress` that this puzzle reads.
    fn sizes(&self) -> &'static [Size];

    /// The judge this name stands for and the answers it accepts.
    fn contract(&self) -> Contract;

    /// What the answer is (a maximum over lines of play, or not), for a
    /// diagnosis that says which way wrong answers lean.
    fn objective(&self) -> Objective;

    /// The K a run with the options `asked` plays to, for a puzzle with
    /// moves (2048); `None` for the others and for options it refuses.
    fn moves_in_force(&self, asked: RuleOptions) -> Option<u32>;

    /// Refuses the first of `asked` this puzzle does not take, with the one
    /// wording every command shares (`yut does not take --moves`). Every
    /// command asks before anything runs.
    ///
    /// # Errors
    /// [`Error::Refused`] naming the option.
    fn takes(&self, asked: &[Flag]) -> Result<(), Error>;

    /// Whether `input` is a valid instance within the judge's limits (any
    /// valid instance, for a name without a judge).
    ///
    /// # Errors
    /// [`Error::Input`] for bad input, [`Error::Refused`] saying which limit
    /// it passes.
    fn within_limits(&self, input: &[u8]) -> Result<(), Error>;

    /// Holds `input` to the judge's format strictly, as a testlib
    /// validator does: exactly the judge's layout (single spaces, one
    /// newline ending every line, nothing after the last), and within the
    /// judge's limits. `solve` stays lenient; this is for test data.
    ///
    /// # Errors
    /// The first place that is wrong, and why.
    fn validate(&self, input: &[u8]) -> Result<(), InputError>;

    /// Reads judge-format `input` and writes the answer in `opts.format`.
    ///
    /// # Errors
    /// [`Error::Input`] for bad input, [`Error::Refused`] for an unsupported
    /// option or a limit, [`Error::Io`] when writing fails.
    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error> {
        self.solve_drawing(input, opts, &[], &mut |_, _| Ok(()), out)
    }

    /// [`Puzzle::solve`], first making the pictures in `drawings`, in that
    /// order, and handing each to `save`. One search of the optimal play
    /// serves every picture and the answer, so asking for more of them
    /// does not search again. An error of `save` ends the run before
    /// anything is written to `out`.
    ///
    /// # Errors
    /// As [`Puzzle::solve`]; [`Error::Refused`] if the puzzle has no such
    /// picture or the instance is too large to draw; whatever `save` returns.
    fn solve_drawing(
        &self,
        input: &[u8],
        opts: &SolveOptions,
        drawings: &[Drawing],
        save: &mut dyn FnMut(Drawing, String) -> Result<(), Error>,
        out: &mut dyn Write,
    ) -> Result<(), Error>;

    /// The judge's answer to `input`, and with `with_play` its optimal
    /// play in the forms of `--json` and `--explain`, searched once for
    /// both (`play` and `explain` are `None` where the puzzle refuses to
    /// explain an instance that large). `opts.format` is not read.
    ///
    /// # Errors
    /// As [`Puzzle::solve`].
    fn solve_shown(
        &self,
        input: &[u8],
        opts: &SolveOptions,
        with_play: bool,
    ) -> Result<Shown, Error>;

    /// Whether `output` is a correct answer for `input`.
    ///
    /// # Errors
    /// [`Error::Input`] if the input is not a valid instance,
    /// [`Error::Refused`] for an option the puzzle does not take.
    fn check(&self, input: &[u8], output: &[u8], opts: &CheckOptions) -> Result<Verdict, Error>;

    /// [`Puzzle::check`] of an output that may be too large to hold:
    /// `output` opens it from its start, as often as the checker reads it
    /// (a tiling is read twice, never whole). By default it is read whole
    /// once.
    ///
    /// # Errors
    /// As [`Puzzle::check`]; [`Error::Io`] when the output cannot be read.
    fn check_from(
        &self,
        input: &[u8],
        output: &Reopen<'_>,
        opts: &CheckOptions,
    ) -> Result<Verdict, Error> {
        let mut whole = Vec::new();
        output()?.read_to_end(&mut whole)?;
        self.check(input, &whole, opts)
    }

    /// The judge's output for `input` under the options `rules` (2048's
    /// K), in memory: the reference that `check` and `stress` compare with.
    ///
    /// # Errors
    /// As [`Puzzle::solve`].
    fn judge_answer(&self, input: &[u8], rules: RuleOptions) -> Result<Vec<u8>, Error> {
        let opts = SolveOptions {
            rules,
            format: OutputFormat::Judge,
            context: RunContext::new(),
        };
        let mut answer = Vec::new();
        self.solve(input, &opts, &mut answer)?;
        Ok(answer)
    }

    /// One random valid instance in judge format.
    ///
    /// # Errors
    /// [`Error::Refused`] for a size option the puzzle does not take or a
    /// size out of range.
    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error>;

    /// The sizes [`Puzzle::generate`] draws with `opts`, in a few words
    /// for `stress`'s header; empty when the puzzle does not say.
    fn sizes_drawn(&self, opts: &GenOptions) -> String;

    /// Calls `visit` with valid instances a little smaller than `input`,
    /// the boldest cuts first, one at a time, until it breaks; `stress`
    /// keeps the first that still fails. None when `input` cannot shrink
    /// (or is not valid). One at a time, so that a large instance never
    /// has all its candidates in memory.
    fn shrink(&self, input: &[u8], visit: &mut dyn FnMut(Vec<u8>) -> ControlFlow<()>);

    /// The rule features of `input` and its optimal play (see
    /// [`Rules::features`](super::Rules::features)), for a diagnosis
    /// beyond the catalogue.
    ///
    /// # Errors
    /// As [`Puzzle::solve`].
    fn features(&self, input: &[u8], opts: &SolveOptions) -> Result<Vec<&'static str>, Error>;

    /// Reference solvers that each make one classic mistake.
    fn variants(&self) -> Vec<Variant>;

    /// The examples of the problem statement, each as (input, answer) in
    /// this entry's rules, the input in `form` (`None`: the entry's own).
    ///
    /// # Errors
    /// [`Error::Refused`] for a form the puzzle does not write.
    fn samples(&self, form: Option<TextForm>) -> Result<Vec<(String, String)>, Error>;
}

impl std::fmt::Debug for dyn Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Puzzle({})", self.name())
    }
}
