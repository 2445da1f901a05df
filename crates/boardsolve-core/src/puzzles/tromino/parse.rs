//! Judge text in both formats to a validated [`Instance`], and back.

use super::general;
use super::variant::{Format, Tromino};
use crate::puzzles::rules::Text;
use crate::text::{InputError, Position, Tokens};
use std::fmt;

/// Largest side accepted when it is a power of two (labels stay below 2^32).
pub const MAX_POW2_N: u32 = 1 << 16;
/// Largest side accepted when it is not a power of two (tiled in memory,
/// 4 bytes a cell).
pub const MAX_GENERAL_N: u32 = 4096;
/// Largest K of the BOJ 14600 / 14601 format (side 2^K).
pub const MAX_BOJ_K: u32 = 16;

/// A board of side `n` with its hole at (`row`, `col`), 0-based, known to be
/// tileable and within the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The board side.
    pub n: u32,
    /// The hole's row, from 0 at the top.
    pub row: u32,
    /// The hole's column, from 0 at the left.
    pub col: u32,
}

/// Reads and validates one instance in `format`.
///
/// # Errors
/// A missing, extra or malformed number; a side or hole out of range
/// (see [`plain`] and [`boj`]); an untileable board.
pub(super) fn parse(input: &[u8], format: Format) -> Result<Instance, InputError> {
    match format {
        Format::Plain => plain(input),
        Format::Boj => boj(input),
    }
}

/// The instance as judge text in `format`.
pub(super) fn to_text(instance: &Instance, format: Format) -> String {
    match format {
        Format::Plain => instance.to_string(),
        Format::Boj => instance.to_boj(),
    }
}

/// The format of docs/tromino.md: one line `n row col`; `n` up to 65536
/// (or 4096 when not a power of two), the hole on the board, the board
/// tileable (3 does not divide `n`, and not one of the 5×5 holes that
/// cannot be tiled).
fn plain(input: &[u8]) -> Result<Instance, InputError> {
    let mut t = Tokens::new(input);
    let (n, n_at) = number(&mut t, "the board side n", 1, u64::from(MAX_POW2_N))?;
    let (row, row_at) = number(&mut t, "the hole's row", 0, n - 1)?;
    let (col, _) = number(&mut t, "the hole's column", 0, n - 1)?;
    t.expect_end("the hole's column")?;
    validate(n as u32, row as u32, col as u32, n_at, row_at)
}

/// The BOJ 14600 / 14601 format: `K` from 1 to 16 (side 2^K), then `x y`,
/// 1-based, `x` the column from the left, `y` the row from the bottom.
fn boj(input: &[u8]) -> Result<Instance, InputError> {
    let mut t = Tokens::new(input);
    let what = "K (the board side is 2^K)";
    let (k, k_at) = number(&mut t, what, 1, u64::from(MAX_BOJ_K))?;
    let n = 1u64 << k;
    let (x, _) = number(&mut t, "x (the hole's column, from 1 at the left)", 1, n)?;
    let what = "y (the hole's row, from 1 at the bottom)";
    let (y, y_at) = number(&mut t, what, 1, n)?;
    t.expect_end("y")?;
    validate(n as u32, (n - y) as u32, (x - 1) as u32, k_at, y_at)
}

/// The board, once its side and hole are in range, unless it is too large
/// for a side that is not a power of two or cannot be tiled.
fn validate(
    n: u32,
    row: u32,
    col: u32,
    n_at: Position,
    hole_at: Position,
) -> Result<Instance, InputError> {
    if !n.is_power_of_two() && n > MAX_GENERAL_N {
        return Err(InputError::new(
            n_at,
            format!(
                "n = {n} is above the limit of {MAX_GENERAL_N} for sides that are not powers of two"
            ),
        ));
    }
    match general::tileability(n as usize, row as usize, col as usize) {
        Ok(()) => Ok(Instance { n, row, col }),
        Err(general::Untileable::DivisibleByThree) => Err(InputError::new(
            n_at,
            format!(
                "a {n}×{n} board with one hole cannot be tiled: 3 divides {n}, so n² − 1 is not a multiple of 3"
            ),
        )),
        Err(general::Untileable::FiveByFiveHole) => Err(InputError::new(
            hole_at,
            format!(
                "a 5×5 board with its hole at row {row}, column {col} cannot be tiled: the hole must be at an even row and an even column"
            ),
        )),
    }
}

/// Reads a number in `lo..=hi`, returning it with its position.
fn number(t: &mut Tokens<'_>, what: &str, lo: u64, hi: u64) -> Result<(u64, Position), InputError> {
    let (v, token) = t.expect_u64_token(what)?;
    if v < lo || v > hi {
        return Err(InputError::new(
            token.position,
            format!("expected {what} from {lo} to {hi}, found {v}"),
        ));
    }
    Ok((v, token.position))
}

impl Instance {
    /// The instance in the BOJ 14600 / 14601 format (`K`, then `x y`).
    ///
    /// # Panics
    /// If `n` is not a power of two from 2.
    pub fn to_boj(&self) -> String {
        assert!(self.n.is_power_of_two() && self.n >= 2);
        format!(
            "{}\n{} {}\n",
            self.n.trailing_zeros(),
            self.col + 1,
            self.n - self.row
        )
    }
}

impl fmt::Display for Instance {
    /// The format of docs/tromino.md: `n row col` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {} {}", self.n, self.row, self.col)
    }
}

impl Text for Tromino {
    type Instance = Instance;

    fn parse(&self, input: &[u8]) -> Result<Instance, InputError> {
        parse(input, self.format)
    }

    fn to_text(&self, instance: &Instance) -> String {
        to_text(instance, self.format)
    }
}
