//! The puzzles, each behind the same [`Puzzle`] trait that the CLI and the tools use.

pub mod game2048;

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

/// Every puzzle entry, canonical names first, then the judge-number aliases.
pub fn all() -> &'static [&'static dyn Puzzle] {
    static ALL: [&dyn Puzzle; 3] = [&GAME_2048, &BOJ_12100, &BOJ_12094];
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
