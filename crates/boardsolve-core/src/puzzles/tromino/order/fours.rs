//! The text of a row pair without SIMD, from the 4×4 squares of the
//! recursion: eight cells (four on each line) from four texts, so that the
//! 2×2 leaves are never stored. Which text goes where is picked with
//! conditional moves: a branch on the hole quadrant or on a carry would go
//! either way at random from square to square, and mispredicting it cost
//! more than the work it saved. The one branch on the labels, a power of
//! ten inside a square, is rare.
//!
//! A 4×4 square whose first number is `P` places its centre tromino as
//! `P` and its quadrants as `P + 1` … `P + 4`. Its hole `H` (a label placed
//! further up) sits on one of its four corners — every cell a larger
//! square's centre tromino covers is the corner of a 4×4 square — so each
//! leaf's own hole is the square's corner (label `H`) in the hole quadrant
//! and the cell facing the centre (label `P`) elsewhere. The top half of
//! the square (leaves `X = P + 1`, `Y = P + 2`; the bottom half likewise
//! with `P + 3`, `P + 4`) therefore reads, on its outer line (the
//! square's top or bottom edge) and its inner line (beside its centre):
//!
//! ```text
//! outer:  X or H   X   Y   Y or H     H where the hole quadrant is that leaf's
//! inner:  X   X or P   Y or P   Y     P unless the hole quadrant is that leaf's
//! ```
//!
//! The square holding the board's hole (anywhere in it) is left to the
//! cell-by-cell writer, which the caller uses for its row pairs.

use super::decimal::{Dec, Label, Squares};

/// A label type's writer of four cells at a time, where it has one: the
/// decimal lanes have [`push_pair`]; other labels go cell by cell.
pub(super) trait Fours: Label {
    /// Whether [`Fours::push_fours`] may be called.
    const FOURS: bool = false;

    /// Writes the two lines of a row pair from its 4×4 squares at the
    /// starts of `top` and `bottom`, returning their lengths: see
    /// [`push_pair`].
    fn push_fours(
        _top: &mut [u8],
        _bottom: &mut [u8],
        _half: usize,
        _squares: Squares<'_, Self>,
    ) -> (usize, usize) {
        unreachable!("only labels with FOURS have the four-cell writer")
    }
}

impl Fours for u32 {}

impl Fours for Dec {
    const FOURS: bool = true;

    fn push_fours(
        top: &mut [u8],
        bottom: &mut [u8],
        half: usize,
        squares: Squares<'_, Dec>,
    ) -> (usize, usize) {
        push_pair(top, bottom, half, squares)
    }
}

/// Eight spaces: what follows a cell's digits.
const SPACES: u64 = 0x2020_2020_2020_2020;

/// Writes rows `r`, `r + 1` of a row pair from the 4×4 squares meeting
/// it (one per four columns); `half` is 0 when the pair is the squares'
/// top half. The top line goes to `top`, the bottom one to `bottom` (both
/// are made in one pass over the squares, and the top line's length is
/// only known at its end). Returns their lengths, each line ending with
/// `\n`.
///
/// No square may hold the board's hole: every hole label is a tromino's
/// (nonzero), and sits on the square's corner.
///
/// # Panics
/// If `top` or `bottom` cannot hold a line (at most 9 bytes a cell) plus
/// 16 bytes, or the slices' lengths differ.
pub(super) fn push_pair(
    top: &mut [u8],
    bottom: &mut [u8],
    half: usize,
    squares: Squares<'_, Dec>,
) -> (usize, usize) {
    let Squares {
        row_base,
        col_base,
        hole_quadrant,
        hole_label,
    } = squares;
    let squares = col_base.len();
    assert!(squares > 0 && hole_quadrant.len() == squares && hole_label.len() == squares);
    let line = 4 * 9 * squares;
    assert!(top.len() >= line + 16 && bottom.len() >= line + 16);
    // The first number of the square and of the half's two leaves.
    let bases = [
        row_base,
        row_base.plus(Dec(1 + 2 * half as u64)),
        row_base.plus(Dec(2 + 2 * half as u64)),
    ];
    let leaves = [2 * half as u8, 2 * half as u8 + 1];
    // The cursors are chosen once, not per square, so that both stay in
    // registers: choosing between their addresses in the loop would keep
    // them in memory, every cell's store waiting on a reload of the
    // cursor the previous store moved.
    let (mut outer, mut inner) = if half == 0 {
        (top.as_mut_ptr(), bottom.as_mut_ptr())
    } else {
        (bottom.as_mut_ptr(), top.as_mut_ptr())
    };
    for ((&col, &q), &hole) in col_base.iter().zip(hole_quadrant).zip(hole_label) {
        // SAFETY: each square writes 4 cells of at most 9 bytes on each
        // line, each with a 16-byte store, so a line stays within
        // `line + 16` bytes of its start, which `top` and `bottom` hold.
        unsafe { square(&mut outer, &mut inner, bases, col, q, hole, leaves) };
    }
    let (top_at, bottom_at) = if half == 0 {
        (outer, inner)
    } else {
        (inner, outer)
    };
    // SAFETY: both cursors moved forward from their buffers' starts, by at
    // least one cell each.
    let (top_len, bottom_len) = unsafe {
        (
            top_at.offset_from(top.as_ptr()) as usize,
            bottom_at.offset_from(bottom.as_ptr()) as usize,
        )
    };
    top[top_len - 1] = b'\n';
    bottom[bottom_len - 1] = b'\n';
    (top_len, bottom_len)
}

