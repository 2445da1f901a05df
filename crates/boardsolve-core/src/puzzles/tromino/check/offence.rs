//! What the checkers find wrong in an output, and where: the offences
//! both the streaming checker and the whole-output one report, worded
//! the same.

use crate::text::Position;
use std::fmt;

/// The hole, as a label no tile can have.
pub(super) const HOLE: u64 = u64::MAX;

/// How many cells of an out-of-range label a message lists.
pub(super) const LISTED: usize = 8;

/// A cell an offence is found at, with the place of its number in the
/// output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cell {
    /// Its row, 0-based.
    pub row: usize,
    /// Its column, 0-based.
    pub col: usize,
    /// Where its number is in the output.
    pub at: Position,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Cell { row, col, at } = self;
        write!(f, "row {row}, column {col} (0-based; output {at})")
    }
}

/// Why an output is not a right tiling: its first offence, in reading
/// order. It displays as the reason of the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Offence {
    /// The output ends after `count` of the `n` × `n` numbers, at `at`.
    Short {
        count: usize,
        n: usize,
        at: Position,
    },
    /// A token that is neither a tile number nor the hole `mark`.
    NotATile {
        at: Position,
        mark: &'static str,
        found: String,
    },
    /// More output after the `n` × `n` numbers.
    Extra {
        at: Position,
        found: String,
        n: usize,
    },
    /// The hole `mark` on a cell that is not the hole, at (row, column) `hole`.
    MarkOffTheHole {
        cell: Cell,
        mark: &'static str,
        hole: (usize, usize),
    },
    /// The hole holds a tile number.
    HoleCovered {
        cell: Cell,
        tile: u64,
        mark: &'static str,
    },
    /// A tile number outside 1..=`max` (BOJ: 1 to 19000), on the cells
    /// `cells` (row, column; the first [`LISTED`] of them) of `count`, the
    /// first at `at` in the output.
    LabelOutOfRange {
        tile: u64,
        max: u64,
        cells: Vec<(usize, usize)>,
        count: usize,
        at: Position,
    },
    /// A tile on other than three cells (255 meaning 255 or more).
    NotThreeCells { tile: u64, cell: Cell, cells: u32 },
    /// A tile on three cells that do not form an L.
    NotAnL { tile: u64, cell: Cell },
    /// A tile where the placement order gives another.
    OutOfOrder { tile: u64, cell: Cell, want: u64 },
}

impl fmt::Display for Offence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offence::Short { count, n, at } => write!(
                f,
                "the output ends after {count} numbers at {at}; expected {n}×{n} = {}",
                n * n
            ),
            Offence::NotATile { at, mark, found } => write!(
                f,
                "{at}: expected a tile number or the hole {mark}, found {found}"
            ),
            Offence::Extra { at, found, n } => write!(
                f,
                "{at}: unexpected extra output {found} after the {n}×{n} = {} numbers",
                n * n
            ),
            Offence::MarkOffTheHole { cell, mark, hole } => write!(
                f,
                "{cell} holds the hole mark {mark}, but the hole is at row {}, column {}",
                hole.0, hole.1
            ),
            Offence::HoleCovered { cell, tile, mark } => {
                write!(f, "the hole at {cell} holds {tile}, expected {mark}")
            }
            Offence::LabelOutOfRange {
                tile,
                max,
                cells,
                count,
                at,
            } => {
                let listed: Vec<String> = cells.iter().map(|(r, c)| format!("({r},{c})")).collect();
                let (noun, verb) = if *count == 1 {
                    ("cell", "is")
                } else {
                    ("cells", "are")
                };
                let more = if *count > cells.len() {
                    format!(" and {} more", count - cells.len())
                } else {
                    String::new()
                };
                write!(
                    f,
                    "{noun} {}{more} {verb} labelled {tile}: labels are 1..{max} (cells as (row,column), 0-based from the top left; the first at output {at})",
                    listed.join(" ")
                )
            }
            Offence::NotThreeCells { tile, cell, cells } => {
                let or_more = if *cells == u32::from(u8::MAX) {
                    " or more"
                } else {
                    ""
                };
                write!(
                    f,
                    "tile {tile} at {cell} covers {cells}{or_more} cells, not 3"
                )
            }
            Offence::NotAnL { tile, cell } => write!(
                f,
                "tile {tile} at {cell} is not an L: its three cells do not fit in one 2×2 square"
            ),
            Offence::OutOfOrder { tile, cell, want } => write!(
                f,
                "{cell} is tile {tile}, but the placement order gives {want} there"
            ),
        }
    }
}

impl std::error::Error for Offence {}
