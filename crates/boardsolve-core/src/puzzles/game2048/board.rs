//! The board and its moves.
//!
//! Blocks are stored as exponents in bytes (`0` empty, `e` the block `2^e`),
//! one board row after another, so a 20×20 board is 400 bytes and a move is
//! a pass over them in place.

use super::avx512;
use serde::Serialize;
use std::fmt;

pub use super::lanes::MAX_N;
/// Largest block exponent accepted in the input (blocks up to 2^63).
pub const MAX_INPUT_EXPONENT: u8 = 63;

/// A direction of a move, in the tie-break order of `--explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All four, in the order Up < Down < Left < Right.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Lower-case name, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// A judge instance: the board (the number of moves comes from the command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The starting board.
    pub board: Board,
}

/// An N×N board of blocks, each stored as its exponent (`0` = empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub(super) n: usize,
    pub(super) cells: Vec<u8>,
}

/// Why values make no board ([`Board::from_values`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValuesError {
    /// A side outside 1..=[`MAX_N`], or not `expected` = N² values.
    #[error("expected {expected} values for N = {n}")]
    Count {
        /// The side asked for.
        n: usize,
        /// N², the number of values a side-N board has.
        expected: usize,
    },
    /// A value that is neither 0 nor a power of two from 2.
    #[error("{0} is not a block value")]
    NotABlock(u64),
}

impl Board {
    /// A board from exponents, row after row (`0` empty, `e` the block `2^e`).
    ///
    /// # Panics
    /// If `cells.len() != n * n`, `n` is 0 or above [`MAX_N`], or an exponent exceeds
    /// [`MAX_INPUT_EXPONENT`].
    pub fn from_exponents(n: usize, cells: Vec<u8>) -> Board {
        assert!((1..=MAX_N).contains(&n) && cells.len() == n * n);
        assert!(cells.iter().all(|&e| e <= MAX_INPUT_EXPONENT));
        Board { n, cells }
    }

    /// A board from block values, row after row (`0` empty).
    ///
    /// ```
    /// use boardsolve_core::puzzles::game2048::Board;
    /// let b = Board::from_values(2, &[2, 0, 0, 4]).unwrap();
    /// assert_eq!(b.value(1, 1), 4);
    /// ```
    ///
    /// # Errors
    /// A value that is neither 0 nor a power of two from 2, or a wrong count.
    pub fn from_values(n: usize, values: &[u64]) -> Result<Board, ValuesError> {
        if !(1..=MAX_N).contains(&n) || values.len() != n * n {
            return Err(ValuesError::Count {
                expected: n.saturating_mul(n),
                n,
            });
        }
        let cells = values
            .iter()
            .map(|&v| exponent_of(v).ok_or(ValuesError::NotABlock(v)))
            .collect::<Result<Vec<u8>, ValuesError>>()?;
        Ok(Board { n, cells })
    }

    /// Side length N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Exponents, row after row.
    pub fn exponents(&self) -> &[u8] {
        &self.cells
    }

    /// The block value at `row`, `col` (0 when empty).
    pub fn value(&self, row: usize, col: usize) -> u128 {
        value_of(self.cells[row * self.n + col])
    }

