//! Checking someone's tiling: shape, hole, L-trominoes, and optionally the order.

use super::{Format, Instance, order};
use crate::puzzles::{Error, Refusal};
use crate::text::{Position, Tokens, Verdict, describe_bytes, parse_u64};
use rustc_hash::FxHashMap;
use std::fmt;

/// Largest side `check` reads (16 bytes a cell in memory).
pub const MAX_CHECK_N: u32 = 4096;

/// The hole, as a label no tile can have.
const HOLE: u64 = u64::MAX;

/// How many cells of an out-of-range label a message lists.
const LISTED: usize = 8;

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

/// Cell `k` (row-major) for a message, with the place of its number in
/// `output`. The places are found again by reading the output up to it
/// rather than kept for every cell: 16 bytes a cell, more than the
/// labels themselves, for the one cell a wrong answer names.
fn cell(output: &[u8], n: usize, k: usize) -> Cell {
    let mut tokens = Tokens::new(output);
    for _ in 0..k {
        tokens.next_token();
    }
    let at = tokens.position();
    Cell {
        row: k / n,
        col: k % n,
        at,
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

/// `check`: refuses boards above [`MAX_CHECK_N`], and `order` on a side
/// that is not a power of two, then judges `output` as [`check_output`].
///
/// # Errors
/// [`Error::Refused`] for the refusals.
pub(super) fn check(
    instance: &Instance,
    output: &[u8],
    format: Format,
    order: bool,
) -> Result<Verdict, Error> {
    if instance.n > MAX_CHECK_N {
        return Err(Refusal::BoardTooLarge {
            task: "check reads boards",
            most: MAX_CHECK_N,
            n: instance.n,
        }
        .into());
    }
    if order && !instance.n.is_power_of_two() {
        return Err(Refusal::OrderSide(instance.n).into());
    }
    Ok(check_output(instance, output, format, order))
}

/// Whether `output` tiles `instance`: n × n numbers in row-major order
/// (spacing and line ends do not matter), the hole written as `format`
/// writes it at the hole and nowhere else, every other number on exactly
/// three cells forming an L and numbered from 1 to
/// [`Format::max_label`] (BOJ: 19000); with `order`, also the placement
/// order of docs/tromino.md. The reason names the first offending cell in
/// row-major order.
///
/// ```
/// use boardsolve::{puzzles::tromino::{check_output, Format, Instance}, text::Verdict};
/// let i = Instance { n: 2, row: 0, col: 0 };
/// assert_eq!(check_output(&i, b"0 1\n1 1\n", Format::Plain, true), Verdict::Correct);
/// assert!(matches!(check_output(&i, b"0 1\n1 2\n", Format::Plain, false), Verdict::Wrong(_)));
/// ```
///
/// # Panics
/// If `order` is set and `n` is not a power of two.
pub fn check_output(instance: &Instance, output: &[u8], format: Format, order: bool) -> Verdict {
    assert!(!order || instance.n.is_power_of_two());
    match find_offence(instance, output, format, order) {
        Ok(()) => Verdict::Correct,
        Err(offence) => Verdict::Wrong(offence.to_string()),
    }
}

/// The first offence of `output` against `instance` in `format`, in
/// reading order; a misplaced hole mark first, since it explains
/// everything after it. At a cell, a number out of range comes before the
/// shape of its tile: the label rule is broken whatever the shape.
fn find_offence(
    instance: &Instance,
    output: &[u8],
    format: Format,
    order: bool,
) -> Result<(), Offence> {
    let mark = format.hole();
    let max = format.max_label(instance.n);
    let n = instance.n as usize;
    let hole = (instance.row as usize, instance.col as usize);
    let labels = read_labels(output, n, mark)?;
    if let Some(k) = (0..n * n).find(|&k| labels[k] == HOLE && k != hole.0 * n + hole.1) {
        let cell = cell(output, n, k);
        return Err(Offence::MarkOffTheHole { cell, mark, hole });
    }
    let counts = Counts::count(&labels, n);
    let expected = order.then(|| order::placement_order(n, hole.0, hole.1));
    for k in 0..n * n {
        let (r, c) = (k / n, k % n);
        let tile = labels[k];
        let here = || cell(output, n, k);
        if (r, c) == hole {
            if tile != HOLE {
                let cell = here();
                return Err(Offence::HoleCovered { cell, tile, mark });
            }
            continue;
        }
        // Every hole mark off the hole was reported above.
        if !(1..=max).contains(&tile) {
            let all: Vec<usize> = (k..n * n).filter(|&j| labels[j] == tile).collect();
            let cells = all.iter().take(LISTED).map(|&j| (j / n, j % n)).collect();
            return Err(Offence::LabelOutOfRange {
                tile,
                max,
                cells,
                count: all.len(),
                at: here().at,
            });
        }
        let cells = counts.cells(tile);
        if cells != 3 {
            let cell = here();
            return Err(Offence::NotThreeCells { tile, cell, cells });
        }
        if !in_an_l(&labels, n, r, c) {
            return Err(Offence::NotAnL { tile, cell: here() });
        }
        if let Some(want) = expected.as_ref().map(|e| u64::from(e[k]))
            && tile != want
        {
            return Err(Offence::OutOfOrder {
                tile,
                cell: here(),
                want,
            });
        }
    }
    Ok(())
}

/// The `n` × `n` numbers of `output` in row-major order, however they are
/// spaced and broken into lines (checkers compare tokens, and so does this
/// one), the hole `mark` read as [`HOLE`].
fn read_labels(output: &[u8], n: usize, mark: &'static str) -> Result<Vec<u64>, Offence> {
    let mut tokens = Tokens::new(output);
    let mut labels = Vec::with_capacity(n * n);
    for count in 0..n * n {
        let Some(token) = tokens.next_token() else {
            let at = tokens.end_position();
            return Err(Offence::Short { count, n, at });
        };
        let value = if token.bytes == mark.as_bytes() {
            HOLE
        } else {
            // A tile written u64::MAX would pass for the hole: refused.
            parse_u64(token.bytes)
                .ok()
                .filter(|&v| v != HOLE)
                .ok_or_else(|| Offence::NotATile {
                    at: token.position,
                    mark,
                    found: describe_bytes(token.bytes),
                })?
        };
        labels.push(value);
    }
    if let Some(extra) = tokens.next_token() {
        let (at, found) = (extra.position, extra.describe());
        return Err(Offence::Extra { at, found, n });
    }
    Ok(labels)
}

/// How many cells each tile label covers, up to 255: in a flat array when
/// the labels are small, as in every sensible answer, else in a map.
enum Counts {
    Flat(Vec<u8>),
    Map(FxHashMap<u64, u32>),
}

impl Counts {
    fn count(labels: &[u64], n: usize) -> Counts {
        let tiles = labels.iter().copied().filter(|&v| v != HOLE);
        if labels.iter().all(|&v| v == HOLE || v < (n * n) as u64) {
            let mut flat = vec![0u8; n * n];
            for v in tiles {
                flat[v as usize] = flat[v as usize].saturating_add(1);
            }
            Counts::Flat(flat)
        } else {
            let mut map: FxHashMap<u64, u32> = FxHashMap::default();
            for v in tiles {
                *map.entry(v).or_default() += 1;
            }
            Counts::Map(map)
        }
    }

    /// The cells of tile `v`, a label of the board.
    fn cells(&self, v: u64) -> u32 {
        match self {
            Counts::Flat(flat) => u32::from(flat[v as usize]),
            Counts::Map(map) => map[&v],
        }
    }
}

/// Whether some 2×2 square containing (`r`, `c`) holds three cells with its
/// label; with exactly three cells of that label on the board, those are
/// the three, and three cells of a 2×2 square form an L.
fn in_an_l(labels: &[u64], n: usize, r: usize, c: usize) -> bool {
    let v = labels[r * n + c];
    for top in r.saturating_sub(1)..=r {
        for left in c.saturating_sub(1)..=c {
            if top + 1 >= n || left + 1 >= n {
                continue;
            }
            let same = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .filter(|&&(dr, dc)| labels[(top + dr) * n + left + dc] == v)
                .count();
            if same == 3 {
                return true;
            }
        }
    }
    false
}
