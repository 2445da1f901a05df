//! The board and its players: footholds as a bitboard (`u64`, cell
//! `(r, c)` at bit `8r + c`), so boards up to 8×8 fit and a move is two bit
//! operations, and the instance (board size, footholds, both starts).

use serde::Serialize;
use std::fmt;

/// Largest number of rows, and of columns, accepted (a board fits a `u64`).
pub const MAX_SIDE: usize = 8;

/// A cell as `(row, column)`, both 0-based.
pub type Coord = (usize, usize);

/// One of the two players; A moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    /// The first player (`aloc`).
    A,
    /// The second player (`bloc`).
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

// The bit helpers are called from the search in another file: `#[inline]`
// keeps them as inlinable as when they lived beside it.
#[inline]
pub(super) fn bit(cell: Coord) -> u64 {
    1u64 << (cell.0 * 8 + cell.1)
}

#[inline]
pub(super) fn cell_of(index: u8) -> Coord {
    (usize::from(index) / 8, usize::from(index) % 8)
}

/// Bit masks for spreading a set of cells to its neighbours without wrapping
/// from one row's last column to the next row's first.
pub(super) const NOT_COL0: u64 = !0x0101_0101_0101_0101;
pub(super) const NOT_COL7: u64 = !0x8080_8080_8080_8080;
/// Cells `(r, c)` with `r + c` even.
pub(super) const EVEN: u64 = 0x55AA_55AA_55AA_55AA;

/// The cells orthogonally next to any cell of `set` (not `set` itself).
#[inline]
pub(super) fn spread(set: u64) -> u64 {
    (set << 8) | (set >> 8) | ((set << 1) & NOT_COL0) | ((set >> 1) & NOT_COL7)
}

/// The cells of `region` connected to `start` (a bit of `region`).
#[inline]
pub(super) fn component(region: u64, start: u64) -> u64 {
    let mut comp = start;
    loop {
        let next = (comp | spread(comp)) & region;
        if next == comp {
            return comp;
        }
        comp = next;
    }
}

/// A game: board size, footholds, and where A and B start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Number of rows, 1..=8.
    pub rows: usize,
    /// Number of columns, 1..=8.
    pub cols: usize,
    /// Footholds: bit `8 * row + col` is set when the cell has one.
    pub footholds: u64,
    /// A's starting cell (A moves first).
    pub a: Coord,
    /// B's starting cell.
    pub b: Coord,
}

/// Why a grid and two starts make no instance ([`Instance::new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// No rows, no columns, or more than [`MAX_SIDE`] of either.
    #[error("the board must have 1 to {MAX_SIDE} rows and columns")]
    Size,
    /// Rows of different lengths.
    #[error("the rows have different lengths")]
    Ragged,
    /// A player's start is off the board.
    #[error("{0:?}'s start {1:?} is outside the board")]
    StartOutside(Player, Coord),
    /// A player's start is a cell without a foothold.
    #[error("{0:?}'s start {1:?} has no foothold")]
    StartOnHole(Player, Coord),
}

impl Instance {
    /// An instance from a grid of footholds (`true` = foothold) and the starts.
    ///
    /// ```
    /// use boardsolve_core::puzzles::footholds::{answer, Instance};
    /// let g = vec![vec![true; 3]; 3];
    /// let game = Instance::new(&g, (1, 0), (1, 2)).unwrap();
    /// assert_eq!(answer(&game), 5);
    /// ```
    ///
    /// # Errors
    /// An empty or ragged grid, more than 8 rows or columns, or a start
    /// outside the board or without a foothold.
    pub fn new(grid: &[Vec<bool>], a: Coord, b: Coord) -> Result<Instance, GridError> {
        let rows = grid.len();
        let cols = grid.first().map_or(0, Vec::len);
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(GridError::Size);
        }
        if grid.iter().any(|r| r.len() != cols) {
            return Err(GridError::Ragged);
        }
        let mut footholds = 0;
        for (r, row) in grid.iter().enumerate() {
            for (c, &f) in row.iter().enumerate() {
                if f {
                    footholds |= bit((r, c));
                }
            }
        }
        let instance = Instance {
            rows,
            cols,
            footholds,
            a,
            b,
        };
        for (player, cell) in [(Player::A, a), (Player::B, b)] {
            if cell.0 >= rows || cell.1 >= cols {
                return Err(GridError::StartOutside(player, cell));
            }
            if !instance.has_foothold(cell) {
                return Err(GridError::StartOnHole(player, cell));
            }
        }
        Ok(instance)
    }

    /// Whether `cell` (inside the board) has a foothold.
    pub fn has_foothold(&self, cell: Coord) -> bool {
        cell.0 < self.rows && cell.1 < self.cols && self.footholds & bit(cell) != 0
    }

    /// The footholds as a grid, row after row.
    pub fn grid(&self) -> Vec<Vec<bool>> {
        (0..self.rows)
            .map(|r| (0..self.cols).map(|c| self.has_foothold((r, c))).collect())
            .collect()
    }
}