/// The digits of a label then spaces, in a `u64` read from its lowest
/// byte; `zeros` from [`zeros`].
#[inline(always)]
fn text(value: Dec, zeros: u32) -> u64 {
    let ascii = (value.0.swap_bytes() + 0x3030_3030_3030_3030) >> zeros;
    // `(x << 1) << (63 - zeros)` is `x << (64 - zeros)`, as in `Dec::cell`.
    ascii | (SPACES << 1) << (63 - zeros)
}

/// Bits of the lanes above a nonzero label's leading digit:
/// `8 · (8 − digits)`.
#[inline(always)]
fn zeros(value: Dec) -> u32 {
    value.0.leading_zeros() & !7
}

/// Writes one square's four cells of the outer line at `*outer` and of the
/// inner line at `*inner`, moving both on: `P`, `X` and `Y` are `bases`
/// (the row's parts of them) plus `col` (the square's column part), its
/// hole quadrant `q` and hole label `hole`, the half's leaves `leaves`.
///
/// # Safety
/// Both must be valid for 36 + 16 bytes.
#[inline(always)]
unsafe fn square(
    outer: &mut *mut u8,
    inner: &mut *mut u8,
    bases: [Dec; 3],
    col: Dec,
    q: u8,
    hole: Dec,
    leaves: [u8; 2],
) {
    let (p, x, y) = (bases[0].plus(col), bases[1].plus(col), bases[2].plus(col));
    let z = zeros(y);
    if zeros(p) != z {
        // SAFETY: as promised by the caller.
        (*outer, *inner) =
            unsafe { square_across_a_power_of_ten(*outer, *inner, [p, x, y], q, hole, leaves) };
        return;
    }
    // P, X and Y have as many digits: one length and one shift serve the
    // three, the hole label alone may differ.
    let w = width(z);
    let spaces = (SPACES << 1) << (63 - z);
    let ascii = |v: Dec| ((v.0.swap_bytes() + 0x3030_3030_3030_3030) >> z) | spaces;
    let zh = zeros(hole);
    let texts = [(ascii(p), w), (ascii(x), w), (ascii(y), w)];
    let hole_text = (text(hole, zh), width(zh));
    // Only eight-digit labels need a second word for their space; whole
    // runs of squares have them or not, so this branch is foreseen.
    // SAFETY: as promised by the caller.
    unsafe {
        if z == 0 || zh == 0 {
            cells::<true>(outer, inner, texts, hole_text, q, leaves);
        } else {
            cells::<false>(outer, inner, texts, hole_text, q, leaves);
        }
    }
}

/// [`square`] when `P` has fewer digits than `Y`: each text its own
/// length. The cursors go in and come back by value, so that the caller's
/// stay in registers.
///
/// # Safety
/// As [`square`].
#[cold]
#[inline(never)]
unsafe fn square_across_a_power_of_ten(
    mut outer: *mut u8,
    mut inner: *mut u8,
    labels: [Dec; 3],
    q: u8,
    hole: Dec,
    leaves: [u8; 2],
) -> (*mut u8, *mut u8) {
    let texts = labels.map(|v| (text(v, zeros(v)), width(zeros(v))));
    let hole_text = (text(hole, zeros(hole)), width(zeros(hole)));
    // SAFETY: as promised by the caller.
    unsafe { cells::<true>(&mut outer, &mut inner, texts, hole_text, q, leaves) };
    (outer, inner)
}

/// Bytes of a label's text with its space, from [`zeros`].
#[inline(always)]
fn width(zeros: u32) -> usize {
    9 - (zeros / 8) as usize
}

/// Writes the cells of one square from the texts and widths of `P`, `X`,
/// `Y` (`texts`) and of the hole label: the pattern of the module's docs.
/// `WIDE` when some label may have eight digits (see [`store`]).
///
/// # Safety
/// As [`square`].
#[inline(always)]
unsafe fn cells<const WIDE: bool>(
    outer: &mut *mut u8,
    inner: &mut *mut u8,
    [p, x, y]: [(u64, usize); 3],
    h: (u64, usize),
    q: u8,
    leaves: [u8; 2],
) {
    let (first, second) = (q == leaves[0], q == leaves[1]);
    let pick = |c: bool, a: (u64, usize), b: (u64, usize)| if c { a } else { b };
    // SAFETY: as promised by the caller: 4 cells of at most 9 bytes.
    unsafe {
        for (t, w) in [pick(first, h, x), x, y, pick(second, h, y)] {
            store::<WIDE>(outer, t, w);
        }
        for (t, w) in [x, pick(first, x, p), pick(second, y, p), y] {
            store::<WIDE>(inner, t, w);
        }
    }
}

/// Stores a cell's text, and with `WIDE` one more word of spaces (for the
/// space after an eight-digit label, which must then be allowed), and
/// moves past the cell. A shorter label's space is in its own word.
///
/// # Safety
/// `*at` must be valid for 16 bytes.
#[inline(always)]
unsafe fn store<const WIDE: bool>(at: &mut *mut u8, text: u64, width: usize) {
    // SAFETY: as the caller promises.
    unsafe {
        at.cast::<u64>().write_unaligned(text);
        if WIDE {
            at.add(8).cast::<u64>().write_unaligned(SPACES);
        }
        *at = at.add(width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_of_every_length() {
        for v in [1u32, 9, 10, 99, 100, 9_999_999, 10_000_000, 99_999_999] {
            let d = Dec::of(v);
            let (t, w) = (text(d, zeros(d)), width(zeros(d)));
            assert_eq!(
                &t.to_le_bytes()[..w.min(8)],
                &format!("{v} ").as_bytes()[..w.min(8)]
            );
            assert_eq!(w, v.to_string().len() + 1);
        }
    }
}
