//! The rules' type of one tromino entry (its format, `--order`), the
//! formats it reads and writes, and the options of one run, which the
//! files of the puzzle name and `rules.rs` implements.

use crate::puzzles::contract::{Flag, RuleOptions};

/// The text format of an entry: how it reads the instance and writes the
/// hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// docs/tromino.md: `n row col`, the hole written 0.
    Plain,
    /// BOJ 14600 / 14601: `K`, then `x y` from the bottom left; the hole
    /// written -1.
    Boj,
}

/// The largest tile number BOJ 14600 and 14601 accept: every tile is
/// numbered by a natural number of at most 19000, one number a tile.
pub const BOJ_MAX_LABEL: u64 = 19_000;

impl Format {
    /// The hole as this format writes it in an answer.
    pub fn hole(self) -> &'static str {
        match self {
            Format::Plain => "0",
            Format::Boj => "-1",
        }
    }

    /// The largest tile number an answer for a board of side `n` may use
    /// in this format; tile numbers start at 1 in both. BOJ's judges take
    /// 1 to [`BOJ_MAX_LABEL`]; on a board with more trominoes than that
    /// (K ≥ 8, beyond both judges' limits, where no answer could keep to
    /// it) the bound is the number of trominoes, so that a tiling is still
    /// judged by its shape there. The own format bounds nothing: its
    /// placement order numbers up to (n² − 1) / 3.
    ///
    /// ```
    /// use boardsolve_core::puzzles::tromino::Format;
    /// assert_eq!(Format::Boj.max_label(128), 19_000);
    /// assert_eq!(Format::Boj.max_label(256), 21_845);
    /// assert_eq!(Format::Plain.max_label(4), u64::MAX - 1);
    /// ```
    pub fn max_label(self, n: u32) -> u64 {
        match self {
            // u64::MAX stands for the hole in the checker.
            Format::Plain => u64::MAX - 1,
            Format::Boj => BOJ_MAX_LABEL.max((u64::from(n) * u64::from(n) - 1) / 3),
        }
    }
}

/// The rules of L-tromino tiling, in one entry's format.
///
/// ```
/// use boardsolve_core::puzzles::{BOJ_14601, Text, TROMINO};
/// let i = TROMINO.rules.parse(b"8 1 2\n").unwrap();
/// assert_eq!((i.n, i.row, i.col), (8, 1, 2));
/// assert!(TROMINO.rules.parse(b"6 0 0").unwrap_err().to_string().contains("3 divides"));
/// // BOJ: K, then x (column from the left) and y (row from the bottom), 1-based.
/// let i = BOJ_14601.rules.parse(b"2\n1 1\n").unwrap();
/// assert_eq!((i.n, i.row, i.col), (4, 3, 0));
/// ```
#[derive(Debug, Clone)]
pub struct Tromino {
    /// The input format it reads and the hole mark it writes.
    pub format: Format,
    /// `--order`: the numbering must also be the placement order (refused
    /// on a side that is not a power of two, where none is defined).
    pub order: bool,
    /// The entry's contract asks for the placement order wherever it is
    /// defined (`tromino`); other sides take any valid tiling.
    pub order_where_defined: bool,
}

impl Tromino {
    /// The rules of an entry reading `format`, before any `--order`.
    pub const fn new(format: Format) -> Self {
        Tromino {
            format,
            order: false,
            order_where_defined: false,
        }
    }
}

/// The options of one tromino run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// `--order`: the numbering must also be the placement order.
    pub order: bool,
}

impl TryFrom<RuleOptions> for Options {
    type Error = Flag;

    fn try_from(given: RuleOptions) -> Result<Options, Flag> {
        match given {
            RuleOptions::Defaults => Ok(Options::default()),
            RuleOptions::Moves(_) => Err(Flag::Moves),
            RuleOptions::PlacementOrder => Ok(Options { order: true }),
        }
    }
}
