//! The judge's answer: the placement order on power-of-two boards,
//! streamed, and the construction of [`general`] on the others.

use super::parse::Instance;
use super::variant::Format;
use super::{general, order};
use std::io::{self, Write};

/// Writes the tiling of `instance` as judge text, the hole as `format`
/// writes it. Power-of-two boards are streamed straight to `out` (an
/// 8192×8192 board in a few MiB); other sides are tiled in memory first.
///
/// ```
/// use boardsolve_core::puzzles::tromino::{answer, Format, Instance};
/// let mut out = Vec::new();
/// answer(&Instance { n: 2, row: 0, col: 0 }, Format::Plain, &mut out).unwrap();
/// assert_eq!(out, b"0 1\n1 1\n");
/// ```
///
/// # Errors
/// Whatever `out` returns.
///
/// # Panics
/// If the board is off the limits or not tileable (the instance is not one
/// that parsing gave).
pub fn answer(instance: &Instance, format: Format, out: &mut dyn Write) -> io::Result<()> {
    let (n, row, col) = (
        instance.n as usize,
        instance.row as usize,
        instance.col as usize,
    );
    let hole = format.hole().as_bytes();
    if n.is_power_of_two() {
        order::write_placement_order(n, row, col, hole, out)
    } else {
        order::write_labels(&general::tile(n, row, col), n, hole, out)
    }
}

/// The tiling as labels, row after row (hole 0): the placement order on a
/// power-of-two board, the construction of [`general`] otherwise.
///
/// # Panics
/// As [`answer`].
pub fn tiling(instance: &Instance) -> Vec<u32> {
    let (n, row, col) = (
        instance.n as usize,
        instance.row as usize,
        instance.col as usize,
    );
    if n.is_power_of_two() {
        order::placement_order(n, row, col)
    } else {
        general::tile(n, row, col)
    }
}