    /// The largest block's exponent (0 on an empty board).
    pub fn max_exponent(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The largest block's value.
    pub fn max_value(&self) -> u128 {
        value_of(self.max_exponent())
    }

    /// The board after moving `dir`, or `None` if the move changes nothing.
    ///
    /// ```
    /// use boardsolve_core::puzzles::game2048::{Board, Direction};
    /// let b = Board::from_values(3, &[2, 2, 2, 0, 0, 0, 4, 2, 2]).unwrap();
    /// let left = b.slide(Direction::Left).unwrap();
    /// assert_eq!(left.to_string(), "4 2 0\n0 0 0\n4 4 0\n");
    /// ```
    pub fn slide(&self, dir: Direction) -> Option<Board> {
        let mut out = self.clone();
        out.slide_from(self, dir).then_some(out)
    }

    /// The board after moving `dir` with, for each cell (row after row),
    /// whether it holds a block made by a merge in this move; `None` if the
    /// move changes nothing. A plain walk over each line: it reports what
    /// the fast move does not, and is tested against it.
    ///
    /// ```
    /// use boardsolve_core::puzzles::game2048::{Board, Direction};
    /// let b = Board::from_values(3, &[2, 2, 2, 0, 0, 0, 0, 0, 0]).unwrap();
    /// let (left, merged) = b.slide_marked(Direction::Left).unwrap();
    /// assert_eq!(left.to_string(), "4 2 0\n0 0 0\n0 0 0\n");
    /// assert_eq!(&merged[..3], &[true, false, false]);
    /// ```
    pub fn slide_marked(&self, dir: Direction) -> Option<(Board, Vec<bool>)> {
        let (cells, carrier) = self.slide_traced(dir);
        let mut merged = vec![false; cells.len()];
        for (from, &to) in carrier.iter().enumerate() {
            // A block whose carrier holds another value took part in a
            // merge there (a block never changes value otherwise).
            if self.cells[from] != 0 && cells[to] != self.cells[from] {
                merged[to] = true;
            }
        }
        (cells != self.cells).then_some((Board { n: self.n, cells }, merged))
    }

    /// The cells after moving `dir`, and for each cell of `self` (row after
    /// row) the cell of the result that holds its block (unspecified for
    /// empty cells): one plain walk over each line, the move's carrier
    /// table, for [`Board::slide_marked`] and the tests of the merge bounds.
    pub(super) fn slide_traced(&self, dir: Direction) -> (Vec<u8>, Vec<usize>) {
        let n = self.n;
        let mut cells = vec![0u8; n * n];
        let mut carrier = vec![0usize; n * n];
        for line in 0..n {
            // The k-th cell of the line, counted from the wall.
            let cell = |k: usize| match dir {
                Direction::Up => k * n + line,
                Direction::Down => (n - 1 - k) * n + line,
                Direction::Left => line * n + k,
                Direction::Right => line * n + (n - 1 - k),
            };
            let mut write = 0;
            let mut last_free = false;
            for k in 0..n {
                let e = self.cells[cell(k)];
                if e == 0 {
                    continue;
                }
                if last_free && cells[cell(write - 1)] == e {
                    cells[cell(write - 1)] = e + 1;
                    carrier[cell(k)] = cell(write - 1);
                    last_free = false;
                } else {
                    cells[cell(write)] = e;
                    carrier[cell(k)] = cell(write);
                    write += 1;
                    last_free = true;
                }
            }
        }
        (cells, carrier)
    }

    /// Overwrites `self` with `src` moved in `dir`; `false` if nothing changed.
    pub(super) fn slide_from(&mut self, src: &Board, dir: Direction) -> bool {
        let n = src.n;
        if self.n != n {
            *self = src.clone();
        }
        let (from, to) = (&src.cells[..], &mut self.cells[..]);
        if n >= 2 && crate::simd::avx512() {
            // SAFETY: the CPU has the instructions, and both boards are n×n.
            return unsafe { avx512::slide(from, to, n, dir as usize) };
        }
        #[cfg(lanes128)]
        return super::slide::slide(from, to, n, dir as usize);
        #[cfg(not(lanes128))]
        slide_scalar(from, to, n, dir)
    }
}

/// The plain portable move: `to` = `from` moved in `dir`; `true` if it
/// changed. On x86_64 (and wasm32 with SIMD128) the SSE2 move (`slide::slide`)
/// runs instead,
/// tested against this one.
///
/// Four lines are walked side by side, one cell of each per step, each
/// with its own waiting block and output slot in registers. On one line
/// alone every cell waits for the one before it (whether it merges decides
/// where the next one goes); four independent lines keep the processor
/// busy. `to` is cleared first in one pass, so each cell costs one load and
/// one store.
#[cfg_attr(lanes128, allow(dead_code))]
pub(super) fn slide_scalar(from: &[u8], to: &mut [u8], n: usize, dir: Direction) -> bool {
    assert!(n > 0 && n <= MAX_N && from.len() == n * n && to.len() == n * n);
    to.fill(0);
    let across = n as isize;
    // Each line is given by its cell at the wall and the step away from
    // it; lines follow each other by `lane`.
    let (wall, step, lane) = match dir {
        Direction::Left => (0, 1, across),
        Direction::Right => (n - 1, -1, across),
        Direction::Up => (0, across, 1),
        Direction::Down => ((n - 1) * n, -across, 1),
    };
    let (step, lane) = (step as usize, lane as usize);
    let mut line = 0;
    while line + 4 <= n {
        let first = wall.wrapping_add(lane.wrapping_mul(line));
        // SAFETY: lines `line..line + 4` are lines of the n×n boards.
        unsafe { merge_lines::<4>(from, to, first, step, lane, n) };
        line += 4;
    }
    while line < n {
        let first = wall.wrapping_add(lane.wrapping_mul(line));
        // SAFETY: line `line` is a line of the n×n boards.
        unsafe { merge_lines::<1>(from, to, first, step, lane, n) };
        line += 1;
    }
    from != to
}

/// Slides `L` lines of `len` cells of `from`, the first starting at the
/// wall cell `first` and going on in steps of `step`, each next one
/// starting `lane` cells further, writing the result to the same cells of
/// `to`, which must be all empty on those lines.
///
/// Written without data-dependent branches: on random boards whether two
/// neighbours merge is a coin toss, and mispredicted branches were the cost
/// of a move. Each step stores a candidate at its line's output slot and
/// advances the slot only when that candidate is final; a slot never passes
/// the cell being read in its line, so every store stays on the line.
///
/// # Safety
/// Every cell `first + i * lane + k * step` (`i < L`, `k < len`, wrapping
/// arithmetic) must be inside both boards.
#[inline(always)]
#[cfg_attr(lanes128, allow(dead_code))]
unsafe fn merge_lines<const L: usize>(
    from: &[u8],
    to: &mut [u8],
    first: usize,
    step: usize,
    lane: usize,
    len: usize,
) {
    let (from, to) = (from.as_ptr(), to.as_mut_ptr());
    // Per line: the block waiting for a partner (0 when none), the slot it
    // goes to, and the cell read next.
    let mut pending = [0u32; L];
    let mut write = [0usize; L];
    let mut read = [0usize; L];
    for i in 0..L {
        write[i] = first.wrapping_add(lane.wrapping_mul(i));
        read[i] = write[i];
    }
    for _ in 0..len {
        for i in 0..L {
            // SAFETY: `read[i]` walks line i inside the boards (the
            // caller's promise), and `write[i]` never passes it.
            unsafe {
                let v = u32::from(*from.add(read[i]));
                read[i] = read[i].wrapping_add(step);
                let p = pending[i];
                // All-ones masks rather than booleans, so that the compiler
                // keeps the arithmetic and emits no branch.
                let block = u32::from(v != 0).wrapping_neg();
                // The pair nearest the wall merges first, and the result is final.
                let merge = block & u32::from(p == v).wrapping_neg();
                *to.add(write[i]) = (p + (merge & 1)) as u8;
                // Sign-extended, so that the mask covers the whole `usize`.
                let advance = (block & u32::from(p != 0).wrapping_neg()) as i32 as isize as usize;
                write[i] = write[i].wrapping_add(step & advance);
                pending[i] = (p & !block) | (v & block & !merge);
            }
        }
    }
    for i in 0..L {
        // SAFETY: as above; each slot is still on its line.
        unsafe { *to.add(write[i]) = pending[i] as u8 };
    }
}

/// The exponent of the block value `v` (0 for an empty cell), or `None`
/// when `v` is not 0 or a power of two from 2.
pub(super) fn exponent_of(v: u64) -> Option<u8> {
    match v {
        0 => Some(0),
        1 => None,
        _ if v.is_power_of_two() => Some(v.trailing_zeros() as u8),
        _ => None,
    }
}

/// The block value of the exponent `e` (0 for an empty cell); a `u128`
/// because merges take blocks past 2^63.
pub(super) fn value_of(e: u8) -> u128 {
    block_value(u32::from(e))
}

/// The block value of the exponent `e`, 0 for an empty cell: the scores
/// the 2048 searches publish to [`crate::search::progress`] are exponents.
/// Exponents beyond any block (above 127) give `u128::MAX`.
pub fn block_value(e: u32) -> u128 {
    match e {
        0 => 0,
        1..=127 => 1u128 << e,
        _ => u128::MAX,
    }
}

impl fmt::Display for Board {
    /// One row a line, values separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.n) {
            for (i, &e) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", value_of(e))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
