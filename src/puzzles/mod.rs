//! The puzzles, each behind the same [`Puzzle`] trait that the CLI and the tools use.

pub mod game2048;
pub mod tromino;

use crate::input::InputError;
use std::io::{self, Write};

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

/// Options of `boardsolve solve` that a puzzle may use.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// 2048's K (`--moves`); other puzzles refuse it.
    pub moves: Option<u32>,
    /// What to print.
    pub format: OutputFormat,
}

/// Options of `boardsolve check`.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Tromino: also require the numbering to be the placement order.
    pub order: bool,
}

/// The outcome of checking an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The output is a correct answer for the input.
    Correct,
    /// The output is wrong; the reason names the first offending place.
    Wrong(String),
}

/// Why a puzzle could not answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input text is not a valid instance.
    #[error("{0}")]
    Input(#[from] InputError),
    /// The request is outside what this puzzle supports (an option it does
    /// not take, a size above a documented limit).
    #[error("{0}")]
    Usage(String),
    /// Writing the answer failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// One puzzle as the command line sees it.
pub trait Puzzle: Sync {
    /// The name this entry answers to on the command line.
    fn name(&self) -> &'static str;

    /// A one-line description for `--help` and listings.
    fn summary(&self) -> &'static str;

    /// Reads judge-format `input` and writes the answer in `opts.format`.
    ///
    /// # Errors
    /// [`Error::Input`] for bad input, [`Error::Usage`] for an unsupported
    /// option or a limit, [`Error::Io`] when writing fails.
    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error>;

    /// A picture (SVG document) of the instance and its optimal play.
    ///
    /// # Errors
    /// As [`Puzzle::solve`]; [`Error::Usage`] if the puzzle has no picture.
    fn svg(&self, input: &[u8], opts: &SolveOptions) -> Result<String, Error> {
        let _ = (input, opts);
        Err(Error::Usage(format!(
            "{} has no picture (--svg)",
            self.name()
        )))
    }

    /// Whether `output` is a correct answer for `input`.
    ///
    /// # Errors
    /// [`Error::Input`] if the input is not a valid instance or the output
    /// cannot be read at all; [`Error::Usage`] if the puzzle has no checker.
    fn check(&self, input: &[u8], output: &[u8], opts: &CheckOptions) -> Result<Verdict, Error> {
        let _ = (input, output, opts);
        Err(Error::Usage(format!("{} has no checker yet", self.name())))
    }
}

/// 2048 with K = 5 unless `--moves` says otherwise.
pub static GAME_2048: game2048::Game2048 = game2048::Game2048 {
    name: "2048",
    default_moves: 5,
};
/// BOJ 12100: 2048 with K = 5.
pub static BOJ_12100: game2048::Game2048 = game2048::Game2048 {
    name: "12100",
    default_moves: 5,
};
/// BOJ 12094: 2048 with K = 10.
pub static BOJ_12094: game2048::Game2048 = game2048::Game2048 {
    name: "12094",
    default_moves: 10,
};

/// L-tromino tiling, SPEC.md format.
pub static TROMINO: tromino::Tromino = tromino::Tromino {
    name: "tromino",
    format: tromino::Format::Spec,
};
/// BOJ 14600: L-tromino tiling in the BOJ format.
pub static BOJ_14600: tromino::Tromino = tromino::Tromino {
    name: "14600",
    format: tromino::Format::Boj,
};
/// BOJ 14601: L-tromino tiling in the BOJ format.
pub static BOJ_14601: tromino::Tromino = tromino::Tromino {
    name: "14601",
    format: tromino::Format::Boj,
};

/// Every puzzle entry, canonical names first, then the judge-number aliases.
pub fn all() -> &'static [&'static dyn Puzzle] {
    static ALL: [&dyn Puzzle; 6] = [
        &GAME_2048, &TROMINO, &BOJ_12100, &BOJ_12094, &BOJ_14600, &BOJ_14601,
    ];
    &ALL
}

/// The puzzle answering to `name`, if any.
///
/// ```
/// assert_eq!(boardsolve::puzzles::find("12094").unwrap().name(), "12094");
/// assert!(boardsolve::puzzles::find("sudoku").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static dyn Puzzle> {
    all().iter().copied().find(|p| p.name() == name)
}

impl std::fmt::Debug for dyn Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Puzzle({})", self.name())
    }
}
