//! The puzzles, each behind the same [`Puzzle`] trait that the CLI and the tools use.

pub mod footholds;
pub mod game2048;
pub mod tromino;
pub mod yut;

use crate::text::InputError;
use crate::text::Verdict;
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
    /// 2048's K, as for `solve`.
    pub moves: Option<u32>,
}

/// The seeded generator behind `gen` and `stress`: ChaCha8 gives the same
/// stream for the same seed on every machine and every version of `rand`.
pub type GenRng = rand_chacha::ChaCha8Rng;

/// Size options of `gen` and `stress`; each puzzle reads the ones it has
/// and refuses the others.
#[derive(Debug, Clone, Default)]
pub struct GenOptions {
    /// Board side (2048, tromino).
    pub n: Option<u64>,
    /// Largest block value (2048).
    pub max_tile: Option<u64>,
    /// Share of cells that are filled, 0..=1 (2048 blocks, footholds).
    pub density: Option<f64>,
    /// Number of dice (yut).
    pub dice: Option<u64>,
    /// Board rows (footholds).
    pub rows: Option<u64>,
    /// Board columns (footholds).
    pub cols: Option<u64>,
    /// Prefer the shapes that break solutions.
    pub hard: bool,
}

impl GenOptions {
    /// Refuses the size options a puzzle does not read, naming them.
    ///
    /// # Errors
    /// [`Error::Usage`] listing the options `puzzle` ignores.
    pub fn only(&self, puzzle: &str, allowed: &[&str]) -> Result<(), Error> {
        let given = [
            ("--n", self.n.is_some()),
            ("--max-tile", self.max_tile.is_some()),
            ("--density", self.density.is_some()),
            ("--dice", self.dice.is_some()),
            ("--rows", self.rows.is_some()),
            ("--cols", self.cols.is_some()),
        ];
        let extra: Vec<&str> = given
            .iter()
            .filter(|(name, on)| *on && !allowed.contains(name))
            .map(|(name, _)| *name)
            .collect();
        if extra.is_empty() {
            Ok(())
        } else {
            Err(Error::Usage(format!(
                "{puzzle} does not take {}; it takes {}",
                extra.join(", "),
                if allowed.is_empty() {
                    "no size option".to_string()
                } else {
                    allowed.join(", ")
                }
            )))
        }
    }
}

/// Solves judge input, returning the judge output; see [`Variant`].
pub type SolveFn = Box<dyn Fn(&[u8], &SolveOptions) -> Result<String, Error> + Send + Sync>;

/// A reference solver with one classic mistake, for `stress --diagnose`.
pub struct Variant {
    /// Completes "your program behaves as if ...".
    pub mistake: &'static str,
    /// Solves judge input the mistaken way.
    pub solve: SolveFn,
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

    /// Whether `output` is a correct answer for `input`. By default the
    /// answer is unique: the output must equal the reference, token by token.
    ///
    /// # Errors
    /// [`Error::Input`] if the input is not a valid instance.
    fn check(&self, input: &[u8], output: &[u8], opts: &CheckOptions) -> Result<Verdict, Error> {
        let expected = self.judge_answer(input, opts.moves)?;
        Ok(crate::text::compare_tokens(&expected, output))
    }

    /// The judge's output for `input` (with 2048's K `moves`), in memory:
    /// the reference that `check` and `stress` compare with.
    ///
    /// # Errors
    /// As [`Puzzle::solve`].
    fn judge_answer(&self, input: &[u8], moves: Option<u32>) -> Result<Vec<u8>, Error> {
        let opts = SolveOptions {
            moves,
            format: OutputFormat::Judge,
        };
        let mut answer = Vec::new();
        self.solve(input, &opts, &mut answer)?;
        Ok(answer)
    }

    /// One random valid instance in judge format.
    ///
    /// # Errors
    /// [`Error::Usage`] for a size option the puzzle does not take or a
    /// size out of range.
    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        let _ = (rng, opts);
        Err(Error::Usage(format!("{} has no generator", self.name())))
    }

    /// Valid instances a little smaller than `input`, the boldest cuts
    /// first; `stress` keeps the first that still fails. Empty when `input`
    /// cannot shrink (or is not valid).
    fn shrink(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let _ = input;
        Vec::new()
    }

    /// Reference solvers that each make one classic mistake.
    fn variants(&self) -> Vec<Variant> {
        Vec::new()
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

/// Dice yut.
pub static YUT: yut::Yut = yut::Yut { name: "yut" };
/// BOJ 17825: dice yut.
pub static BOJ_17825: yut::Yut = yut::Yut { name: "17825" };
/// Disappearing footholds.
pub static FOOTHOLDS: footholds::FootholdsPuzzle = footholds::FootholdsPuzzle { name: "footholds" };
/// Programmers 92345: disappearing footholds.
pub static PROGRAMMERS_92345: footholds::FootholdsPuzzle =
    footholds::FootholdsPuzzle { name: "92345" };

/// Every puzzle entry, canonical names first, then the judge-number aliases.
pub fn all() -> &'static [&'static dyn Puzzle] {
    static ALL: [&dyn Puzzle; 10] = [
        &GAME_2048,
        &YUT,
        &TROMINO,
        &FOOTHOLDS,
        &BOJ_12100,
        &BOJ_12094,
        &BOJ_17825,
        &BOJ_14600,
        &BOJ_14601,
        &PROGRAMMERS_92345,
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
